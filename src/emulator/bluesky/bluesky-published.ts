import { EmulatorContext } from '../emulator-context';
import { PublishedMedia } from '../state/published-log';
import { StoredRecord } from './bluesky-records';
import { TestBlueskyProfile } from './bluesky-test-user';

/** What the published log records of a Bluesky post beyond what every network's item has. */
declare module '../state/published-log' {
  interface PublishedItem {
    /** Bluesky: the post record as written (facets, embed, langs, labels, reply refs), and its CID. */
    blueskyRecord?: { cid: string; value: Record<string, unknown> };
  }
}

export const BLUESKY_PAGES_PREFIX = '/bluesky';
/** bsky.app's permalink of a post: `/profile/<handle>/post/<rkey>`. */
export const blueskyPostPath = (handle: string, rkey: string) => `/profile/${handle}/post/${rkey}`;

interface ImageEmbed {
  image?: { ref?: { $link?: string }; size?: number };
  alt?: string;
}

/** The images of a post's embed (images, or recordWithMedia's media), as the published log lists media. */
function mediaOf(value: Record<string, unknown>): PublishedMedia[] {
  let embed = value.embed as Record<string, unknown> | undefined;
  if (embed?.$type === 'app.bsky.embed.recordWithMedia') embed = embed.media as Record<string, unknown> | undefined;
  if (embed?.$type === 'app.bsky.embed.video') {
    const video = embed.video as ImageEmbed['image'];
    return [
      { type: 'video', id: video?.ref?.$link ?? '', size: video?.size, altText: embed.alt as string | undefined },
    ];
  }
  if (embed?.$type !== 'app.bsky.embed.images') return [];
  return ((embed.images as ImageEmbed[] | undefined) ?? []).map((image) => ({
    type: 'image',
    id: image.image?.ref?.$link ?? '',
    size: image.image?.size,
    altText: image.alt,
  }));
}

/** Records a post the account wrote (createRecord of app.bsky.feed.post) in the published log. */
export function recordPublishedPost(
  { state, pages }: EmulatorContext,
  record: StoredRecord,
  profile: TestBlueskyProfile,
): void {
  const reply = record.value.reply as { parent?: { uri?: string } } | undefined;
  state.published.record({
    network: 'bluesky',
    accountId: record.did,
    postId: record.uri,
    text: typeof record.value.text === 'string' ? record.value.text : '',
    media: mediaOf(record.value),
    replyToId: reply?.parent?.uri,
    permalink: pages.url(BLUESKY_PAGES_PREFIX, blueskyPostPath(profile.handle, record.rkey)),
    publishedAt: new Date(record.writtenAt).toISOString(),
    blueskyRecord: { cid: record.cid, value: record.value },
  });
}
