import { randomBase62 } from '../../common/ids';
import { EmulatorState } from '../state/emulator-state';
import { collectionKey } from '../state/object-collections';
import { cidOf, CODECS } from './bluesky-cid';
import { BLUESKY_BLOBS, blobKey } from './bluesky-records';

/** Why a job failed, as app.bsky.video.defs#jobStatus says it. */
interface JobFailure {
  error: string;
  message: string;
  failureCode: string;
}

/** A processing job of the video service. */
export interface StoredVideoJob {
  jobId: string;
  did: string;
  /** The CID of the bytes uploaded: the same video uploaded again by the account is the same job. */
  sourceCid: string;
  size: number;
  createdAt: number;
  /** getJobStatus reads so far: the job completes after blueskyVideoPolls of them. */
  reads: number;
  /** The blob stored on the account's PDS once processed. */
  blobCid?: string;
  failure?: JobFailure;
  /** A repeat upload of a video the account already had processed: it fails `already_exists`, with the earlier blob. */
  alreadyExists?: boolean;
}

export const BLUESKY_VIDEO_JOBS = collectionKey<StoredVideoJob>('bluesky-video-jobs');
/** `<did> <source CID>` → the job that took those bytes first. */
const BLUESKY_VIDEO_SOURCES = collectionKey<string>('bluesky-video-sources');
/** `<did> <UTC day>` → what the account uploaded that day: the daily allowance getUploadLimits reports. */
const BLUESKY_VIDEO_USAGE = collectionKey<{ videos: number; bytes: number }>('bluesky-video-usage');

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function videoUsage(state: EmulatorState, did: string): { videos: number; bytes: number } {
  return state.objects.of(BLUESKY_VIDEO_USAGE).get(`${did} ${dayOf(state.now())}`) ?? { videos: 0, bytes: 0 };
}

/** What the account may still upload today: the settings' daily allowance less today's uploads. */
export function remainingAllowance(state: EmulatorState, did: string): { videos: number; bytes: number } {
  const used = videoUsage(state, did);
  return {
    videos: Math.max(0, state.settings.blueskyDailyVideos - used.videos),
    bytes: Math.max(0, state.settings.blueskyDailyVideoBytes - used.bytes),
  };
}

/**
 * Takes an upload: the account's earlier job for the same bytes when there is one (still
 * processing: that job; processed: a job failing `already_exists` with its blob, as Bluesky's
 * tutorial describes), else a new job, counted against the day's allowance.
 */
export function startVideoJob(state: EmulatorState, did: string, data: Buffer, fails: boolean): StoredVideoJob {
  const jobs = state.objects.of(BLUESKY_VIDEO_JOBS);
  const sourceCid = cidOf(data, CODECS.raw);
  const sources = state.objects.of(BLUESKY_VIDEO_SOURCES);
  const earlier = jobs.get(sources.get(`${did} ${sourceCid}`) ?? '');
  if (earlier && !earlier.failure && earlier.blobCid === undefined) return earlier;
  const job: StoredVideoJob = {
    // The job id travels alone in getJobStatus's URL: it carries the world's mark.
    jobId: `${randomBase62(22)}${state.credentialSuffix}`,
    did,
    sourceCid,
    size: data.length,
    createdAt: state.now(),
    reads: 0,
  };
  if (earlier?.blobCid !== undefined) {
    Object.assign(job, {
      alreadyExists: true,
      blobCid: earlier.blobCid,
      failure: { error: 'already_exists', message: 'Video already processed', failureCode: 'validation_failure' },
    });
  } else {
    if (fails)
      job.failure = {
        error: 'encoding_failure',
        message: 'The video could not be encoded',
        failureCode: 'encoding_failure',
      };
    sources.set(`${did} ${sourceCid}`, job.jobId);
    const usage = videoUsage(state, did);
    state.objects
      .of(BLUESKY_VIDEO_USAGE)
      .set(`${did} ${dayOf(state.now())}`, { videos: usage.videos + 1, bytes: usage.bytes + data.length });
  }
  jobs.set(job.jobId, job);
  return job;
}

/**
 * One read of a job: a failing one fails, others are in progress (encoding) for blueskyVideoPolls reads and at least
 * blueskyVideoProcessingMs, then completed, its processed video stored as a blob of the account
 * (a different CID from the upload's: the service re-encodes it), which createRecord then takes.
 */
export function readVideoJob(state: EmulatorState, job: StoredVideoJob): StoredVideoJob {
  if (job.alreadyExists || job.blobCid !== undefined) return job;
  job.reads += 1;
  if (job.failure) return job;
  const waited = job.reads > state.settings.blueskyVideoPolls;
  const processed = state.now() - job.createdAt >= state.settings.blueskyVideoProcessingMs;
  if (waited && processed) {
    const blobCid = cidOf(Buffer.from(`processed ${job.sourceCid}`), CODECS.raw);
    state.objects
      .of(BLUESKY_BLOBS)
      .set(blobKey(job.did, blobCid), { cid: blobCid, did: job.did, mimeType: 'video/mp4', size: job.size });
    job.blobCid = blobCid;
  }
  return job;
}

/** A job as app.bsky.video.defs#jobStatus says it. */
export function jobStatusView(job: StoredVideoJob): Record<string, unknown> {
  const blob =
    job.blobCid !== undefined
      ? { blob: { $type: 'blob', ref: { $link: job.blobCid }, mimeType: 'video/mp4', size: job.size } }
      : {};
  // A job that fails does so once processing started (its first read), not in the upload's answer.
  if (job.failure && (job.alreadyExists || job.reads > 0))
    return { jobId: job.jobId, did: job.did, state: 'JOB_STATE_FAILED', ...job.failure, ...blob };
  if (job.blobCid !== undefined)
    return { jobId: job.jobId, did: job.did, state: 'JOB_STATE_COMPLETED', progress: 100, ...blob };
  return {
    jobId: job.jobId,
    did: job.did,
    state: job.reads === 0 ? 'JOB_STATE_CREATED' : 'JOB_STATE_ENCODING',
    progress: Math.min(99, job.reads * 25),
  };
}
