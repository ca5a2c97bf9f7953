import { Logger } from '@nestjs/common';

const RETRY_MS = [200, 500, 1_000, 2_000, 5_000];

/**
 * Runs `step` until it succeeds, waiting longer after each failure (up to 5 s). For letting go of
 * a claim: a live worker's claim is never taken over by the liveness sweep, so a release that
 * failed once (the database away for a moment) must be made again, or the claimed work waits for
 * this process to end.
 *
 * Once `stopping` is aborted (the process shuts down) a failed step is not retried: the process is
 * about to end, its heartbeat with it, and the other workers let go of its claims once it counts
 * as dead. Without this, a shutdown during an outage would wait for the database forever.
 * Answers whether the step succeeded.
 */
export async function retryUntilDone(
  logger: Logger,
  what: string,
  step: () => Promise<void>,
  stopping?: AbortSignal,
): Promise<boolean> {
  for (let failures = 0; ; failures++) {
    try {
      await step();
      return true;
    } catch (error) {
      const err = error instanceof Error ? error.message : String(error);
      if (stopping?.aborted) {
        logger.warn({
          msg: `${what} failed while shutting down; the other workers will let go of it once this one counts as dead`,
          err,
        });
        return false;
      }
      if (failures === 0) logger.warn({ msg: `${what} failed; retrying until it succeeds`, err });
      await pause(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!, stopping);
    }
  }
}

/** Waits `ms`, or less if `stopping` is aborted meanwhile. */
function pause(ms: number, stopping: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopping?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stopping?.addEventListener('abort', done, { once: true });
  });
}
