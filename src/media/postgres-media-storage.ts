import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { ByteRange, MediaStorage } from './media-storage';

/** Bytes per row: large enough that a 1 GB video is a thousand rows, small enough to hold one in memory. */
export const MEDIA_CHUNK_BYTES = 1024 * 1024;

/**
 * Media bytes in PostgreSQL, in rows of MEDIA_CHUNK_BYTES (media_chunks): nothing else to run, and
 * every instance of the service sees the same bytes. Reading a range reads only the rows it spans.
 */
@Injectable()
export class PostgresMediaStorage extends MediaStorage {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async put(mediaId: string, body: AsyncIterable<Buffer>): Promise<number> {
    await this.delete(mediaId);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let index = 0;
    let total = 0;
    const flush = async (bytes: Buffer) => {
      await this.dataSource.query('INSERT INTO media_chunks (media_id, index, bytes) VALUES ($1, $2, $3)', [
        mediaId,
        index++,
        bytes,
      ]);
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
    const dataSource = this.dataSource;
    async function* chunks(): AsyncGenerator<Buffer> {
      const start = range?.start ?? 0;
      const end = range?.end ?? Number.MAX_SAFE_INTEGER;
      const last = Math.floor(end / MEDIA_CHUNK_BYTES);
      for (let index = Math.floor(start / MEDIA_CHUNK_BYTES); index <= last; index++) {
        const rows = (await dataSource.query('SELECT bytes FROM media_chunks WHERE media_id = $1 AND index = $2', [
          mediaId,
          index,
        ])) as Array<{ bytes: Buffer }>;
        const bytes = rows[0]?.bytes;
        if (!bytes) return;
        const offset = index * MEDIA_CHUNK_BYTES;
        yield bytes.subarray(Math.max(0, start - offset), Math.min(bytes.length, end - offset + 1));
      }
    }
    return Readable.from(chunks());
  }

  async delete(mediaId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM media_chunks WHERE media_id = $1', [mediaId]);
  }

  async size(mediaId: string): Promise<number | undefined> {
    const rows = (await this.dataSource.query(
      'SELECT count(*)::int AS count, coalesce(sum(length(bytes)), 0)::bigint AS size FROM media_chunks WHERE media_id = $1',
      [mediaId],
    )) as Array<{ count: number; size: string }>;
    return rows[0] && rows[0].count > 0 ? Number(rows[0].size) : undefined;
  }
}
