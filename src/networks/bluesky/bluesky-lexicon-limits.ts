import { LexiconContract } from '../../contracts';

/**
 * The limits Bluesky's lexicons state (contracts/bluesky/lexicons.json), read from the contract
 * itself so that the content rules, the capability document and the emulator cannot say otherwise:
 * a post's text (app.bsky.feed.post), its images and their blobs (app.bsky.embed.images), a
 * video's blob (app.bsky.embed.video), `langs` and self-labels (com.atproto.label.defs#selfLabels).
 */
type Definition = { properties?: Record<string, Record<string, unknown>>; record?: Definition };

function property(uri: string, name: string): Record<string, unknown> {
  const definition = LexiconContract.bluesky().definition(uri) as unknown as Definition;
  const found = (definition.record ?? definition).properties?.[name];
  if (!found) throw new Error(`${uri} has no property ${name} in the Bluesky contract`);
  return found;
}

function numberOf(uri: string, name: string, key: string): number {
  const value = property(uri, name)[key];
  if (typeof value !== 'number') throw new Error(`${uri}.${name} states no ${key}`);
  return value;
}

export const BLUESKY_LIMITS = {
  textGraphemes: numberOf('app.bsky.feed.post', 'text', 'maxGraphemes'),
  textBytes: numberOf('app.bsky.feed.post', 'text', 'maxLength'),
  images: numberOf('app.bsky.embed.images', 'images', 'maxLength'),
  imageBytes: numberOf('app.bsky.embed.images#image', 'image', 'maxSize'),
  videoBytes: numberOf('app.bsky.embed.video', 'video', 'maxSize'),
  langs: numberOf('app.bsky.feed.post', 'langs', 'maxLength'),
  selfLabels: numberOf('com.atproto.label.defs#selfLabels', 'values', 'maxLength'),
  threadgateRules: numberOf('app.bsky.feed.threadgate', 'allow', 'maxLength'),
} as const;
