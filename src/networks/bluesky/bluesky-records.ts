import { arrayField, isRecord, recordField, stringField } from '../http/json-fields';
import type { PostMedia } from '../network-adapter';
import { NetworkError } from '../network-error';
import { POST_COLLECTION, StrongRef } from './bluesky-at-uri';
import type { BlueskyPostOptions } from './bluesky-post-options';
import { BlueskyXrpc } from './bluesky-xrpc';

/** A blob as the PDS answers uploadBlob and records hold it: `{ $type: 'blob', ref: { $link }, mimeType, size }`. */
export type BlobRef = Record<string, unknown>;

export async function uploadImage(
  api: BlueskyXrpc,
  media: PostMedia,
  maxBytes: number,
  token: string,
): Promise<BlobRef> {
  const { bytes, contentType } = await api.download(media.url, maxBytes);
  const body = await api.uploadBlob(bytes, contentType, token);
  const blob = isRecord(body) ? recordField(body, 'blob') : undefined;
  if (!blob) throw api.unexpected('uploadBlob answered without a blob');
  return blob;
}

/** `com.atproto.repo.createRecord` in the account's repository; its strong reference. */
export async function createRecord(
  api: BlueskyXrpc,
  did: string,
  collection: string,
  record: Record<string, unknown>,
  token: string,
  rkey?: string,
): Promise<StrongRef> {
  const body = await api.procedure(
    'com.atproto.repo.createRecord',
    { repo: did, collection, record, ...(rkey ? { rkey } : {}) },
    token,
  );
  const fields = isRecord(body) ? body : {};
  const uri = stringField(fields, 'uri');
  const cid = stringField(fields, 'cid');
  if (!uri || !cid) throw api.unexpected('createRecord answered without uri and cid');
  return { uri, cid };
}

/** The strong reference of a post the appview knows (a quoted post may live on any PDS). */
export async function postRef(api: BlueskyXrpc, uri: string, token: string): Promise<StrongRef> {
  const body = await api.query('app.bsky.feed.getPosts', { uris: [uri] }, token);
  const post = (isRecord(body) ? arrayField(body, 'posts') : undefined)?.find(isRecord);
  const cid = post ? stringField(post, 'cid') : undefined;
  if (!cid)
    throw new NetworkError(api.network, 'permanent', `Bluesky has no post ${uri} to quote`, { code: 'NotFound' });
  return { uri, cid };
}

/** The embed of a post: its images or its video, a link card, a quote (with its media: recordWithMedia). */
export function embedOf(
  images: { blob: BlobRef; alt: string }[],
  options: BlueskyPostOptions,
  quote: StrongRef | undefined,
  video?: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const media = video
    ? video
    : images.length > 0
      ? { $type: 'app.bsky.embed.images', images: images.map(({ blob, alt }) => ({ image: blob, alt })) }
      : options.linkCard
        ? {
            $type: 'app.bsky.embed.external',
            external: {
              uri: options.linkCard.uri,
              title: options.linkCard.title,
              description: options.linkCard.description ?? '',
            },
          }
        : undefined;
  if (!quote) return media;
  const record = { $type: 'app.bsky.embed.record', record: quote };
  return media ? { $type: 'app.bsky.embed.recordWithMedia', record, media } : record;
}

/** The reply settings as a threadgate's `allow` (https://docs.bsky.app/docs/advanced-guides/thread-gates); undefined: none. */
export function threadgateAllow(settings: BlueskyPostOptions['replySettings']): Record<string, unknown>[] | undefined {
  switch (settings) {
    case 'nobody':
      return [];
    case 'mentioned':
      return [{ $type: 'app.bsky.feed.threadgate#mentionRule' }];
    case 'following':
      return [{ $type: 'app.bsky.feed.threadgate#followingRule' }];
    case 'followers':
      return [{ $type: 'app.bsky.feed.threadgate#followerRule' }];
    default:
      return undefined;
  }
}

export { POST_COLLECTION };
