import { ADVISORY_LOCK_IDS } from '../database';
import { LockedScan, PeriodicTask, QueuedJob } from './periodic-task';

/**
 * Every periodic task of the service, in one place: when it runs, the round instances claim for it
 * (scan_rounds: one instance per round runs it, see PeriodicScheduler), and the lock it scans
 * under or the job it queues. They run on worker instances (ROLE worker or all), on Nest's
 * scheduler (@nestjs/schedule, set up in AppModule); graphile-worker runs the jobs they queue.
 */

/**
 * Queues a refresh for each token about to expire (TokenScan, token-lifecycle/). Every 5 minutes,
 * not configurable on purpose: the shortest refresh window (X, 15 minutes) spans several scans, so
 * one missed or skipped scan never lets a token lapse.
 */
export const TOKEN_SCAN: LockedScan = {
  name: 'Token scan',
  cron: '*/5 * * * *',
  everyMs: 5 * 60_000,
  lock: ADVISORY_LOCK_IDS.tokenScan,
};

/** Queues the background metric reads due (MetricsScan, metrics/): hourly reads land within 5 minutes of due. */
export const METRICS_SCAN: LockedScan = {
  name: 'Metrics scan',
  cron: '*/5 * * * *',
  everyMs: 5 * 60_000,
  lock: ADVISORY_LOCK_IDS.metricsScan,
};

/** Queues a comment read for each recent delivery due one (CommentScan, comments/); each is read at most every 5 minutes. */
export const COMMENT_SCAN: LockedScan = {
  name: 'Comment scan',
  cron: '* * * * *',
  everyMs: 60_000,
  lock: ADVISORY_LOCK_IDS.commentScan,
};

/** Deletes connect attempts and pending sessions a day after they expired (PurgeExpiredConnectState, connect/). */
export const PURGE_CONNECT_STATE: QueuedJob = {
  name: 'purge-expired-connect-state',
  cron: '7 * * * *',
  everyMs: 3600_000,
  job: 'purge-expired-connect-state',
};

/** Deletes failed-sign-in counts quiet for a day (PurgeSignInFailures, dashboard/session/). */
export const PURGE_SIGN_IN_FAILURES: QueuedJob = {
  name: 'purge-quiet-sign-in-failures',
  cron: '17 * * * *',
  everyMs: 3600_000,
  job: 'purge-quiet-sign-in-failures',
};

/** Deletes idempotency keys older than 24 hours (PurgeIdempotencyKeys, posts/). */
export const PURGE_IDEMPOTENCY_KEYS: QueuedJob = {
  name: 'purge-idempotency-keys',
  cron: '23 * * * *',
  everyMs: 3600_000,
  job: 'purge-idempotency-keys',
};

/** Deletes media no post has used for MEDIA_RETENTION_DAYS (PurgeUnusedMedia, media/). */
export const PURGE_UNUSED_MEDIA: QueuedJob = {
  name: 'purge-unused-media',
  cron: '41 * * * *',
  everyMs: 3600_000,
  job: 'purge-unused-media',
};

/** Deletes events (with their attempts) older than EVENT_RETENTION_DAYS, once settled (PurgeOldEvents, webhooks/). */
export const PURGE_OLD_EVENTS: QueuedJob = {
  name: 'purge-old-events',
  cron: '47 * * * *',
  everyMs: 3600_000,
  job: 'purge-old-events',
};

export const PERIODIC_TASKS: readonly PeriodicTask[] = [
  TOKEN_SCAN,
  METRICS_SCAN,
  COMMENT_SCAN,
  PURGE_CONNECT_STATE,
  PURGE_SIGN_IN_FAILURES,
  PURGE_IDEMPOTENCY_KEYS,
  PURGE_UNUSED_MEDIA,
  PURGE_OLD_EVENTS,
];
