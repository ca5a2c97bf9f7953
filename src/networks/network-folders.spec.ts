import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createScanner, LanguageVariant, ScriptTarget, SyntaxKind } from 'typescript';
import { EMULATED_NETWORKS } from '../emulator/emulated-networks';
import { INSTALLED_NETWORKS } from './installed-networks';

/**
 * A network is its two folders (src/networks/<id>/, src/emulator/<id>/) and two lines (in
 * installed-networks.ts and emulated-networks.ts): no other source file names a network or decides
 * for one (docs/adding-a-network.md). This test reads every source file outside those folders and
 * fails on what names a network in code: its id or an alias as a string (`'x'`, `'twitter'`), an
 * identifier made of its name (`FacebookOptionsBody`, `X_MEDIA_LIMITS`, `instagramEmulator`) or
 * an import of a file in a network's folder. Comments, and the values of `example:` in the API's
 * decorators, are words for people and are not read. Tests (*.spec.ts) are not read either: they
 * test each network by name.
 */

const SRC = resolve(__dirname, '..');

/**
 * Shared code that names networks on purpose, each with why. Docs/adding-a-network.md lists the
 * same ("What else a network touches, and why"); a new entry needs a reason there too.
 */
const SHARED_EXCEPTIONS: Readonly<Record<string, string>> = {
  // The two lines.
  'networks/installed-networks.ts': 'the list of installed networks (line one)',
  'emulator/emulated-networks.ts': 'the list of emulated networks (line two)',
  // Meta's Graph API, spoken by two networks (Facebook Pages and Instagram): one client library.
  'networks/graph/': 'the Graph API client shared by the Meta networks (errors, comment dialects, insights)',
  'emulator/graph/': 'the emulated Graph hosts shared by the Meta networks (graph.facebook.com, graph.instagram.com)',
  'emulator/contracts/graph-contract-checks.ts': "checks the emulator's Graph answers against Meta's published specs",
  'emulator/contracts/graph-node-type.ts': 'the Graph node type of an emulated object, for the Meta specs checks',
  // The networks' published contracts (their OpenAPI and reference specs, kept as test data) and their readers.
  'contracts/': "each network's published contract and the code that reads it, per network by nature",
  // Test support: connects a test user through each network's consent page (used by the emulator's unit tests).
  'emulator/emulator.testing.ts': "test support: each network's consent flow, for the emulator's unit tests",
};

interface Network {
  ids: string[];
  /** Its name as identifiers spell it: `Facebook`, `X`. */
  names: string[];
}

const NETWORKS: Network[] = [
  ...INSTALLED_NETWORKS.map((network) => ({
    ids: [network.id, ...network.aliases],
    names: [network.displayName],
  })),
  ...EMULATED_NETWORKS.map((network) => ({ ids: [network.id, ...network.aliases], names: [network.title] })),
];
const NETWORK_IDS = new Set(NETWORKS.flatMap((network) => network.ids));
const NETWORK_FOLDERS = [...NETWORK_IDS].flatMap((id) => [`networks${sep}${id}${sep}`, `emulator${sep}${id}${sep}`]);

/**
 * An identifier made of a network's name: `FacebookOptionsBody`, `FACEBOOK_VIDEO_BYTES`,
 * `instagramEmulator`, `XPollBody`, `X_MEDIA_LIMITS`. A one-letter name (X) counts only as
 * `X` + a capitalised word or `X_`, never `x` + a capital (`xOffset`) or a lone `X`, and never
 * `XML`: a capital after it must start a word.
 */
function identifierPattern(names: readonly string[]): RegExp {
  const forms = names
    .map((name) => name.replace(/\W/g, ''))
    .flatMap((name) => [
      `${name}(?:[A-Z][a-z0-9]${name.length > 1 ? '|$' : ''})`,
      `${name.toUpperCase()}(?:_${name.length > 1 ? '|$' : ''})`,
      ...(name.length > 1 ? [`${name.toLowerCase()}(?:[A-Z]|$)`] : []),
    ]);
  return new RegExp(`^(?:${forms.join('|')})`);
}
const IDENTIFIER = identifierPattern([...new Set(NETWORKS.flatMap((network) => network.names))]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

const inNetworkFolder = (path: string) => NETWORK_FOLDERS.some((folder) => relative(SRC, path).startsWith(folder));
const excepted = (path: string) =>
  Object.keys(SHARED_EXCEPTIONS).some((shared) => relative(SRC, path).split(sep).join('/').startsWith(shared));

/** What in `text` (a file at `path`) names a network: `line: what`. */
export function namesOfNetworks(path: string, text: string): string[] {
  const found: string[] = [];
  const scanner = createScanner(ScriptTarget.Latest, true, LanguageVariant.Standard, text);
  /** Brackets open; the depth at which each template substitution (`${`) opened; the depth of an `example:` being skipped. */
  let depth = 0;
  const substitutions: number[] = [];
  let skipping: number | undefined;
  let previous = '';
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === SyntaxKind.CloseBraceToken && substitutions.at(-1) === depth) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === SyntaxKind.TemplateTail) depth = substitutions.pop()! - 1;
    } else if (OPENING.has(kind)) depth++;
    else if (CLOSING.has(kind)) depth--;
    if (kind === SyntaxKind.TemplateHead) substitutions.push(++depth);
    // `example: …` (an API decorator's): words for people, up to the end of the property.
    if (skipping !== undefined && (depth < skipping || (depth === skipping && kind === SyntaxKind.CommaToken)))
      skipping = undefined;
    if (skipping === undefined && kind === SyntaxKind.ColonToken && /^examples?$/.test(previous)) skipping = depth;
    const line = text.slice(0, scanner.getTokenStart()).split('\n').length;
    if (skipping === undefined) {
      const value = scanner.getTokenValue();
      if (STRINGS.has(kind) && NETWORK_IDS.has(value)) found.push(`${line}: '${value}'`);
      if (STRINGS.has(kind) && value.startsWith('.') && inNetworkFolder(resolve(dirname(path), value) + sep))
        found.push(`${line}: imports ${value}`);
      if (kind === SyntaxKind.Identifier && IDENTIFIER.test(scanner.getTokenText()))
        found.push(`${line}: ${scanner.getTokenText()}`);
    }
    previous = scanner.getTokenText();
  }
  return found;
}

const OPENING = new Set([SyntaxKind.OpenBraceToken, SyntaxKind.OpenBracketToken, SyntaxKind.OpenParenToken]);
const CLOSING = new Set([SyntaxKind.CloseBraceToken, SyntaxKind.CloseBracketToken, SyntaxKind.CloseParenToken]);
const STRINGS = new Set([
  SyntaxKind.StringLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TemplateHead,
  SyntaxKind.TemplateMiddle,
  SyntaxKind.TemplateTail,
]);

describe('a network is its two folders and two lines', () => {
  it('no source file outside them names a network, but the written exceptions', () => {
    const named = sourceFiles(SRC)
      .filter((path) => !inNetworkFolder(path) && !excepted(path))
      .flatMap((path) =>
        namesOfNetworks(path, readFileSync(path, 'utf8')).map((what) => `${relative(SRC, path)}:${what}`),
      );
    expect(named).toEqual([]);
  });

  it('finds a quoted id, an identifier of a network, an import of its folder; not a comment, an example or a word', () => {
    const at = join(SRC, 'posts', 'example.ts');
    const source = [
      "import { X_POST_OPTIONS } from '../networks/x/x-post-options';",
      "if (network === 'instagram') limits = FACEBOOK_LIMITS;",
      'const body = `${facebookThing}`;',
      "// 'x' and Facebook in a comment",
      "@ApiProperty({ example: 'x', description: 'A post on X' })",
      "@ApiProperty({ example: ['twitter'], enum: ['twitter'] })",
      "const box = { x: 1, y: 2 }; const xOffset = 3; const XML = 'x-ray'; const text = 'X marks';",
    ].join('\n');
    expect(namesOfNetworks(at, source)).toEqual([
      '1: X_POST_OPTIONS',
      '1: imports ../networks/x/x-post-options',
      "2: 'instagram'",
      '2: FACEBOOK_LIMITS',
      '3: facebookThing',
      "6: 'twitter'",
    ]);
  });
});
