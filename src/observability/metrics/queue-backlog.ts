import { Gauge, Registry } from 'prom-client';

/** The lanes whose backlog is measured: deliveries to publish, webhook attempts, graphile-worker's jobs. */
export type QueueLane = 'publish' | 'webhook' | 'job';

/** A lane's work that is due and not claimed: how much, and since when the oldest of it is due (null: none). */
export interface LaneBacklog {
  due: number;
  oldestDueAt: Date | null;
}

/** The workers' heartbeats: how many workers beat, and the age of the oldest beat in seconds (null: none). */
export interface HeartbeatAges {
  workers: number;
  oldestSeconds: number | null;
}

/** Scrapes closer together than this share one reading. */
export const BACKLOG_SAMPLE_MS = 10_000;

/**
 * The queue gauges, read from the database when scraped, at most once per BACKLOG_SAMPLE_MS (one
 * reading at a time; scrapes in between answer the last one). Every process serving metrics reads
 * the same fleet-wide figures: a dashboard takes their max over instances. A failed reading sets
 * sps_db_up to 0 and keeps the previous figures (they would be a guess).
 */
export class QueueBacklog {
  private readonly lanes = new Map<QueueLane, () => Promise<LaneBacklog>>();
  private readHeartbeats?: () => Promise<HeartbeatAges>;
  private readAt = -Infinity;
  private reading?: Promise<void>;

  private readonly due: Gauge<'lane'>;
  private readonly oldest: Gauge<'lane'>;
  private readonly heartbeatAge: Gauge;
  private readonly workers: Gauge;
  private readonly up: Gauge;

  constructor(
    registry: Registry,
    private readonly maxAgeMs = BACKLOG_SAMPLE_MS,
    private readonly now: () => number = () => Date.now(),
  ) {
    const sample = () => this.sample();
    const gauge = <Label extends string>(name: string, help: string, labelNames: Label[] = []) =>
      new Gauge<Label>({ name, help, labelNames, registers: [registry], collect: sample });
    this.due = gauge(
      'sps_queue_due',
      'Work due and not yet claimed, by lane (publish: accounts with a due delivery waiting)',
      ['lane'],
    );
    this.oldest = gauge(
      'sps_queue_oldest_due_seconds',
      'How long the oldest due, unclaimed work of a lane has been due (0: none)',
      ['lane'],
    );
    this.heartbeatAge = gauge(
      'sps_worker_heartbeat_age_seconds',
      "Age of the oldest live worker's last heartbeat (0: no worker)",
    );
    this.workers = gauge('sps_workers', 'Workers with a heartbeat (over every worker process)');
    this.up = gauge(
      'sps_db_up',
      "1 when this process's last reading of the queue gauges reached the database, 0 when it failed",
    );
  }

  lane(lane: QueueLane, read: () => Promise<LaneBacklog>): void {
    this.lanes.set(lane, read);
  }

  heartbeats(read: () => Promise<HeartbeatAges>): void {
    this.readHeartbeats = read;
  }

  /** Reads again when the last reading is older than the sampling period; concurrent collectors share one reading. */
  private sample(): Promise<void> {
    if (this.now() - this.readAt < this.maxAgeMs) return Promise.resolve();
    this.reading ??= this.read().finally(() => {
      this.readAt = this.now();
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    if (this.lanes.size === 0 && !this.readHeartbeats) return;
    try {
      const lanes = await Promise.all([...this.lanes].map(async ([lane, read]) => [lane, await read()] as const));
      const beats = await this.readHeartbeats?.();
      const at = this.now();
      for (const [lane, backlog] of lanes) {
        this.due.set({ lane }, backlog.due);
        this.oldest.set({ lane }, backlog.oldestDueAt ? Math.max(0, (at - backlog.oldestDueAt.getTime()) / 1000) : 0);
      }
      if (beats) {
        this.workers.set(beats.workers);
        this.heartbeatAge.set(beats.oldestSeconds ?? 0);
      }
      this.up.set(1);
    } catch {
      this.up.set(0);
    }
  }
}
