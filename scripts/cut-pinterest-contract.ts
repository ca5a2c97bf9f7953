// Rewrites contracts/pinterest/openapi.json from Pinterest's published OpenAPI description of API v5:
//   npm run contracts:pinterest -- <clone or bare git directory of pinterest/api-description> [retrieved-date]
// Keeps the operations contracts/manifest.json lists under `pinterest` (whole, with their path-level
// parameters), every component they reach through $ref or a discriminator's mapping, and the
// security schemes they name; `x-contract-source` records the repository, path, the commit that last
// changed the file and its date, and the day it was read. Then `nice npx jest src/contracts/pinterest`:
// a test that now fails is a change of Pinterest's contract the adapter and the emulator must follow.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as prettier from 'prettier';
import { contractsDir } from '../src/contracts/contracts-dir';
import { extractXSubset } from '../src/contracts/extract/x-subset';
import { JsonObject } from '../src/contracts/json';
import { loadManifest } from '../src/contracts/manifest';

async function main(): Promise<void> {
  const [source, retrievedArgument] = process.argv.slice(2);
  if (!source) throw new Error('Name a clone (or bare git directory) of pinterest/api-description');
  const manifest = loadManifest().pinterest;
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', resolve(source), ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (git('rev-parse', '--is-shallow-repository').trim() === 'true')
    throw new Error('A shallow clone cannot date the file: fetch its history first');
  const [commit, commitDate] = git('log', '-1', '--format=%H %cI', 'HEAD', '--', manifest.path).trim().split(' ');
  if (!commit || !commitDate) throw new Error(`${manifest.path} has no commit in ${source}`);
  const full = JSON.parse(git('show', `${commit}:${manifest.path}`)) as JsonObject;
  const subset = extractXSubset(
    full,
    manifest.operations,
    {
      repository: manifest.repository,
      path: manifest.path,
      commit,
      commitDate,
      retrieved: retrievedArgument ?? new Date().toISOString().slice(0, 10),
    },
    { followMappings: true },
  );
  const file = join(contractsDir(), 'pinterest', 'openapi.json');
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(subset), { ...options, parser: 'json' }));
  const schemas = Object.keys((subset.components as JsonObject).schemas as JsonObject).length;
  console.log(`${manifest.operations.length} operations, ${schemas} schemas from ${commit} (${commitDate})`);
}

void main();
