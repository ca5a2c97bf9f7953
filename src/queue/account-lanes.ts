import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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
    @InjectDataSource() private readonly dataSource: DataSource,
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
    const [taken] = (await this.dataSource.query(
      `INSERT INTO publish_lanes AS lane (account_id, customer_id, claimed_by, claimed_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (account_id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_at = now() WHERE lane.claimed_by IS NULL
       RETURNING account_id`,
      [accountId, customerId, workerId],
    )) as unknown[];
    if (!taken) return { held: false };
    try {
      return { held: true, result: await work(workerId) };
    } finally {
      // Until it succeeds: a live worker's hold is never taken over, and the account publishes nothing meanwhile.
      await retryUntilDone(
        this.logger,
        `Letting go of account ${accountId}'s lane`,
        async () => {
          await this.dataSource.query('SELECT release_lane($1, $2)', [accountId, workerId]);
        },
        this.shutdown.signal,
      );
    }
  }
}
