import { Logger } from '@nestjs/common';

const RETRY_MS = [200, 500, 1_000, 2_000, 5_000];

/**
 * Runs `step` until it succeeds, waiting longer after each failure (up to 5 s). For letting go of
 * a claim: a live worker's claim is never taken over by the liveness sweep, so a release that
 * failed once (the database away for a moment) must be made again, or the claimed work waits for
 * this process to end.
 */
export async function retryUntilDone(logger: Logger, what: string, step: () => Promise<void>): Promise<void> {
  for (let failures = 0; ; failures++) {
    try {
      return await step();
    } catch (error) {
      if (failures === 0) logger.warn({ msg: `${what} failed; retrying until it succeeds`, err: error instanceof Error ? error.message : String(error) });
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]));
    }
  }
}
