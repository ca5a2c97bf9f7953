import { isRecord, JsonRecord, numberField, recordField, stringField } from '../http/json-fields';
import type { PostMedia } from '../network-adapter';
import type { ResponseClassifier } from '../http/network-api';
import { NETWORK_TIMEOUT_MS } from '../http/network-http.client';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';
import { blueskyResponseError } from './bluesky-errors';
import { didWebOf, serviceToken, uploadServiceToken } from './bluesky-service-auth';
import { BLUESKY_LIMITS } from './bluesky-lexicon-limits';
import { AspectRatio, mp4AspectRatio } from './bluesky-mp4';
import type { BlobRef } from './bluesky-records';
import { bearer, BlueskyXrpc } from './bluesky-xrpc';

/*
 * A video goes through Bluesky's video service, as https://docs.bsky.app/docs/tutorials/video
 * ("Recommended method") describes: a service token from the account's PDS
 * (com.atproto.server.getServiceAuth, audience the PDS, method com.atproto.repo.uploadBlob, 30
 * minutes), the bytes POSTed to the video service's app.bsky.video.uploadVideo with `did` and
 * `name`, then app.bsky.video.getJobStatus read until the job gives the blob the service stored on
 * the PDS for the account; the post then embeds it (app.bsky.embed.video). The account's daily
 * allowance (app.bsky.video.getUploadLimits) is read first.
 */

/** How far one post's video got, kept in the delivery's progress between attempts. */
export interface BlueskyVideoProgress {
  /** The post of the thread (0: the first) the video is for. */
  part: number;
  /** The video service's job, once the upload was taken. */
  jobId?: string;
  /** When the upload was taken (ISO 8601): reading the job gives up BLUESKY_VIDEO_PROCESSING_LIMIT_MS after. */
  uploadedAt?: string;
  /** The processed video on the account's PDS, once the job gave it. */
  blob?: BlobRef;
  /** Read from the MP4's track header when it states one. */
  aspectRatio?: AspectRatio;
}

/** Reading the job gives up this long after the upload: the service processes a 3-minute video in well under that. */
export const BLUESKY_VIDEO_PROCESSING_LIMIT_MS = 15 * 60_000;
/** The tutorial reads the job every second; after the first half minute we read less often. */
const FIRST_POLLS_MS = 30_000;
const QUICK_POLL_MS = 1_000;
const SLOW_POLL_MS = 5_000;
const LIMITS_LXM = 'app.bsky.video.getUploadLimits';

/** What one publishing attempt needs for a video: the PDS, the video service, the account and how to save. */
export interface BlueskyVideoCall {
  pds: BlueskyXrpc;
  video: BlueskyXrpc;
  did: string;
  token: string;
  /** Sent with the unauthenticated job reads, so that a test world's emulator finds its world. */
  headers: Record<string, string>;
  save(progress: BlueskyVideoProgress): Promise<void>;
  now(): Date;
}

export type BlueskyVideoStep = { kind: 'ready'; embed: JsonRecord } | { kind: 'poll'; at: Date };

export function readVideoProgress(value: unknown): BlueskyVideoProgress | undefined {
  if (!isRecord(value)) return undefined;
  const part = numberField(value, 'part');
  if (part === undefined) return undefined;
  const jobId = stringField(value, 'jobId');
  const uploadedAt = stringField(value, 'uploadedAt');
  const blob = recordField(value, 'blob');
  const ratio = recordField(value, 'aspectRatio');
  const width = ratio ? numberField(ratio, 'width') : undefined;
  const height = ratio ? numberField(ratio, 'height') : undefined;
  return {
    part,
    ...(jobId !== undefined ? { jobId } : {}),
    ...(uploadedAt !== undefined ? { uploadedAt } : {}),
    ...(blob ? { blob } : {}),
    ...(width !== undefined && height !== undefined ? { aspectRatio: { width, height } } : {}),
  };
}

/**
 * The embed of post `part`'s video once the video service has processed it, or when to look
 * again: the upload happens once (its job is saved before anything else), later attempts only
 * read the job, and a job the service failed is a permanent error with the service's words.
 */
export async function blueskyVideoEmbed(
  call: BlueskyVideoCall,
  media: PostMedia,
  part: number,
  saved: BlueskyVideoProgress | undefined,
): Promise<BlueskyVideoStep> {
  let progress: BlueskyVideoProgress = saved?.part === part ? saved : { part };
  if (!progress.blob) {
    if (progress.jobId === undefined) progress = await uploadVideo(call, media, part);
    else progress = await settle(call, progress, await readJob(call, progress.jobId));
  }
  if (!progress.blob) return { kind: 'poll', at: nextRead(call, progress) };
  return {
    kind: 'ready',
    embed: {
      $type: 'app.bsky.embed.video',
      video: progress.blob,
      ...(media.altText ? { alt: media.altText } : {}),
      ...(progress.aspectRatio ? { aspectRatio: progress.aspectRatio } : {}),
    },
  };
}

/** The job status of an answer: `{jobStatus}` as the lexicons say, or the status itself, as the tutorial reads uploadVideo's. */
function jobStatusOf(body: unknown): JsonRecord | undefined {
  if (!isRecord(body)) return undefined;
  const wrapped = recordField(body, 'jobStatus');
  if (wrapped) return wrapped;
  return stringField(body, 'jobId') !== undefined || recordField(body, 'blob') ? body : undefined;
}

/**
 * A job's blob, whatever its state: a video the service already processed for the account ends
 * with the error `already_exists` and the earlier blob, which the tutorial says to use. A job
 * failed without a blob is final.
 */
async function settle(
  call: BlueskyVideoCall,
  progress: BlueskyVideoProgress,
  status: JsonRecord,
): Promise<BlueskyVideoProgress> {
  const blob = recordField(status, 'blob');
  if (blob) {
    const done = { ...progress, blob };
    await call.save(done);
    return done;
  }
  if (stringField(status, 'state') === 'JOB_STATE_FAILED') {
    const reason = [stringField(status, 'error'), stringField(status, 'message')].filter(Boolean).join(': ');
    throw new NetworkError(
      call.video.network,
      'permanent',
      `Bluesky's video service could not process the video${reason ? `: ${safeNetworkMessage(reason)}` : ''}`,
      { code: stringField(status, 'failureCode') ?? 'JOB_STATE_FAILED' },
    );
  }
  return progress;
}

function nextRead(call: BlueskyVideoCall, progress: BlueskyVideoProgress): Date {
  const now = call.now().getTime();
  const since = Date.parse(progress.uploadedAt ?? '');
  const waited = Number.isFinite(since) ? now - since : 0;
  if (waited >= BLUESKY_VIDEO_PROCESSING_LIMIT_MS)
    throw new NetworkError(
      call.video.network,
      'permanent',
      `Bluesky's video service was still processing the video ${BLUESKY_VIDEO_PROCESSING_LIMIT_MS / 60_000} minutes after the upload`,
      { code: 'video_processing_timeout' },
    );
  return new Date(now + (waited < FIRST_POLLS_MS ? QUICK_POLL_MS : SLOW_POLL_MS));
}

/**
 * The video service's refusals, classified as XRPC's, except that a refused service token (401:
 * BadJwtAudience, JwtExpired…) says nothing of the account's session: the next attempt asks the PDS
 * for a new token, so it is worth a retry, and the account is not sent to reconnect.
 */
export const blueskyVideoResponseError: ResponseClassifier = (network, response, now) => {
  const error = blueskyResponseError(network, response, now);
  if (error?.kind !== 'auth_expired') return error;
  return new NetworkError(network, 'transient', error.message, error.details);
};

/** Refuses a video the account's daily allowance cannot take, before any byte is sent; the bytes still allowed, when said. */
async function checkUploadLimits(call: BlueskyVideoCall): Promise<number | undefined> {
  const token = await serviceToken(call, didWebOf(call.video.baseUrl), LIMITS_LXM);
  const body = await call.video.query(LIMITS_LXM, {}, token);
  const limits = isRecord(body) ? body : {};
  const said = stringField(limits, 'message') ?? stringField(limits, 'error');
  const refuse = (why: string) =>
    new NetworkError(call.video.network, 'permanent', `${why}${said ? ` (${safeNetworkMessage(said)})` : ''}`, {
      code: 'video_upload_limit',
    });
  if (limits.canUpload !== true) throw refuse('Bluesky does not let this account upload videos now');
  if ((numberField(limits, 'remainingDailyVideos') ?? 1) <= 0)
    throw refuse("The Bluesky account used up today's video uploads");
  return numberField(limits, 'remainingDailyBytes');
}

/**
 * How long the one request carrying the video may take: the usual deadline, plus a second for each
 * megabyte (a link of 8 Mbit/s), so that a 300 MB video is not cut off at the deadline of a JSON call.
 */
export function uploadTimeoutMs(size: number): number {
  return NETWORK_TIMEOUT_MS + Math.ceil(size / 1_000_000) * 1000;
}

/** The file name sent as `name`: the URL's own when it is a plain MP4 name. */
function fileName(url: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return /^[\w.-]{1,100}\.mp4$/i.test(last) ? last : 'video.mp4';
}

async function uploadVideo(call: BlueskyVideoCall, media: PostMedia, part: number): Promise<BlueskyVideoProgress> {
  const remainingBytes = await checkUploadLimits(call);
  const { bytes } = await call.video.download(media.url, BLUESKY_LIMITS.videoBytes);
  if (remainingBytes !== undefined && bytes.length > remainingBytes)
    throw new NetworkError(
      call.video.network,
      'permanent',
      `The video (${bytes.length} bytes) is more than the Bluesky account may still upload today (${remainingBytes} bytes)`,
      { code: 'video_upload_limit' },
    );
  const token = await uploadServiceToken(call, call.now());
  const query = new URLSearchParams({ did: call.did, name: fileName(media.url) });
  const answer = await call.video.sendRecovering(
    {
      method: 'POST',
      url: call.video.url(`/xrpc/app.bsky.video.uploadVideo?${query.toString()}`),
      bytes: { data: bytes, contentType: 'video/mp4' },
      headers: bearer(token),
      timeoutMs: uploadTimeoutMs(bytes.length),
    },
    // A video the service already has for the account is refused with its job (`already_exists`), which holds its blob.
    (refusal) => {
      const status = jobStatusOf(refusal.body);
      return status && recordField(status, 'blob') ? status : undefined;
    },
  );
  const status = answer.recovered ?? jobStatusOf(answer.body);
  const jobId = status ? stringField(status, 'jobId') : undefined;
  if (!status || !jobId) throw call.video.unexpected('uploadVideo answered without a job');
  const aspectRatio = mp4AspectRatio(bytes);
  const progress: BlueskyVideoProgress = {
    part,
    jobId,
    uploadedAt: call.now().toISOString(),
    ...(aspectRatio ? { aspectRatio } : {}),
  };
  await call.save(progress);
  const settled = await settle(call, progress, status);
  if (settled.blob) return settled;
  // A short video may be done already: read the job once now, as the tutorial's loop does, before coming back later.
  return settle(call, settled, await readJob(call, jobId));
}

async function readJob(call: BlueskyVideoCall, jobId: string): Promise<JsonRecord> {
  const body = await call.video.query('app.bsky.video.getJobStatus', { jobId }, undefined, call.headers);
  const status = jobStatusOf(body);
  if (!status) throw call.video.unexpected('getJobStatus answered without a jobStatus');
  return status;
}
