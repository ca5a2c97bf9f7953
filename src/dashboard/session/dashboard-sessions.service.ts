import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import type { CustomerMode } from '../../customers/customer.entity';
import { hashToken, isWellFormedToken, randomToken } from './tokens';

/** Who is signed in, as every dashboard page needs it. */
export interface DashboardSession {
  userId: string;
  email: string;
  /** The world the pages show: the customer's live data, or its test world's (see `viewing`). */
  customerId: string;
  /** The customer the user belongs to: its API keys, redirect URLs and network apps serve both worlds. */
  liveCustomerId: string;
  customerName: string;
  /** Which world the session looks at (the Live / Test switch). */
  viewing: CustomerMode;
  /** The synchronizer token this session's forms carry. */
  csrfToken: string;
}

export interface StartedSession {
  /** The cookie's value. Only its hash is stored. */
  token: string;
  expiresAt: Date;
  /**
   * The cookie's Max-Age: expires_at minus now, both on the database's clock (the application's
   * clock may differ from the database's by any amount).
   */
  maxAgeSeconds: number;
}

/**
 * Dashboard sign-ins. A session is a random token in an HttpOnly cookie; the database keeps its
 * SHA-256 hash, so a copy of the table opens no session. It ends at sign-out or after
 * DASHBOARD_SESSION_HOURS.
 */
@Injectable()
export class DashboardSessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Opens a session on the world of the customer's most recently used API key that still works
   * (live when none was used): after working with a test key, the user first sees the test data
   * they made.
   */
  async start(userId: string): Promise<StartedSession> {
    const token = randomToken();
    const [row] = (await this.dataSource.query(
      `INSERT INTO dashboard_sessions (token_hash, user_id, csrf_token, expires_at, viewing)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond',
               coalesce((SELECT w.mode
                           FROM dashboard_users u
                           JOIN customers w ON w.id = u.customer_id OR w.live_customer_id = u.customer_id
                           JOIN api_keys k ON k.customer_id = w.id
                          WHERE u.id = $2 AND k.last_used_at IS NOT NULL AND k.revoked_at IS NULL
                          ORDER BY k.last_used_at DESC
                          LIMIT 1), 'live'))
       RETURNING expires_at, floor(extract(epoch FROM expires_at - now()))::int AS max_age`,
      [hashToken(token), userId, randomToken(), this.config.dashboard.sessionTtlMs],
    )) as Array<{ expires_at: Date; max_age: number }>;
    // Expired sessions of anyone are of no use; clearing them here needs no scheduled job.
    await this.dataSource.query('DELETE FROM dashboard_sessions WHERE expires_at < now()');
    return { token, expiresAt: row!.expires_at, maxAgeSeconds: row!.max_age };
  }

  /** The live session behind a cookie's token, or undefined (malformed, unknown, ended or expired). */
  async resolve(token: string | undefined): Promise<DashboardSession | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    // Viewing test data needs the test world, which the switch makes: without one, live.
    const rows = (await this.dataSource.query(
      `SELECT u.id AS user_id, u.email, c.id AS live_customer_id, c.name AS customer_name, s.csrf_token, w.id AS test_world_id
         FROM dashboard_sessions s JOIN dashboard_users u ON u.id = s.user_id JOIN customers c ON c.id = u.customer_id
              LEFT JOIN customers w ON s.viewing = 'test' AND w.live_customer_id = c.id AND w.mode = 'test'
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hashToken(token)],
    )) as Array<{
      user_id: string;
      email: string;
      live_customer_id: string;
      customer_name: string;
      csrf_token: string;
      test_world_id: string | null;
    }>;
    const row = rows[0];
    if (!row) return undefined;
    return {
      userId: row.user_id,
      email: row.email,
      customerId: row.test_world_id ?? row.live_customer_id,
      liveCustomerId: row.live_customer_id,
      customerName: row.customer_name,
      viewing: row.test_world_id ? 'test' : 'live',
      csrfToken: row.csrf_token,
    };
  }

  /** Switches the session to the customer's live data or its test world (which must exist for `test`). */
  async view(token: string | undefined, viewing: CustomerMode): Promise<void> {
    if (!isWellFormedToken(token)) return;
    await this.dataSource.query('UPDATE dashboard_sessions SET viewing = $2 WHERE token_hash = $1', [
      hashToken(token),
      viewing,
    ]);
  }

  async end(token: string | undefined): Promise<void> {
    if (!isWellFormedToken(token)) return;
    await this.dataSource.query('DELETE FROM dashboard_sessions WHERE token_hash = $1', [hashToken(token)]);
  }
}
