import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { Readable } from 'node:stream';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { Database } from '../database';
import { ID_PREFIX, newId } from '../common/ids';
import { decodeCursor, encodeCursor } from '../common/http/page-cursor';
import { Paginated } from '../common/http/paginated';
import { PageQuery } from '../common/http/page.query';
import type { MediaBytes } from './media-bytes';
import { CreateMediaBody } from './dto/create-media.body';
import { CreatedMediaView, MediaView } from './dto/media.view';
import { requestedRange } from './byte-range';
import { ByteRange, MediaStorage } from './media-storage';
import { MAX_UPLOAD_BYTES, MEDIA_TYPES } from './media-types';
import { MediaUrlSigner } from './media-url-signer';
import { CustomersStore } from '../customers';
import { checkMediaQuota } from './media-quota';
import { Medium } from './media.entity';
import { MediaStore } from './media.store';
import { sizeInWords } from './network-media-limits';
import { mediaView } from './media-view';
import { signedMediaId } from './signed-media-request';

/** How long an upload URL may be used. */
export const UPLOAD_URL_TTL_MS = 60 * 60_000;

/** How long the URL a network fetches an uploaded medium from stays valid. */
export const PUBLISH_URL_TTL_MS = 24 * 60 * 60_000;

/** What GET /media-files answers: the bytes (or a range of them) and what to say about them. */
export interface ServedFile {
  contentType: string;
  size: number;
  range: ByteRange | undefined;
  body: Readable;
}

/**
 * Uploaded media: announced, served through a signed URL, used by posts and purged when unused,
 * scoped by customer. (Their bytes arrive through MediaUploads.)
 */
@Injectable()
export class MediaService {
  constructor(
    private readonly database: Database,
    private readonly media: MediaStore,
    private readonly storage: MediaStorage,
    private readonly signer: MediaUrlSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly customers: CustomersStore,
    private readonly clock: Clock,
  ) {}

  async create(customerId: string, body: CreateMediaBody): Promise<CreatedMediaView> {
    const type = MEDIA_TYPES[body.contentType]!;
    const limit = MAX_UPLOAD_BYTES[type.kind];
    if (body.size > limit)
      throw ApiException.validation(
        [
          {
            field: 'size',
            message: `size must be at most ${sizeInWords(limit)} for ${body.contentType}: no network takes a larger ${type.kind}`,
          },
        ],
        'The file is larger than any network takes',
      );
    // The quota's check and the insert under the customer's lock: announcements at once queue up.
    const medium = await this.database.transaction(async (transaction) => {
      await this.customers.lockForUpdate(customerId, transaction);
      await checkMediaQuota(
        () => this.media.bytesHeld(customerId, UPLOAD_URL_TTL_MS, transaction),
        body.size,
        this.config.media.quotaBytes,
      );
      return this.media.insert(
        {
          id: newId('media'),
          customerId,
          contentType: body.contentType,
          size: body.size,
          filename: body.filename ?? null,
        },
        transaction,
      );
    });
    const expiresAt = new Date(this.clock.now().getTime() + UPLOAD_URL_TTL_MS);
    return {
      ...mediaView(medium),
      uploadUrl: this.signer.url('upload', medium.id, type.extension, expiresAt),
      expiresAt: expiresAt.toISOString(),
    };
  }

  async get(customerId: string, id: string): Promise<MediaView> {
    const medium = await this.media.findOfCustomer(customerId, id);
    if (!medium) throw ApiException.notFound('Medium');
    return mediaView(medium);
  }

  /**
   * One page of the customer's media, newest first; the cursor is the last medium's (createdAt, id),
   * createdAt to the microsecond (a cursor in milliseconds would skip media made in the same one).
   */
  async list(customerId: string, query: PageQuery): Promise<Paginated<MediaView>> {
    const limit = query.limit ?? 20;
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor, ID_PREFIX.media);
    const rows = await this.media.newestOfCustomer(customerId, before, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last ? encodeCursor({ createdMicros: last.createdMicros, id: last.medium.id }) : null;
    return new Paginated(
      page.map(({ medium }) => mediaView(medium)),
      { nextCursor },
    );
  }

  /** The customer's media among `ids`, by id (another customer's are simply absent). */
  async find(customerId: string, ids: string[]): Promise<Map<string, Medium>> {
    if (ids.length === 0) return new Map();
    const found = await this.media.findManyOfCustomer(customerId, ids);
    return new Map(found.map((medium) => [medium.id, medium]));
  }

  /**
   * Keeps media a post uses from being purged: counted as used until `until` (a scheduled post's
   * time; the clock's time when none is given). Resolves to the ids it marked: a medium purged
   * meanwhile is missing. The row lock of the UPDATE orders it with a purge's conditional DELETE
   * (purgeIfUnused): either the purge sees the new last_used_at and keeps the medium, or the medium
   * is gone before it is marked.
   */
  async markUsed(ids: string[], until: Date = this.clock.now()): Promise<Set<string>> {
    if (!ids.length) return new Set();
    return new Set(await this.media.markUsed(ids, until));
  }

  /** A URL a network can fetch the medium's bytes from until `expiresAt`. */
  fileUrl(mediumId: string, contentType: string, expiresAt: Date): string {
    return this.signer.url('file', mediumId, MEDIA_TYPES[contentType]?.extension ?? 'bin', expiresAt);
  }

  /**
   * The URL a network is given for a post's medium: a URL of the customer's as it is, an uploaded
   * medium's canonical URL signed for PUBLISH_URL_TTL_MS (long enough for a network that fetches
   * later, as Instagram does while its container is processed).
   */
  publishUrl(medium: { url: string; mediaId?: string }): string {
    if (!medium.mediaId) return medium.url;
    const extension = /\.([a-z0-9]{1,5})$/.exec(medium.url)?.[1] ?? 'bin';
    const expiresAt = new Date(this.clock.now().getTime() + PUBLISH_URL_TTL_MS);
    return this.signer.url('file', medium.mediaId, extension, expiresAt);
  }

  /** An uploaded medium's bytes straight from storage, for an adapter that uploads them itself; read lazily. */
  openStored(mediumId: string, size: number, contentType: string): MediaBytes {
    const body = this.storage.get(mediumId);
    return { size, contentType, pieces: body, close: () => body.destroy() };
  }

  /** The canonical (unsigned) address of a medium: what a stored post names it by. */
  canonicalUrl(medium: Medium): string {
    return this.fileUrl(medium.id, medium.contentType, new Date(0)).split('?', 1)[0]!;
  }

  /** GET (or HEAD) of a file URL: checks the signature, then streams the bytes or the range asked. */
  async serveFile(
    file: string,
    query: { expires?: string; signature?: string },
    rangeHeader: string | undefined,
  ): Promise<ServedFile> {
    const id = signedMediaId(this.signer, 'file', file, query);
    const medium = await this.media.findReady(id);
    if (!medium) throw ApiException.notFound('Medium');
    const range = requestedRange(rangeHeader, medium.size);
    if (range === 'unsatisfiable')
      throw new ApiException('bad_request', `The range starts past the file's ${medium.size} bytes`, undefined, 416, {
        'Content-Range': `bytes */${medium.size}`,
      });
    return { contentType: medium.contentType, size: medium.size, range, body: this.storage.get(id, range) };
  }

  /**
   * Deletes a medium and its bytes if it is still unused since before `cutoff`, checked in the
   * DELETE itself (see markUsed). The row goes first, so nothing can find a medium whose bytes are
   * going; bytes a failing store keeps are left behind, never a medium without its bytes.
   */
  async purgeIfUnused(id: string, cutoff: Date): Promise<boolean> {
    if (!(await this.media.deleteIfUnused(id, cutoff))) return false;
    await this.storage.delete(id);
    return true;
  }
}
