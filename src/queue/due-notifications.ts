import { Logger } from '@nestjs/common';
import { Client } from 'pg';

/** The channel the database notifies when work becomes due now (payload: the lane's name). */
export const QUEUE_DUE_CHANNEL = 'queue_due';

/**
 * One connection LISTENing for `queue_due`, so an idle worker claims new work at once instead of at
 * its next poll. Reconnects after a drop; meanwhile the workers' polling covers.
 */
export class DueNotifications {
  private readonly logger = new Logger('Worker');
  private client: Client | undefined;
  private stopped = false;
  private retryMs = 500;

  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly onDue: (lane: string) => void,
  ) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 3_000 });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn({ msg: 'Lost the queue notification connection; polling meanwhile', err: error?.message });
      setTimeout(() => void this.connect(), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    };
    this.client = client;
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => this.onDue(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${QUEUE_DUE_CHANNEL}`);
      this.retryMs = 500;
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
