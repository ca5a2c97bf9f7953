// Cuts the lexicons the service uses (and every lexicon they refer to) out of a full set of lexicon
// documents, such as the schemas `@atproto/api` ships. The result is the contract kept in
// contracts/bluesky/lexicons.json.
import type { LexiconDoc } from '@atproto/lexicon';

/** The NSIDs the Bluesky adapter and emulator call or write; contracts/bluesky/lexicons.json holds them and what they reach. */
export const USED_LEXICONS = [
  'app.bsky.feed.post',
  'app.bsky.richtext.facet',
  'app.bsky.embed.images',
  'app.bsky.embed.external',
  'app.bsky.embed.record',
  'app.bsky.embed.recordWithMedia',
  'app.bsky.embed.video',
  'app.bsky.feed.threadgate',
  'app.bsky.feed.postgate',
  'com.atproto.repo.createRecord',
  'com.atproto.repo.deleteRecord',
  'com.atproto.repo.getRecord',
  'com.atproto.repo.listRecords',
  'com.atproto.repo.uploadBlob',
  'com.atproto.server.createSession',
  'com.atproto.server.refreshSession',
  'com.atproto.server.deleteSession',
  'com.atproto.server.getSession',
  'com.atproto.server.getServiceAuth',
  'com.atproto.identity.resolveHandle',
  'app.bsky.feed.getPosts',
  'app.bsky.feed.getPostThread',
  'app.bsky.actor.getProfile',
  'app.bsky.video.uploadVideo',
  'app.bsky.video.getJobStatus',
  'app.bsky.video.getUploadLimits',
  'app.bsky.video.defs',
] as const;

/** `lex:app.bsky.embed.defs#aspectRatio`, `app.bsky.embed.defs#aspectRatio` → `app.bsky.embed.defs`; `#local` → undefined. */
function documentOf(ref: string): string | undefined {
  const nsid = ref.replace(/^lex:/, '').split('#')[0];
  return nsid ? nsid : undefined;
}

/** The NSIDs a document refers to (`ref` and union `refs`), anywhere in its definitions. */
function referencedDocuments(doc: LexiconDoc): string[] {
  const found: string[] = [];
  const visit = (value: unknown, key?: string): void => {
    if (key === 'ref' && typeof value === 'string') found.push(value);
    else if (key === 'refs' && Array.isArray(value))
      found.push(...value.filter((r): r is string => typeof r === 'string'));
    else if (Array.isArray(value)) value.forEach((item) => visit(item));
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) visit(v, k);
  };
  visit(doc);
  return found.map(documentOf).filter((id): id is string => id !== undefined);
}

/**
 * `roots` and the documents they reach, sorted by id. Throws when one is missing from `all`: a
 * lexicon the service uses must be in the source.
 */
export function lexiconSubset(all: readonly LexiconDoc[], roots: readonly string[]): LexiconDoc[] {
  const byId = new Map<string, LexiconDoc>(all.map((doc) => [doc.id, doc]));
  const kept = new Map<string, LexiconDoc>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (kept.has(id)) continue;
    const doc = byId.get(id);
    if (!doc) throw new Error(`The lexicon ${id} is not in the source`);
    kept.set(id, doc);
    queue.push(...referencedDocuments(doc).filter((ref) => !kept.has(ref)));
  }
  return [...kept.values()].sort((a, b) => a.id.localeCompare(b.id));
}
