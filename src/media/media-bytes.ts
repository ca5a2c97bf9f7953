/** What a media URL points at, judged from its path's extension before anything is fetched. */
export type MediaKind = 'image' | 'gif' | 'video';

/** A medium's bytes as a stream of a size known before the first byte is read. */
export interface MediaBytes {
  size: number;
  contentType: string;
  /** Exactly `size` bytes, in pieces. */
  pieces: AsyncIterable<Buffer>;
  /** Lets go of the stream (idempotent): call it when done, read to the end or not. */
  close(): void;
}
