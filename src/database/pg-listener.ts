import { Logger } from '@nestjs/common';
import { Client } from 'pg';

export interface PgListenerOptions {
  databaseUrl: string | undefined;
  channel: string;
  /** A notification on the channel (its payload). */
  onMessage: (payload: string) => void;
  /** Called with true once LISTEN is in place, false whenever the connection is lost (notifications may then be missed). */
  onListening?: (listening: boolean) => void;
}

/**
 * One connection LISTENing on a channel, reconnecting after a drop (with backoff). What the
 * callers do while it is down is theirs to decide: it tells them (onListening).
 */
export class PgListener {
  private readonly logger = new Logger('Database');
  private client: Client | undefined;
  private stopped = false;
  private retryMs = 500;

  constructor(private readonly options: PgListenerOptions) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    this.options.onListening?.(false);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.options.databaseUrl, connectionTimeoutMillis: 3_000 });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.options.onListening?.(false);
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn({
        msg: `Lost the LISTEN connection for ${this.options.channel}; reconnecting`,
        err: error?.message,
      });
      setTimeout(() => void this.connect(), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    };
    this.client = client;
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === this.options.channel) this.options.onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
      if (this.client !== client) return;
      this.retryMs = 500;
      this.options.onListening?.(true);
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
