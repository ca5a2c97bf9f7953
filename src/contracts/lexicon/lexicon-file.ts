// The shape of contracts/bluesky/lexicons.json: the lexicons the service uses, with where they came from.
import { readFileSync } from 'node:fs';
import type { LexiconDoc } from '@atproto/lexicon';
import { lexiconSubset, USED_LEXICONS } from './lexicon-subset';

export interface LexiconFile {
  description: string;
  source: {
    /** The npm package whose generated client holds the lexicons (its `schemas` export). */
    package: string;
    version: string;
    /** Where Bluesky publishes the same lexicons as JSON. */
    upstream: string;
    retrieved: string;
  };
  /** The NSIDs the service calls or writes; `lexicons` also holds every document they refer to. */
  used: string[];
  lexicons: LexiconDoc[];
}

/** The version of the @atproto/api resolved from `from` (its exports do not expose it), read from its package.json. */
export function atprotoApiVersion(from?: string): string {
  const entry = require.resolve('@atproto/api', from ? { paths: [from] } : undefined);
  const manifest = entry.replace(/dist[\\/].*$/, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The contract file from `all` (the `schemas` of @atproto/api `version`), retrieved on `retrieved`. */
export function blueskyLexiconFile(all: readonly LexiconDoc[], version: string, retrieved: string): LexiconFile {
  return {
    description:
      "The AT Protocol lexicons the Bluesky adapter calls or writes and the emulator serves, cut from @atproto/api's schemas with every lexicon they refer to. Test data: src/contracts/lexicon/ reads it.",
    source: {
      package: '@atproto/api',
      version,
      upstream: 'https://github.com/bluesky-social/atproto/tree/main/lexicons',
      retrieved,
    },
    used: [...USED_LEXICONS],
    lexicons: lexiconSubset(all, USED_LEXICONS),
  };
}
