// Rewrites contracts/bluesky/lexicons.json from the lexicons of the installed @atproto/api:
//   npm run contracts:bluesky && npx prettier --write contracts/bluesky/lexicons.json
// Run it after upgrading @atproto/api, then `nice npx jest src/contracts/lexicon`: a test that now
// fails is a change of Bluesky's contract the adapter and the emulator must follow.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemas } from '@atproto/api';
import type { LexiconDoc } from '@atproto/lexicon';
import { contractsDir } from '../src/contracts/contracts-dir';
import { blueskyLexiconFile } from '../src/contracts/lexicon/lexicon-file';

const retrieved = process.argv[2] ?? new Date().toISOString().slice(0, 10);
const file = blueskyLexiconFile(schemas as unknown as LexiconDoc[], retrieved);
writeFileSync(join(contractsDir(), 'bluesky', 'lexicons.json'), `${JSON.stringify(file, null, 2)}\n`);
console.log(`${file.lexicons.length} lexicons from @atproto/api ${file.source.version}`);
