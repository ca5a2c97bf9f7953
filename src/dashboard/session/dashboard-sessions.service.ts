import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import type { AppConfig } from '../../config';
import type { CustomerMode } from '../../customers';
import { DashboardStore } from '../dashboard.store';
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
    private readonly store: DashboardStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Opens a session on the world of the customer's most recently used API key that still works
   * (live when none was used): after working with a test key, the user first sees the test data
   * they made.
   */
  async start(userId: string): Promise<StartedSession> {
    const token = randomToken();
    const opened = await this.store.startSession(
      hashToken(token),
      userId,
      randomToken(),
      this.config.dashboard.sessionTtlMs,
    );
    // Expired sessions of anyone are of no use; clearing them here needs no scheduled job.
    await this.store.deleteExpiredSessions();
    return { token, ...opened };
  }

  /** The live session behind a cookie's token, or undefined (malformed, unknown, ended or expired). */
  async resolve(token: string | undefined): Promise<DashboardSession | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    const session = await this.store.resolveSession(hashToken(token));
    if (!session) return undefined;
    // Viewing test data needs the test world, which the switch makes: without one, live.
    return {
      userId: session.userId,
      email: session.email,
      customerId: session.testWorldId ?? session.liveCustomerId,
      liveCustomerId: session.liveCustomerId,
      customerName: session.customerName,
      viewing: session.testWorldId ? 'test' : 'live',
      csrfToken: session.csrfToken,
    };
  }

  /** Switches the session to the customer's live data or its test world (which must exist for `test`). */
  async view(token: string | undefined, viewing: CustomerMode): Promise<void> {
    if (!isWellFormedToken(token)) return;
    await this.store.setViewing(hashToken(token), viewing);
  }

  async end(token: string | undefined): Promise<void> {
    if (!isWellFormedToken(token)) return;
    await this.store.deleteSession(hashToken(token));
  }
}
