import { Injectable, Logger } from '@nestjs/common';
import { QueueStore } from './queue.store';
import { retryUntilDone } from './retry-until-done';
import { ShutdownSignal } from './shutdown-signal';
import { WorkerIdentity } from './worker-identity';

/**
 * Holding an account's lane outside publishing: work on an account that must never run beside its
 * publishing (a token refresh, whose rotating refresh token two callers must not both spend) takes
 * the same lane a publishing worker takes, under this process's worker id (which beats, so a
 * crash lets go of it like any claim).
 */
@Injectable()
export class AccountLanes {
  private readonly logger = new Logger('Worker');

  constructor(
    private readonly store: QueueStore,
    private readonly identity: WorkerIdentity,
    private readonly shutdown: ShutdownSignal,
  ) {}

  /**
   * Runs `work` holding the account's lane (under `workerId`, which the work's own steps may check
   * the lane against); answers `busy` without running it while someone else holds it.
   */
  async withLane<T>(
    accountId: string,
    customerId: string,
    work: (workerId: string) => Promise<T>,
  ): Promise<{ held: true; result: T } | { held: false }> {
    const workerId = await this.identity.beatingId();
    const taken = await this.store.takeLane(accountId, customerId, workerId);
    if (!taken) return { held: false };
    try {
      return { held: true, result: await work(workerId) };
    } finally {
      // Until it succeeds: a live worker's hold is never taken over, and the account publishes nothing meanwhile.
      await retryUntilDone(
        this.logger,
        `Letting go of account ${accountId}'s lane`,
        () => this.store.releaseLane(accountId, workerId),
        this.shutdown.signal,
      );
    }
  }
}
