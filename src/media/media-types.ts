import type { MediaKind } from './media-bytes';

/** A content type the service accepts for upload: what kind of medium it is, its extension, its first bytes. */
export interface MediaType {
  kind: MediaKind;
  extension: string;
  /** The bytes every such file starts with, at `offset`; checked as the upload arrives. */
  magic: { offset: number; bytes: Buffer };
}

const bytes = (text: string) => Buffer.from(text, 'latin1');

/** The formats at least one network publishes (docs/networks.md). */
export const MEDIA_TYPES: Readonly<Record<string, MediaType>> = {
  'image/jpeg': { kind: 'image', extension: 'jpg', magic: { offset: 0, bytes: Buffer.from([0xff, 0xd8, 0xff]) } },
  'image/png': { kind: 'image', extension: 'png', magic: { offset: 0, bytes: bytes('\x89PNG') } },
  'image/webp': { kind: 'image', extension: 'webp', magic: { offset: 8, bytes: bytes('WEBP') } },
  'image/gif': { kind: 'gif', extension: 'gif', magic: { offset: 0, bytes: bytes('GIF8') } },
  'video/mp4': { kind: 'video', extension: 'mp4', magic: { offset: 4, bytes: bytes('ftyp') } },
  'video/quicktime': { kind: 'video', extension: 'mov', magic: { offset: 4, bytes: bytes('ftyp') } },
};

export const MEDIA_CONTENT_TYPES = Object.keys(MEDIA_TYPES);

/**
 * The largest file of each kind some network takes (docs/networks.md): Facebook photos 10 MB, X
 * GIFs 15 MB, Facebook videos 1 GB. An upload past these could be published nowhere.
 */
export const MAX_UPLOAD_BYTES: Readonly<Record<MediaKind, number>> = {
  image: 10 * 1024 * 1024,
  gif: 15 * 1024 * 1024,
  video: 1024 * 1024 * 1024,
};

/** The largest upload of any kind: the bound of `size` in POST /media. */
export const MAX_MEDIA_BYTES = MAX_UPLOAD_BYTES.video;

/** The bytes needed to check any type's magic. */
export const MAGIC_PREFIX_BYTES = Math.max(
  ...Object.values(MEDIA_TYPES).map(({ magic }) => magic.offset + magic.bytes.length),
);

/** Whether `head` (a file's first bytes, at least MAGIC_PREFIX_BYTES when the file is that long) starts as `type` says. */
export function hasMagic(type: MediaType, head: Buffer): boolean {
  const { offset, bytes: expected } = type.magic;
  return head.length >= offset + expected.length && head.subarray(offset, offset + expected.length).equals(expected);
}
