// Rewrites contracts/bluesky/lexicons.json from the lexicons a given @atproto/api release ships:
//   npm run contracts:bluesky -- 0.21.0 [retrieved-date] && npx prettier --write contracts/bluesky/lexicons.json
// The release is installed into a temporary folder, not the project: the contract follows Bluesky's
// newest lexicons, while the service's own @atproto/api stays on a release that runs on the Node the
// README names (0.20 and later declare Node 22). Then `nice npx jest src/contracts/lexicon`: a test
// that now fails is a change of Bluesky's contract the adapter and the emulator must follow.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LexiconDoc } from '@atproto/lexicon';
import { contractsDir } from '../src/contracts/contracts-dir';
import { atprotoApiVersion, blueskyLexiconFile } from '../src/contracts/lexicon/lexicon-file';

const [release, retrievedArgument] = process.argv.slice(2);
if (!release) throw new Error('Name the @atproto/api release to cut the lexicons from, e.g. 0.21.0');
const retrieved = retrievedArgument ?? new Date().toISOString().slice(0, 10);
const folder = mkdtempSync(join(tmpdir(), 'atproto-api-'));
try {
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      folder,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `@atproto/api@${release}`,
    ],
    {
      stdio: 'inherit',
    },
  );
  const version = atprotoApiVersion(folder);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a package installed at run time, outside the project
  const { schemas } = require(require.resolve('@atproto/api', { paths: [folder] })) as { schemas: LexiconDoc[] };
  const file = blueskyLexiconFile(schemas, version, retrieved);
  writeFileSync(join(contractsDir(), 'bluesky', 'lexicons.json'), `${JSON.stringify(file, null, 2)}\n`);
  console.log(`${file.lexicons.length} lexicons from @atproto/api ${version}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
