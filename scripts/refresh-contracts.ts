// Re-extracts the parts of the networks' published specs that contracts/manifest.json lists, writes them
// under contracts/, and says what changed. Runs offline against local files or checkouts:
//
//   npm run contracts:refresh -- --x <openapi.json | checkout of xdevplatform/xdk | URL>
//                                --meta <checkout of facebook/facebook-business-sdk-codegen | URL base>
//                                [--meta-sdk <checkout of facebook/facebook-python-business-sdk>]
//                                [--x-commit <sha> --x-commit-date <iso>] [--meta-commit <sha> --meta-commit-date <iso>]
//                                [--threads <threads-api.postman_collection.json | checkout of fbsamples/threads_api | URL>]
//                                [--graph-version v25.0] [--retrieved YYYY-MM-DD] [--only x|meta|threads]
//
// A checkout (or a bare git directory) gives the commit and date of the file itself; a plain file or a
// URL needs --*-commit/--*-commit-date (else the previous values are kept, and the script says so).
// Threads runs with --threads (or --only threads: from GitHub when --threads is not given).
// The permission table, the removed metrics, the Instagram publishing rules and the hand-written supplements
// are not touched.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as prettier from 'prettier';
import { extractXSubset } from '../src/contracts/extract/x-subset';
import { extractMetaSubset } from '../src/contracts/extract/meta-subset';
import { extractThreadsSubset, ThreadsContractFile } from '../src/contracts/extract/threads-subset';
import { MetaSource, previousMetaSource } from '../src/contracts/extract/meta-source';
import { summarizeMetaChange, summarizeXChange } from '../src/contracts/extract/summarize';
import { GraphEnumType, GraphNodeSpec } from '../src/contracts/graph/graph-spec';
import { JsonObject } from '../src/contracts/json';
import { ContractsManifest } from '../src/contracts/manifest';

const ROOT = resolve(__dirname, '..');
const CONTRACTS = join(ROOT, 'contracts');
const HAND_WRITTEN = [
  'meta/instagram-publishing-rules.json',
  'meta/permissions.json',
  'meta/removed-metrics.json',
  'meta/supplements.json',
  'threads/publishing-rules.json',
  'x/oauth2.json',
  'x/overlay.json',
];

interface Origin {
  text: (pathInRepo: string) => Promise<string>;
  commit?: { hash: string; date: string };
}

function parseArgs(argv: string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith('--')) throw new Error(`Unexpected argument ${argv[i]}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${argv[i]} needs a value`);
    args.set(argv[i].slice(2), value);
    i++;
  }
  return args;
}

function git(args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

function isBareGitDir(dir: string): boolean {
  return existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects'));
}

/** Where a spec comes from: a URL (base), a git checkout, a bare git directory, or a plain file/folder. */
function originOf(location: string, commitPath: string): Origin {
  if (/^https?:\/\//.test(location)) {
    return {
      text: async (pathInRepo) => {
        const url = location.endsWith('.json') ? location : `${location.replace(/\/$/, '')}/${pathInRepo}`;
        const response = await fetch(url);
        if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
        return response.text();
      },
    };
  }
  const path = resolve(location);
  if (statSync(path).isFile()) return { text: async () => readFileSync(path, 'utf8') };
  if (isBareGitDir(path)) {
    const [hash, date] = git(['--git-dir', path, 'log', '-1', '--format=%H%n%cI', 'HEAD', '--', commitPath])
      .trim()
      .split('\n');
    return {
      text: async (p) => git(['--git-dir', path, 'show', `HEAD:${p}`]),
      commit: hash ? { hash, date } : undefined,
    };
  }
  let commit: Origin['commit'];
  try {
    const [hash, date] = git(['-C', path, 'log', '-1', '--format=%H%n%cI', '--', commitPath]).trim().split('\n');
    if (hash) commit = { hash, date };
    // In a shallow clone the oldest kept commit stands in for the file's real last change.
    if (git(['-C', path, 'rev-parse', '--is-shallow-repository']).trim() === 'true') {
      throw new Error(`${path} is a shallow clone: its history cannot date the file; use a full clone`);
    }
  } catch (error) {
    if (error instanceof Error && error.message.includes('shallow clone')) throw error;
    commit = undefined; // not a checkout: the flags (or the previous values) give the commit
  }
  return { text: async (p) => readFileSync(join(path, ...p.split('/')), 'utf8'), commit };
}

function readJsonIfExists<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

async function writeJson(file: string, value: unknown): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, await prettier.format(JSON.stringify(value), { ...options, parser: 'json' }));
}

function commitOf(
  origin: Origin,
  args: Map<string, string>,
  prefix: string,
  previous?: { commit?: string; commitDate?: string },
) {
  const hash = args.get(`${prefix}-commit`) ?? origin.commit?.hash ?? previous?.commit;
  const date = args.get(`${prefix}-commit-date`) ?? origin.commit?.date ?? previous?.commitDate;
  if (!hash || !date)
    throw new Error(`Give --${prefix}-commit and --${prefix}-commit-date: the source is not a git checkout`);
  if (!args.has(`${prefix}-commit`) && !origin.commit)
    console.warn(`! ${prefix}: kept the previous commit ${hash} (no git metadata)`);
  return { hash, date };
}

async function refreshX(manifest: ContractsManifest, args: Map<string, string>, retrieved: string): Promise<string[]> {
  const location = args.get('x') ?? manifest.x.defaultSource;
  const origin = originOf(location, manifest.x.path);
  const full = JSON.parse(await origin.text(manifest.x.path)) as JsonObject;
  const file = join(CONTRACTS, 'x', 'openapi.json');
  const before = readJsonIfExists<JsonObject>(file);
  const previous = before?.['x-contract-source'] as { commit?: string; commitDate?: string } | undefined;
  const { hash, date } = commitOf(origin, args, 'x', previous);
  const subset = extractXSubset(full, manifest.x.operations, {
    repository: manifest.x.repository,
    path: manifest.x.path,
    commit: hash,
    commitDate: date,
    retrieved,
  });
  await writeJson(file, subset);
  return summarizeXChange(before, subset).map((line) => `x: ${line}`);
}

async function refreshMeta(
  manifest: ContractsManifest,
  args: Map<string, string>,
  retrieved: string,
): Promise<string[]> {
  const location = args.get('meta');
  if (!location) throw new Error('--meta <checkout of facebook-business-sdk-codegen or URL base> is required');
  const origin = originOf(location, manifest.meta.path);
  const read = async (name: string) => JSON.parse(await origin.text(`${manifest.meta.path}/${name}.json`));
  const nodeNames = Object.keys(manifest.meta.nodes);
  const specs = new Map<string, GraphNodeSpec>();
  for (const name of nodeNames) specs.set(name, (await read(name)) as GraphNodeSpec);
  const enumTypes = (await read('enum_types')) as GraphEnumType[];
  const subset = extractMetaSubset((name) => specs.get(name) as GraphNodeSpec, enumTypes, manifest.meta.nodes);

  const specsDir = join(CONTRACTS, 'meta', 'specs');
  const before: Record<string, GraphNodeSpec | undefined> = {};
  if (existsSync(specsDir)) {
    for (const entry of readdirSync(specsDir)) {
      if (entry.endsWith('.json') && entry !== 'enum_types.json')
        before[entry.slice(0, -5)] = readJsonIfExists(join(specsDir, entry));
    }
  }
  rmSync(specsDir, { recursive: true, force: true });
  for (const [name, spec] of Object.entries(subset.nodes)) await writeJson(join(specsDir, `${name}.json`), spec);
  await writeJson(join(specsDir, 'enum_types.json'), subset.enumTypes);

  const sourceFile = join(CONTRACTS, 'meta', 'source.json');
  const previous = previousMetaSource(readJsonIfExists<Partial<MetaSource>>(sourceFile));
  const { hash, date } = commitOf(origin, args, 'meta', previous);
  let graphVersion = args.get('graph-version') ?? previous.graphVersion;
  let sdkCommit = previous.sdkCommit;
  const sdk = args.get('meta-sdk');
  if (sdk) {
    const sdkOrigin = originOf(sdk, manifest.meta.sdk.path);
    const config = await sdkOrigin.text(manifest.meta.sdk.path);
    graphVersion = /'API_VERSION':\s*'(v[0-9.]+)'/.exec(config)?.[1] ?? graphVersion;
    sdkCommit = sdkOrigin.commit?.hash ?? sdkCommit;
  }
  const source: MetaSource = {
    repository: manifest.meta.repository,
    path: manifest.meta.path,
    commit: hash,
    commitDate: date,
    graphVersion,
    graphVersionSource: { ...manifest.meta.sdk, commit: sdkCommit },
    retrieved,
    missingFromSpecs: subset.missing,
  };
  await writeJson(sourceFile, source);
  const lines = summarizeMetaChange(before, subset.nodes).map((line) => `meta: ${line}`);
  for (const miss of subset.missing)
    lines.push(`meta: ! not in the specs: ${miss} (see contracts/meta/supplements.json)`);
  return lines;
}

async function refreshThreads(
  manifest: ContractsManifest,
  args: Map<string, string>,
  retrieved: string,
): Promise<string[]> {
  const location = args.get('threads') ?? manifest.threads.defaultSource;
  const origin = originOf(location, manifest.threads.path);
  const collection = JSON.parse(await origin.text(manifest.threads.path)) as JsonObject;
  const file = join(CONTRACTS, 'threads', 'postman.json');
  const before = readJsonIfExists<ThreadsContractFile>(file);
  const { hash, date } = commitOf(origin, args, 'threads', before?.['x-contract-source']);
  const subset = extractThreadsSubset(collection, manifest.threads.operations, {
    repository: manifest.threads.repository,
    path: manifest.threads.path,
    commit: hash,
    commitDate: date,
    retrieved,
  });
  await writeJson(file, subset);
  const params = (contract: ThreadsContractFile | undefined) =>
    new Set((contract?.operations ?? []).flatMap((op) => op.query.map((q) => `${op.method} ${op.path} ${q.key}`)));
  const [was, now] = [params(before), params(subset)];
  return [
    ...[...now].filter((line) => !was.has(line)).map((line) => `threads: + ${line}`),
    ...[...was].filter((line) => !now.has(line)).map((line) => `threads: - ${line}`),
  ];
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const manifest = JSON.parse(readFileSync(join(CONTRACTS, 'manifest.json'), 'utf8')) as ContractsManifest;
  const retrieved = args.get('retrieved') ?? new Date().toISOString().slice(0, 10);
  const only = args.get('only');
  const snapshot = mkdtempSync(join(tmpdir(), 'contracts-before-'));
  cpSync(CONTRACTS, snapshot, { recursive: true });

  const lines: string[] = [];
  if (only === undefined || only === 'x') lines.push(...(await refreshX(manifest, args, retrieved)));
  if (only === undefined || only === 'meta') lines.push(...(await refreshMeta(manifest, args, retrieved)));
  if (only === 'threads' || args.has('threads')) lines.push(...(await refreshThreads(manifest, args, retrieved)));

  try {
    // git diff --no-index exits 1 when the folders differ; its output is what we want either way.
    console.log(git(['diff', '--no-index', '--stat', snapshot, CONTRACTS]));
  } catch (error) {
    console.log((error as { stdout?: string }).stdout ?? '');
  }
  console.log(lines.length > 0 ? lines.join('\n') : 'No operation, parameter, property, API or field changed.');
  console.log(`Left alone (hand-written, from Meta's and X's reference pages): ${HAND_WRITTEN.join(', ')}`);
  rmSync(snapshot, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
