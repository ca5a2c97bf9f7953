/** What every periodic task declares: when it runs, and the round instances claim to run it once. */
interface Schedule {
  /**
   * Its name: the round's row in scan_rounds, its cron job's name in Nest's SchedulerRegistry, its
   * log lines. Rows outlive a deploy, so a name once used is kept.
   */
  name: string;
  /** Cron pattern, read in UTC (as graphile-worker's crontab was, which ran the purges before). */
  cron: string;
  /**
   * The cron's interval (a unit test checks the two agree). A round lasts half of it: every
   * instance's tick of one round falls in it (their clocks agree to well under that), and a round's
   * own next tick never comes so early as to be taken for part of it.
   */
  everyMs: number;
}

/**
 * A scan: one query for the work due and the jobs it queues, in one transaction that holds the
 * advisory lock `lock` (see Database.lockedScan), so two scans never overlap even when a slow one runs
 * past its round. The module that owns the scan hands the scheduler its run function at start.
 */
export interface LockedScan extends Schedule {
  lock: number;
}

/**
 * A job queued on schedule: each round one instance adds graphile-worker job `job` (registered
 * in TaskRegistry by its owner), which any worker runs, with graphile-worker's retries.
 */
export interface QueuedJob extends Schedule {
  job: string;
}

export type PeriodicTask = LockedScan | QueuedJob;

/** A scan's run: `ran` false when another instance held its lock (that scan covers the same rows). */
export type ScanRun = () => Promise<{ ran: boolean }>;
