import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { ByteRange, MediaStorage } from './media-storage';
import { MediaStore } from './media.store';

/** Bytes per row: large enough that a 1 GB video is a thousand rows, small enough to hold one in memory. */
export const MEDIA_CHUNK_BYTES = 1024 * 1024;

/**
 * Media bytes in PostgreSQL, in chunks of MEDIA_CHUNK_BYTES (one row each, kept by MediaStore):
 * nothing else to run, and every instance of the service sees the same bytes. Reading a range reads
 * only the chunks it spans.
 */
@Injectable()
export class PostgresMediaStorage extends MediaStorage {
  constructor(private readonly media: MediaStore) {
    super();
  }

  async put(mediaId: string, body: AsyncIterable<Buffer>): Promise<number> {
    await this.delete(mediaId);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let index = 0;
    let total = 0;
    const flush = async (bytes: Buffer) => {
      await this.media.insertChunk(mediaId, index++, bytes);
    };
    for await (const piece of body) {
      pending.push(piece);
      pendingBytes += piece.length;
      total += piece.length;
      while (pendingBytes >= MEDIA_CHUNK_BYTES) {
        const joined = Buffer.concat(pending);
        await flush(joined.subarray(0, MEDIA_CHUNK_BYTES));
        const rest = joined.subarray(MEDIA_CHUNK_BYTES);
        pending = rest.length ? [rest] : [];
        pendingBytes = rest.length;
      }
    }
    if (pendingBytes > 0) await flush(Buffer.concat(pending));
    return total;
  }

  get(mediaId: string, range?: ByteRange): Readable {
    const media = this.media;
    async function* chunks(): AsyncGenerator<Buffer> {
      const start = range?.start ?? 0;
      const end = range?.end ?? Number.MAX_SAFE_INTEGER;
      const last = Math.floor(end / MEDIA_CHUNK_BYTES);
      for (let index = Math.floor(start / MEDIA_CHUNK_BYTES); index <= last; index++) {
        const bytes = await media.chunk(mediaId, index);
        if (!bytes) return;
        const offset = index * MEDIA_CHUNK_BYTES;
        yield bytes.subarray(Math.max(0, start - offset), Math.min(bytes.length, end - offset + 1));
      }
    }
    return Readable.from(chunks());
  }

  async delete(mediaId: string): Promise<void> {
    await this.media.deleteChunks(mediaId);
  }

  async size(mediaId: string): Promise<number | undefined> {
    return this.media.chunkedSize(mediaId);
  }
}
