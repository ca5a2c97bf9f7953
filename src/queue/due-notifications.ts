import { PgListener } from '../database';

/** The channel the database notifies when work becomes due now (payload: the lane's name). */
export const QUEUE_DUE_CHANNEL = 'queue_due';

/**
 * LISTENs for `queue_due`, so an idle worker claims new work at once instead of at its next poll.
 * While the connection is down, the workers' polling covers.
 */
export class DueNotifications {
  private readonly listener: PgListener;

  constructor(databaseUrl: string | undefined, onDue: (lane: string) => void) {
    this.listener = new PgListener({ databaseUrl, channel: QUEUE_DUE_CHANNEL, onMessage: onDue });
  }

  start(): void {
    this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
