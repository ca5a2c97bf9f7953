import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { beforeCursorSql, createdMicrosSql, PageCursor } from '../common/http/page-cursor';
import { Database } from '../database';
import type { Transaction } from '../database';
import { Medium } from './media.entity';

/** A medium of a page, with its created_at to the microsecond (for the next page's cursor). */
export interface PagedMedium {
  medium: Medium;
  createdMicros: string;
}

/** What an announcement stores: the medium, before any byte of it arrives. */
export type NewMedium = Pick<Medium, 'id' | 'customerId' | 'contentType' | 'size' | 'filename'>;

/**
 * The media (their announcements and where their uploads stand) and their bytes in Postgres
 * (media_chunks, one row per chunk, used when MEDIA_STORAGE is postgres).
 */
@Injectable()
export class MediaStore {
  constructor(private readonly database: Database) {}

  /** Stores an announced medium, awaiting its upload. */
  async insert(medium: NewMedium, transaction?: Transaction): Promise<Medium> {
    const media = this.database.repository(Medium, transaction);
    return media.save(
      media.create({
        ...medium,
        state: 'awaiting_upload',
        failure: null,
        uploadedAt: null,
        lastUsedAt: null,
      }),
    );
  }

  async findById(id: string): Promise<Medium | null> {
    return this.database.repository(Medium).findOneBy({ id });
  }

  /** A customer's medium (another customer's is absent). */
  async findOfCustomer(customerId: string, id: string): Promise<Medium | null> {
    return this.database.repository(Medium).findOneBy({ id, customerId });
  }

  /** The customer's media among `ids` (another customer's are absent). */
  async findManyOfCustomer(customerId: string, ids: string[]): Promise<Medium[]> {
    return this.database.repository(Medium).findBy({ customerId, id: In(ids) });
  }

  /**
   * Up to `limit` of the customer's media, newest first (created_at, then id), before `before` when
   * given: one range of media_customer_page_idx.
   */
  async newestOfCustomer(customerId: string, before: PageCursor | undefined, limit: number): Promise<PagedMedium[]> {
    const builder = this.database
      .repository(Medium)
      .createQueryBuilder('medium')
      .addSelect(createdMicrosSql('medium.created_at'), 'created_exact')
      .where('medium.customer_id = :customerId', { customerId })
      .orderBy('medium.created_at', 'DESC')
      .addOrderBy('medium.id', 'DESC')
      .limit(limit);
    if (before) {
      builder.andWhere(beforeCursorSql('medium.created_at', 'medium.id', ':createdMicros', ':id'), {
        createdMicros: before.createdMicros,
        id: before.id,
      });
    }
    const { entities, raw } = await builder.getRawAndEntities<{ created_exact: string }>();
    return entities.map((medium, index) => ({ medium, createdMicros: raw[index]!.created_exact }));
  }

  /** A medium whose upload is complete. */
  async findReady(id: string): Promise<Medium | null> {
    return this.database.repository(Medium).findOneBy({ id, state: 'ready' });
  }

  /**
   * The bytes a customer's media hold against its quota: every medium uploaded or being uploaded,
   * and every medium announced within the last `uploadUrlTtlMs` (its upload URL still valid).
   */
  async bytesHeld(customerId: string, uploadUrlTtlMs: number, transaction?: Transaction): Promise<number> {
    const [row] = await this.database.rows<{ held: string }>(
      `SELECT coalesce(sum(size), 0)::text AS held FROM media
      WHERE customer_id = $1
        AND (state IN ('ready', 'uploading') OR created_at > now() - $2 * interval '1 millisecond')`,
      [customerId, uploadUrlTtlMs],
      transaction,
    );
    return Number(row?.held ?? 0);
  }

  /**
   * Marks the media used until `until` (never earlier than they were); resolves to the ids it
   * marked (a medium purged meanwhile is missing). Its row locks order it with deleteIfUnused.
   */
  async markUsed(ids: string[], until: Date): Promise<string[]> {
    const rows = await this.database.rows<{ id: string }>(
      'UPDATE media SET last_used_at = greatest(last_used_at, $2) WHERE id = ANY($1) RETURNING id',
      [ids, until],
    );
    return rows.map((row) => row.id);
  }

  /** Up to `limit` ids of media unused since before `cutoff` (a medium never used: announced before it). */
  async unusedSince(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.database.rows<{ id: string }>(
      'SELECT id FROM media WHERE coalesce(last_used_at, created_at) < $1 LIMIT $2',
      [cutoff, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Deletes the medium's row if it is still unused since before `cutoff`; true when it did. */
  async deleteIfUnused(id: string, cutoff: Date): Promise<boolean> {
    const { affected } = await this.database.execute(
      'DELETE FROM media WHERE id = $1 AND coalesce(last_used_at, created_at) < $2 RETURNING id',
      [id, cutoff],
    );
    return affected > 0;
  }

  /**
   * Marks the medium `uploading` (with a fresh beat) unless it is ready or another upload beat
   * within `staleAfterMs`; true when this caller has it.
   */
  async claimUpload(id: string, staleAfterMs: number): Promise<boolean> {
    const { affected } = await this.database.execute(
      `UPDATE media SET state = 'uploading', failure = NULL, upload_beat_at = now()
        WHERE id = $1 AND (state IN ('awaiting_upload', 'failed')
          OR (state = 'uploading' AND coalesce(upload_beat_at, '-infinity') < now() - $2 * interval '1 millisecond'))
        RETURNING id`,
      [id, staleAfterMs],
    );
    return affected > 0;
  }

  /** Records that the running upload is alive. */
  async beat(id: string): Promise<void> {
    await this.database.execute(`UPDATE media SET upload_beat_at = now() WHERE id = $1 AND state = 'uploading'`, [id]);
  }

  async uploadFailed(id: string, failure: string): Promise<void> {
    await this.database.repository(Medium).update({ id }, { state: 'failed', failure });
  }

  async uploadDone(id: string, uploadedAt: Date, durationMs: number | null): Promise<void> {
    await this.database.repository(Medium).update({ id }, { state: 'ready', uploadedAt, durationMs });
  }

  async insertChunk(mediaId: string, index: number, bytes: Buffer): Promise<void> {
    await this.database.execute('INSERT INTO media_chunks (media_id, index, bytes) VALUES ($1, $2, $3)', [
      mediaId,
      index,
      bytes,
    ]);
  }

  /** The bytes of one chunk, undefined past the last. */
  async chunk(mediaId: string, index: number): Promise<Buffer | undefined> {
    const [row] = await this.database.rows<{ bytes: Buffer }>(
      'SELECT bytes FROM media_chunks WHERE media_id = $1 AND index = $2',
      [mediaId, index],
    );
    return row?.bytes;
  }

  async deleteChunks(mediaId: string): Promise<void> {
    await this.database.execute('DELETE FROM media_chunks WHERE media_id = $1', [mediaId]);
  }

  /** How many bytes the medium's chunks hold; undefined when it has none. */
  async chunkedSize(mediaId: string): Promise<number | undefined> {
    const [row] = await this.database.rows<{ count: number; size: string }>(
      'SELECT count(*)::int AS count, coalesce(sum(length(bytes)), 0)::bigint AS size FROM media_chunks WHERE media_id = $1',
      [mediaId],
    );
    return row && row.count > 0 ? Number(row.size) : undefined;
  }
}
