import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { normalizeEmail } from '../users/dashboard-users.service';
import { throttleAddress } from '../../common/http/client-address';
import { QUIET_PERIOD_HOURS, signInDelayTable } from './sign-in-delay';

/**
 * Deletes the counts quiet for $1 hours, by the index on last_failed_at (exported so a test can
 * check the plan uses it). statement_timestamp(), not clock_timestamp(): a volatile bound cannot be
 * an index condition, and the purge needs no clock finer than its own statement's.
 */
export const PURGE_QUIET_SQL = `DELETE FROM dashboard_sign_in_failures WHERE last_failed_at <= statement_timestamp() - $1 * interval '1 hour'`;

/** Whether a sign-in attempt may check its password now. */
export type Reservation = { open: true } | { open: false; retryAfterSeconds: number };

/**
 * What the count is kept by: the email address together with the client's address (IPv6 by /64).
 * Not the email alone, so someone elsewhere cannot lock the real user out; not the client address
 * alone, so behind a shared proxy (or NAT) guesses at made-up addresses close sign-in for nobody else.
 */
export function throttleKey(email: string, ip: string): string {
  return `${normalizeEmail(email)} ${throttleAddress(ip)}`;
}

/**
 * Slows down password guessing: consecutive failed sign-ins for one email address from one client
 * address close sign-in for a growing time (sign-in-delay.ts). Kept in PostgreSQL, so it holds
 * across restarts and every instance, and read on the database's clock only.
 */
@Injectable()
export class SignInThrottle {
  private readonly delays = signInDelayTable();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Counts this attempt as a failure before its password is checked, in one statement, and only
   * if sign-in is open for it now. Concurrent attempts queue on the row's lock, so however many
   * arrive at once, no more pass than the delay allows (a plain read first would let them all
   * through). A count quiet for QUIET_PERIOD_HOURS starts again from one.
   */
  async reserve(email: string, ip: string): Promise<Reservation> {
    const key = throttleKey(email, ip);
    const reserved = (await this.dataSource.query(
      `INSERT INTO dashboard_sign_in_failures AS f (key, failures, last_failed_at) VALUES ($1, 1, clock_timestamp())
       ON CONFLICT (key) DO UPDATE
          SET failures = CASE WHEN f.last_failed_at <= clock_timestamp() - $3 * interval '1 hour' THEN 1 ELSE f.failures + 1 END,
              last_failed_at = clock_timestamp()
        WHERE f.last_failed_at <= clock_timestamp() - $3 * interval '1 hour'
           OR ${DELAY_SQL} = 0
           OR f.last_failed_at + ${DELAY_SQL} * interval '1 second' <= clock_timestamp()
       RETURNING failures`,
      [key, this.delays, QUIET_PERIOD_HOURS],
    )) as unknown[];
    if (reserved.length) return { open: true };
    const rows = (await this.dataSource.query(
      `SELECT ceil(extract(epoch FROM f.last_failed_at + ${DELAY_SQL} * interval '1 second' - clock_timestamp()))::int AS wait
         FROM dashboard_sign_in_failures f WHERE key = $1`,
      [key, this.delays],
    )) as Array<{ wait: number }>;
    // At least a second: a row cleared between the two statements still refused this attempt.
    return { open: false, retryAfterSeconds: Math.max(rows[0]?.wait ?? 1, 1) };
  }

  /**
   * After a successful sign-in: clears the count of this email address from this client address
   * only. Counts for other addresses stay, so signing in to one's own account resets nothing else.
   */
  async clear(email: string, ip: string): Promise<void> {
    await this.dataSource.query('DELETE FROM dashboard_sign_in_failures WHERE key = $1', [throttleKey(email, ip)]);
  }

  /** Deletes counts quiet for QUIET_PERIOD_HOURS (they would start from zero anyway); returns how many. */
  async purgeQuiet(): Promise<number> {
    const [, deleted] = (await this.dataSource.query(PURGE_QUIET_SQL, [QUIET_PERIOD_HOURS])) as [unknown, number];
    return deleted;
  }
}

/** The delay after f.failures failures, from the table passed as $2 (its last entry stands for every higher count). */
const DELAY_SQL = `($2::int[])[least(f.failures, cardinality($2::int[]) - 1) + 1]`;
