import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { checkedUpload } from './checked-upload';
import { MediaView } from './dto/media.view';
import { MediaStorage } from './media-storage';
import { MEDIA_TYPES } from './media-types';
import { MediaUrlSigner } from './media-url-signer';
import { mediaView } from './media-view';
import { Medium } from './media.entity';
import { MediaStore } from './media.store';
import { Mp4DurationReader } from './mp4-duration';
import { durationInWords, LongestNetworkVideo } from './network-media-limits';
import { signedMediaId } from './signed-media-request';
import { aliveUpload } from './upload-stream';

/** An upload whose bytes stop arriving for this long is ended. */
export const UPLOAD_IDLE_MS = 60_000;
/** How often a running upload records that it is alive. */
export const UPLOAD_BEAT_MS = 10_000;
/**
 * An upload with no beat for this long belongs to a process that died (a live one beats every
 * UPLOAD_BEAT_MS while bytes arrive, and ends itself after UPLOAD_IDLE_MS without): another PUT
 * may take it over, rather than the medium staying `uploading` until the purge.
 */
export const STALE_UPLOAD_MS = 3 * 60_000;

export interface UploadHeaders {
  contentType?: string;
  contentLength?: string;
}

/** A video's duration as read from its movie header, refused when there is none or no network takes it. */
function checkedDuration(video: Mp4DurationReader, longest: number): number {
  const durationMs = video.durationMs;
  if (durationMs === undefined)
    throw new ApiException(
      'unsupported_media_type',
      video.sawMovieHeader
        ? "The video's movie header does not say how long it lasts (a fragmented MP4 does not): save it again as a standard, unfragmented MP4 or MOV file"
        : "The video has no movie header ('moov' box) saying how long it lasts: save it again as a standard MP4 or MOV file",
    );
  if (durationMs > longest)
    throw new ApiException(
      'unprocessable_content',
      `The video lasts ${durationInWords(durationMs, Math.ceil)}; no network takes a video longer than ${durationInWords(longest)}`,
    );
  return durationMs;
}

/**
 * PUT to an upload URL: checks the signature and the headers, claims the medium (one upload at a
 * time; a dead one's taken over), and streams the bytes into storage, checked as they arrive
 * (length, type, a video's duration).
 */
@Injectable()
export class MediaUploads {
  constructor(
    private readonly media: MediaStore,
    private readonly storage: MediaStorage,
    private readonly signer: MediaUrlSigner,
    private readonly clock: Clock,
    private readonly longestVideo: LongestNetworkVideo,
  ) {}

  async receive(
    file: string,
    query: { expires?: string; signature?: string },
    headers: UploadHeaders,
    body: AsyncIterable<Buffer | string>,
  ): Promise<MediaView> {
    const id = signedMediaId(this.signer, 'upload', file, query);
    const medium = await this.media.findById(id);
    if (!medium) throw ApiException.notFound('Medium');
    checkHeaders(medium, headers);
    await this.claim(medium);
    const type = MEDIA_TYPES[medium.contentType]!;
    const video = type.kind === 'video' ? new Mp4DurationReader() : undefined;
    let durationMs: number | null = null;
    try {
      const alive = aliveUpload(body, {
        idleMs: UPLOAD_IDLE_MS,
        beatEveryMs: UPLOAD_BEAT_MS,
        beat: () => this.beat(id),
      });
      await this.storage.put(
        id,
        checkedUpload(alive, type, medium.size, video && ((bytes) => video.feed(bytes))),
        medium.size,
      );
      if (video) durationMs = checkedDuration(video, this.longestVideo.maxMs);
    } catch (error) {
      const reason = error instanceof ApiException ? error.message : 'The upload was interrupted';
      await this.storage.delete(id);
      await this.media.uploadFailed(id, reason);
      throw error;
    }
    const uploadedAt = this.clock.now();
    await this.media.uploadDone(id, uploadedAt, durationMs);
    return mediaView({ ...medium, state: 'ready', uploadedAt, durationMs, failure: null });
  }

  /** Marks the medium `uploading` for this request, unless it is ready or another live upload has it. */
  private async claim(medium: Medium): Promise<void> {
    if (!(await this.media.claimUpload(medium.id, STALE_UPLOAD_MS)))
      throw ApiException.conflict(
        medium.state === 'ready' ? 'The medium is already uploaded' : 'The medium is being uploaded by another request',
      );
  }

  private async beat(id: string): Promise<void> {
    await this.media.beat(id);
  }
}

function checkHeaders(medium: Medium, headers: UploadHeaders): void {
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
}
