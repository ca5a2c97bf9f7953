import { Injectable } from '@nestjs/common';
import type { CustomerMode } from '../customers';
import { Database } from '../database';
import {
  PURGE_QUIET_SQL,
  RESERVE_SIGN_IN_SQL,
  RESOLVE_SESSION_SQL,
  SIGN_IN_WAIT_SQL,
  START_SESSION_SQL,
} from './dashboard.sql';

/** A dashboard user with the hash their password is checked against. */
export interface DashboardUserWithPassword {
  id: string;
  customerId: string;
  email: string;
  passwordHash: string;
}

/** A session just opened, with its end on the database's clock. */
export interface OpenedSession {
  expiresAt: Date;
  /** expires_at minus now, both on the database's clock. */
  maxAgeSeconds: number;
}

/** An unexpired session as a page needs it. */
export interface ResolvedSession {
  userId: string;
  email: string;
  liveCustomerId: string;
  customerName: string;
  csrfToken: string;
  /** Set when the session views test data and the customer has a test world. */
  testWorldId: string | null;
}

interface ResolvedSessionRow {
  user_id: string;
  email: string;
  live_customer_id: string;
  customer_name: string;
  csrf_token: string;
  test_world_id: string | null;
}

/**
 * The only way to the dashboard's tables: its users, their sessions, and the failed sign-in counts.
 * Session tokens arrive here hashed; this store never sees a cookie's value.
 */
@Injectable()
export class DashboardStore {
  constructor(private readonly database: Database) {}

  /** Adds a user (a unique violation on the address is the caller's to answer). */
  async insertUser(user: DashboardUserWithPassword): Promise<void> {
    await this.database.execute(
      'INSERT INTO dashboard_users (id, customer_id, email, password_hash) VALUES ($1, $2, $3, $4)',
      [user.id, user.customerId, user.email, user.passwordHash],
    );
  }

  async findUserByEmail(email: string): Promise<DashboardUserWithPassword | undefined> {
    const [row] = await this.database.rows<{ id: string; customer_id: string; email: string; password_hash: string }>(
      'SELECT id, customer_id, email, password_hash FROM dashboard_users WHERE email = $1',
      [email],
    );
    return row && { id: row.id, customerId: row.customer_id, email: row.email, passwordHash: row.password_hash };
  }

  /** Opens a session for the user (see START_SESSION_SQL for the world it views first). */
  async startSession(tokenHash: string, userId: string, csrfToken: string, ttlMs: number): Promise<OpenedSession> {
    const [row] = await this.database.rows<{ expires_at: Date; max_age: number }>(START_SESSION_SQL, [
      tokenHash,
      userId,
      csrfToken,
      ttlMs,
    ]);
    return { expiresAt: row!.expires_at, maxAgeSeconds: row!.max_age };
  }

  /** Deletes every expired session, anyone's. */
  async deleteExpiredSessions(): Promise<void> {
    await this.database.execute('DELETE FROM dashboard_sessions WHERE expires_at < now()', []);
  }

  async resolveSession(tokenHash: string): Promise<ResolvedSession | undefined> {
    const [row] = await this.database.rows<ResolvedSessionRow>(RESOLVE_SESSION_SQL, [tokenHash]);
    if (!row) return undefined;
    return {
      userId: row.user_id,
      email: row.email,
      liveCustomerId: row.live_customer_id,
      customerName: row.customer_name,
      csrfToken: row.csrf_token,
      testWorldId: row.test_world_id,
    };
  }

  async setViewing(tokenHash: string, viewing: CustomerMode): Promise<void> {
    await this.database.execute('UPDATE dashboard_sessions SET viewing = $2 WHERE token_hash = $1', [
      tokenHash,
      viewing,
    ]);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.database.execute('DELETE FROM dashboard_sessions WHERE token_hash = $1', [tokenHash]);
  }

  /**
   * Counts a sign-in attempt for `key` as a failure, in one statement, only if sign-in is open for
   * it now (by the `delays` table; a count quiet for `quietHours` starts again); true when it was.
   */
  async reserveSignIn(key: string, delays: number[], quietHours: number): Promise<boolean> {
    const reserved = await this.database.rows(RESERVE_SIGN_IN_SQL, [key, delays, quietHours]);
    return reserved.length > 0;
  }

  /** Seconds until sign-in opens again for `key`, or undefined when it has no count. */
  async signInWait(key: string, delays: number[]): Promise<number | undefined> {
    const [row] = await this.database.rows<{ wait: number }>(SIGN_IN_WAIT_SQL, [key, delays]);
    return row?.wait;
  }

  async clearSignInFailures(key: string): Promise<void> {
    await this.database.execute('DELETE FROM dashboard_sign_in_failures WHERE key = $1', [key]);
  }

  /** Deletes the counts quiet for `quietHours`; returns how many. */
  async purgeQuietSignInFailures(quietHours: number): Promise<number> {
    return (await this.database.execute(PURGE_QUIET_SQL, [quietHours])).affected;
  }
}
