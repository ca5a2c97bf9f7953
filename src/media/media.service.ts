import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import { DataSource, In } from 'typeorm';
import { ApiException } from '../common/errors/api-exception';
import { newId } from '../common/ids';
import type { MediaBytes } from '../networks/network-adapter';
import { CreateMediaBody } from './dto/create-media.body';
import { CreatedMediaView, MediaView } from './dto/media.view';
import { checkedUpload } from './checked-upload';
import { requestedRange } from './byte-range';
import { ByteRange, MediaStorage } from './media-storage';
import { MAX_UPLOAD_BYTES, MEDIA_TYPES, MediaType } from './media-types';
import { MediaUrlSigner } from './media-url-signer';
import { Medium } from './media.entity';
import { Mp4DurationReader } from './mp4-duration';
import { durationInWords, MAX_VIDEO_DURATION_MS, sizeInWords } from './network-media-limits';

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

function typeOf(medium: Medium): MediaType {
  return MEDIA_TYPES[medium.contentType]!;
}

/** A video's duration as read from its movie header, refused when there is none or no network takes it. */
function checkedDuration(durationMs: number | undefined): number {
  if (durationMs === undefined || durationMs === 0)
    throw new ApiException(
      'unsupported_media_type',
      "The video has no movie header ('moov' box) saying how long it lasts: save it again as a standard MP4 or MOV file",
    );
  if (durationMs > MAX_VIDEO_DURATION_MS)
    throw new ApiException(
      'unprocessable_content',
      `The video lasts ${durationInWords(durationMs)}; no network takes a video longer than ${durationInWords(MAX_VIDEO_DURATION_MS)}`,
    );
  return durationMs;
}

/** `med_x.jpg` → `med_x`; anything else undefined. */
function mediaIdOf(file: string): string | undefined {
  return /^(med_[0-9A-Za-z]{1,40})\.[a-z0-9]{1,5}$/.exec(file)?.[1];
}

/** Uploaded media: announced, uploaded through a signed URL, served through another, scoped by customer. */
@Injectable()
export class MediaService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: MediaStorage,
    private readonly signer: MediaUrlSigner,
  ) {}

  private get repository() {
    return this.dataSource.getRepository(Medium);
  }

  async create(customerId: string, body: CreateMediaBody, now = new Date()): Promise<CreatedMediaView> {
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
    const medium = await this.repository.save(
      this.repository.create({
        id: newId('media'),
        customerId,
        contentType: body.contentType,
        size: body.size,
        filename: body.filename ?? null,
        state: 'awaiting_upload',
        failure: null,
        uploadedAt: null,
        lastUsedAt: null,
      }),
    );
    const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
    return {
      ...this.view(medium),
      uploadUrl: this.signer.url('upload', medium.id, type.extension, expiresAt),
      expiresAt: expiresAt.toISOString(),
    };
  }

  async get(customerId: string, id: string): Promise<MediaView> {
    const medium = await this.repository.findOneBy({ id, customerId });
    if (!medium) throw ApiException.notFound('Medium');
    return this.view(medium);
  }

  /** The customer's media among `ids`, by id (another customer's are simply absent). */
  async find(customerId: string, ids: string[]): Promise<Map<string, Medium>> {
    if (ids.length === 0) return new Map();
    const found = await this.repository.findBy({ customerId, id: In(ids) });
    return new Map(found.map((medium) => [medium.id, medium]));
  }

  /**
   * Keeps media a post uses from being purged: counted as used until `until` (a scheduled post's
   * time). Resolves to the ids it marked: a medium purged meanwhile is missing. The row lock of the
   * UPDATE orders it with a purge's conditional DELETE (purgeIfUnused): either the purge sees the
   * new last_used_at and keeps the medium, or the medium is gone before it is marked.
   */
  async markUsed(ids: string[], until = new Date()): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const [rows] = (await this.dataSource.query(
      'UPDATE media SET last_used_at = greatest(last_used_at, $2) WHERE id = ANY($1) RETURNING id',
      [ids, until],
    )) as [Array<{ id: string }>, number];
    return new Set(rows.map((row) => row.id));
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
  publishUrl(medium: { url: string; mediaId?: string }, now = new Date()): string {
    if (!medium.mediaId) return medium.url;
    const extension = /\.([a-z0-9]{1,5})$/.exec(medium.url)?.[1] ?? 'bin';
    return this.signer.url('file', medium.mediaId, extension, new Date(now.getTime() + PUBLISH_URL_TTL_MS));
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

  /** PUT to an upload URL: checks the signature and the bytes as they stream into storage. */
  async receiveUpload(
    file: string,
    query: { expires?: string; signature?: string },
    headers: { contentType?: string; contentLength?: string },
    body: AsyncIterable<Buffer | string>,
  ): Promise<MediaView> {
    const id = mediaIdOf(file);
    const check = id ? this.signer.check('upload', id, query.expires, query.signature) : undefined;
    if (!id || !check?.ok) throw this.refusedUrl(check?.ok === false ? check.reason : 'invalid', 'upload');
    const medium = await this.repository.findOneBy({ id });
    if (!medium) throw ApiException.notFound('Medium');
    const type = typeOf(medium);
    const announced = headers.contentType?.split(';', 1)[0]?.trim().toLowerCase();
    if (announced !== medium.contentType)
      throw new ApiException(
        'unsupported_media_type',
        `Content-Type must be ${medium.contentType}, as announced when the medium was created`,
      );
    if (headers.contentLength !== undefined && Number(headers.contentLength) !== medium.size)
      throw new ApiException(
        Number(headers.contentLength) > medium.size ? 'payload_too_large' : 'bad_request',
        `Content-Length is ${headers.contentLength}; ${medium.size} bytes were announced when the medium was created`,
      );
    const claimed = (await this.dataSource.query(
      `UPDATE media SET state = 'uploading', failure = NULL WHERE id = $1 AND state IN ('awaiting_upload', 'failed') RETURNING id`,
      [id],
    )) as [unknown[], number];
    if (claimed[1] === 0)
      throw ApiException.conflict(
        medium.state === 'ready' ? 'The medium is already uploaded' : 'The medium is being uploaded by another request',
      );
    const video = type.kind === 'video' ? new Mp4DurationReader() : undefined;
    let durationMs: number | null = null;
    try {
      await this.storage.put(
        id,
        checkedUpload(body, type, medium.size, video && ((bytes) => video.feed(bytes))),
        medium.size,
      );
      if (video) durationMs = checkedDuration(video.durationMs);
    } catch (error) {
      const reason = error instanceof ApiException ? error.message : 'The upload was interrupted';
      await this.storage.delete(id);
      await this.repository.update({ id }, { state: 'failed', failure: reason });
      throw error;
    }
    const uploadedAt = new Date();
    await this.repository.update({ id }, { state: 'ready', uploadedAt, durationMs });
    return this.view({ ...medium, state: 'ready', uploadedAt, durationMs, failure: null });
  }

  /** GET (or HEAD) of a file URL: checks the signature, then streams the bytes or the range asked. */
  async serveFile(
    file: string,
    query: { expires?: string; signature?: string },
    rangeHeader: string | undefined,
  ): Promise<ServedFile> {
    const id = mediaIdOf(file);
    const check = id ? this.signer.check('file', id, query.expires, query.signature) : undefined;
    if (!id || !check?.ok) throw this.refusedUrl(check?.ok === false ? check.reason : 'invalid', 'file');
    const medium = await this.repository.findOneBy({ id, state: 'ready' });
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
    const [rows] = (await this.dataSource.query(
      'DELETE FROM media WHERE id = $1 AND coalesce(last_used_at, created_at) < $2 RETURNING id',
      [id, cutoff],
    )) as [unknown[], number];
    if (!rows.length) return false;
    await this.storage.delete(id);
    return true;
  }

  private refusedUrl(reason: 'expired' | 'invalid', purpose: 'upload' | 'file'): ApiException {
    const what = purpose === 'upload' ? 'upload URL' : 'media URL';
    return new ApiException(
      'unauthorized',
      reason === 'expired'
        ? `The ${what} has expired${purpose === 'upload' ? ': create the medium again' : ''}`
        : `The ${what} is not valid (its signature does not match)`,
    );
  }

  private view(medium: Medium): MediaView {
    return {
      id: medium.id,
      state: medium.state,
      contentType: medium.contentType,
      size: medium.size,
      filename: medium.filename,
      durationMs: medium.durationMs,
      failure: medium.failure,
      createdAt: medium.createdAt.toISOString(),
      uploadedAt: medium.uploadedAt ? medium.uploadedAt.toISOString() : null,
    };
  }
}
