import type { Readable } from 'node:stream';

/** A byte range, both ends included (as in HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded media bytes live. Every method streams: no medium is ever held whole. Ids are the
 * media ids; callers have checked the customer already.
 */
export abstract class MediaStorage {
  /**
   * Stores the bytes under `mediaId`, replacing any; `size` is how many are announced (the body
   * fails if it brings another number). Resolves to how many bytes were stored.
   */
  abstract put(mediaId: string, body: AsyncIterable<Buffer>, size: number): Promise<number>;
  /** The stored bytes, or a range of them. */
  abstract get(mediaId: string, range?: ByteRange): Readable;
  abstract delete(mediaId: string): Promise<void>;
  /** How many bytes are stored; undefined when nothing is. */
  abstract size(mediaId: string): Promise<number | undefined>;
}
