import { Injectable } from '@nestjs/common';
import { Database } from '../database';

/**
 * Who runs this round of a periodic task (a scan, a purge). Every worker instance's cron fires at
 * the same moment; the first to claim the round runs it, and the others skip it whether they arrive
 * during that run or just after it committed (then a scan's due rows may still look due, and a
 * second scan would queue their work again). A round is judged by the database's clock; the crons
 * fire by each instance's, which must agree to well under half the interval (as NTP keeps them)
 * for their ticks to meet.
 */
@Injectable()
export class ScanRoundsStore {
  constructor(private readonly database: Database) {}

  /**
   * Claims a new round of the task `name` unless one began less than `spacingMs` ago; true when this
   * caller is to run it. One statement: a second claimant waits on the first's row and then sees it.
   */
  async claim(name: string, spacingMs: number): Promise<boolean> {
    const rows = await this.database.rows<{ name: string }>(
      `INSERT INTO scan_rounds (name, started_at) VALUES ($1, now())
       ON CONFLICT (name) DO UPDATE SET started_at = excluded.started_at
        WHERE scan_rounds.started_at <= now() - $2::bigint * interval '1 millisecond'
       RETURNING name`,
      [name, spacingMs],
    );
    return rows.length > 0;
  }
}
