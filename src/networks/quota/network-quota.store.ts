import { Injectable } from '@nestjs/common';
import { Database } from '../../database';
import { CHARGE_QUOTA_SQL } from './network-quota.sql';

/** One bucket of a network app's quota in one window (a day, as the network counts it). */
export interface QuotaBucket {
  /** The network's id. */
  network: string;
  /** The app the network counts the quota of (its client id). */
  appKey: string;
  /** The window the network counts in, as the network names it (`2026-11-26` for a day). */
  window: string;
  /** Which of the network's quotas (YouTube: `units`, and `videos.insert` its own). */
  bucket: string;
}

/**
 * What a network app used of a quota the network counts per window (network_quota_usage): any
 * network whose limits are a budget per app and period (YouTube's units per day) charges each call
 * here before making it, and waits for the next window rather than being refused. The only way to
 * that table.
 */
@Injectable()
export class NetworkQuotaStore {
  constructor(private readonly database: Database) {}

  /** Charges `cost` unless the bucket would pass `limit`; true when charged, false (nothing charged) when it would. */
  async charge(bucket: QuotaBucket, cost: number, limit: number): Promise<boolean> {
    const rows = await this.database.rows<{ used: number }>(CHARGE_QUOTA_SQL, [
      bucket.network,
      bucket.appKey,
      bucket.window,
      bucket.bucket,
      cost,
      limit,
    ]);
    return rows.length > 0;
  }
}
