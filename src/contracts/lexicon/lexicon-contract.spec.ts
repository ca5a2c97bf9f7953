import { schemas } from '@atproto/api';
import type { LexiconDoc } from '@atproto/lexicon';
import { readContractJson } from '../contracts-dir';
import { LexiconContract, BLUESKY_LEXICON_FILE } from './lexicon-contract';
import * as semver from 'semver';
import { atprotoApiVersion, blueskyLexiconFile, LexiconFile } from './lexicon-file';
import { lexiconSubset, USED_LEXICONS } from './lexicon-subset';

const contract = LexiconContract.bluesky();
const post = (fields: Record<string, unknown> = {}) => ({
  $type: 'app.bsky.feed.post',
  text: 'hello',
  createdAt: '2026-11-26T10:00:00.000Z',
  ...fields,
});

describe('contracts/bluesky/lexicons.json', () => {
  it('is cut from an @atproto/api release no older than the one the service runs (npm run contracts:bluesky -- <release>)', () => {
    const held = readContractJson<LexiconFile>(BLUESKY_LEXICON_FILE);
    expect(semver.gte(held.source.version, atprotoApiVersion())).toBe(true);
    // Nothing added or lost by hand: cutting the held lexicons again gives the same file.
    const again = blueskyLexiconFile(held.lexicons, held.source.version, held.source.retrieved);
    expect(held.used).toEqual(again.used);
    expect(held.lexicons).toEqual(JSON.parse(JSON.stringify(again.lexicons)));
  });

  it('holds every lexicon the service uses that the installed @atproto/api ships', () => {
    const held = readContractJson<LexiconFile>(BLUESKY_LEXICON_FILE);
    const installed = lexiconSubset(schemas as unknown as LexiconDoc[], USED_LEXICONS);
    const heldIds = new Set(held.lexicons.map((doc) => doc.id));
    for (const doc of installed) expect(heldIds.has(doc.id)).toBe(true);
  });

  it('holds every lexicon the service uses and every one they refer to', () => {
    for (const nsid of USED_LEXICONS) expect(contract.has(nsid)).toBe(true);
    expect(contract.has('com.atproto.repo.strongRef')).toBe(true);
    expect(contract.has('app.bsky.embed.defs#aspectRatio')).toBe(true);
  });

  it('refuses a lexicon missing from the source', () => {
    expect(() => lexiconSubset([], ['app.bsky.feed.post'])).toThrow('app.bsky.feed.post is not in the source');
  });
});

describe('LexiconContract', () => {
  it('accepts a post with a link facet, and refuses one of 301 graphemes', () => {
    const facet = {
      index: { byteStart: 0, byteEnd: 5 },
      features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com' }],
    };
    expect(contract.checkRecord('app.bsky.feed.post', post({ facets: [facet] }))).toEqual([]);
    expect(contract.checkRecord('app.bsky.feed.post', post({ text: '👍🏽'.repeat(301) }))).toEqual([
      {
        network: 'bluesky',
        operation: 'record app.bsky.feed.post',
        kind: 'request',
        message: expect.stringContaining('300 graphemes'),
      },
    ]);
  });

  it('refuses five images and an image without alt text', () => {
    const image = {
      image: {
        $type: 'blob',
        ref: { $link: 'bafkreibme22gw2h7y2h7tg2fhqotaqjucnbc24deqo72b6mkl2egezxhvy' },
        mimeType: 'image/png',
        size: 1,
      },
      alt: 'a cat',
    };
    const embed = (images: unknown[]) => ({ $type: 'app.bsky.embed.images', images });
    expect(contract.checkRecord('app.bsky.feed.post', post({ embed: embed([image]) }))).toEqual([]);
    expect(contract.checkRecord('app.bsky.feed.post', post({ embed: embed(Array(5).fill(image)) }))).toHaveLength(1);
    expect(
      contract.checkRecord('app.bsky.feed.post', post({ embed: embed([{ image: image.image }]) }))[0]?.message,
    ).toMatch(/alt/);
  });

  it('checks procedure inputs, query parameters and answers', () => {
    expect(contract.checkInput('com.atproto.server.createSession', { identifier: 'ada.test', password: 'x' })).toEqual(
      [],
    );
    expect(contract.checkInput('com.atproto.server.createSession', { identifier: 'ada.test' })).toHaveLength(1);
    expect(
      contract.checkParams('app.bsky.feed.getPosts', { uris: ['at://did:plc:abc/app.bsky.feed.post/3k'] }),
    ).toEqual([]);
    expect(
      contract.checkOutput('com.atproto.repo.createRecord', { uri: 'at://did:plc:abc/app.bsky.feed.post/3k' }),
    ).toEqual([expect.objectContaining({ kind: 'response', operation: 'com.atproto.repo.createRecord' })]);
  });

  it('reads the limits the content rules state', () => {
    const text = contract.definition('app.bsky.feed.post') as unknown as {
      record: { properties: { text: { maxGraphemes: number } } };
    };
    expect(text.record.properties.text.maxGraphemes).toBe(300);
  });
});
