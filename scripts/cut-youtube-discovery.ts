// Re-cuts contracts/youtube/discovery.json from Google's discovery document for the YouTube Data API
// v3: the methods contracts/youtube/methods.json lists and the schemas they reach. Offline:
//
//   npm run contracts:youtube -- --from <checkout or bare git dir of google/googleapis.dart | youtube__v3.json>
//                                [--commit <sha> --commit-date <iso>] [--retrieved YYYY-MM-DD]
//
// From a checkout the commit and date are those of the file itself; a plain file needs --commit and
// --commit-date. Prints the methods, parameters and schema properties added or removed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as prettier from 'prettier';
import { extractYouTubeSubset, YouTubeMethodRef } from '../src/contracts/extract/youtube-subset';
import { JsonObject } from '../src/contracts/json';

const ROOT = resolve(__dirname, '..');
const TARGET = join(ROOT, 'contracts', 'youtube', 'discovery.json');

interface MethodsFile {
  published: string;
  repository: string;
  path: string;
  methods: YouTubeMethodRef[];
}

function args(argv: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i]!.startsWith('--') || argv[i + 1] === undefined) throw new Error(`Unexpected argument ${argv[i]}`);
    found.set(argv[i]!.slice(2), argv[i + 1]!);
  }
  return found;
}

function git(dir: string, command: string[]): string {
  return execFileSync('git', ['-C', dir, ...command], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function readSource(
  from: string,
  path: string,
  given: Map<string, string>,
): { text: string; commit: string; date: string } {
  const isGit = existsSync(join(from, '.git')) || (existsSync(join(from, 'HEAD')) && existsSync(join(from, 'objects')));
  if (isGit) {
    const [commit, date] = git(from, ['log', '-1', '--format=%H %cI', 'HEAD', '--', path]).trim().split(' ');
    if (!commit || !date) throw new Error(`${from} has no history for ${path} (a shallow clone?)`);
    return { text: git(from, ['show', `HEAD:${path}`]), commit, date };
  }
  const commit = given.get('commit');
  const date = given.get('commit-date');
  if (!commit || !date) throw new Error('A plain file needs --commit and --commit-date');
  return { text: readFileSync(from, 'utf8'), commit, date };
}

function names(file: JsonObject | undefined): Set<string> {
  const found = new Set<string>();
  if (!file) return found;
  for (const [resource, entry] of Object.entries((file.resources ?? {}) as JsonObject))
    for (const [method, body] of Object.entries(((entry as JsonObject).methods ?? {}) as JsonObject)) {
      found.add(`method ${resource}.${method}`);
      for (const parameter of Object.keys(((body as JsonObject).parameters ?? {}) as JsonObject))
        found.add(`parameter ${resource}.${method} ${parameter}`);
    }
  for (const [schema, body] of Object.entries((file.schemas ?? {}) as JsonObject))
    for (const property of Object.keys(((body as JsonObject).properties ?? {}) as JsonObject))
      found.add(`property ${schema}.${property}`);
  return found;
}

async function main(): Promise<void> {
  const given = args(process.argv.slice(2));
  const from = given.get('from');
  if (!from) throw new Error('--from <checkout of google/googleapis.dart | youtube__v3.json> is required');
  const methods = JSON.parse(readFileSync(join(ROOT, 'contracts', 'youtube', 'methods.json'), 'utf8')) as MethodsFile;
  const source = readSource(resolve(from), methods.path, given);
  const previous = existsSync(TARGET) ? (JSON.parse(readFileSync(TARGET, 'utf8')) as JsonObject) : undefined;
  const subset = extractYouTubeSubset(JSON.parse(source.text) as JsonObject, methods.methods, {
    published: methods.published,
    repository: methods.repository,
    path: methods.path,
    commit: source.commit,
    commitDate: source.date,
    retrieved: given.get('retrieved') ?? new Date().toISOString().slice(0, 10),
  });
  const text = await prettier.format(JSON.stringify(subset), {
    ...(await prettier.resolveConfig(TARGET)),
    parser: 'json',
  });
  writeFileSync(TARGET, text);
  const before = names(previous);
  const after = names(subset);
  for (const name of after) if (!before.has(name)) console.log(`+ ${name}`);
  for (const name of before) if (!after.has(name)) console.log(`- ${name}`);
  console.log(
    `contracts/youtube/discovery.json: revision ${String(subset.revision)}, ${source.commit} (${source.date})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
