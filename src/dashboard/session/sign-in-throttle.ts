import { Injectable } from '@nestjs/common';
import { normalizeEmail } from '../users/dashboard-users.service';
import { throttleAddress } from '../../common/http/client-address';
import { DashboardStore } from '../dashboard.store';
import { QUIET_PERIOD_HOURS, signInDelayTable } from './sign-in-delay';

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

  constructor(private readonly store: DashboardStore) {}

  /**
   * Counts this attempt as a failure before its password is checked, in one statement, and only
   * if sign-in is open for it now. Concurrent attempts queue on the row's lock, so however many
   * arrive at once, no more pass than the delay allows (a plain read first would let them all
   * through). A count quiet for QUIET_PERIOD_HOURS starts again from one.
   */
  async reserve(email: string, ip: string): Promise<Reservation> {
    const key = throttleKey(email, ip);
    if (await this.store.reserveSignIn(key, this.delays, QUIET_PERIOD_HOURS)) return { open: true };
    const wait = await this.store.signInWait(key, this.delays);
    // At least a second: a row cleared between the two statements still refused this attempt.
    return { open: false, retryAfterSeconds: Math.max(wait ?? 1, 1) };
  }

  /**
   * After a successful sign-in: clears the count of this email address from this client address
   * only. Counts for other addresses stay, so signing in to one's own account resets nothing else.
   */
  async clear(email: string, ip: string): Promise<void> {
    await this.store.clearSignInFailures(throttleKey(email, ip));
  }

  /** Deletes counts quiet for QUIET_PERIOD_HOURS (they would start from zero anyway); returns how many. */
  async purgeQuiet(): Promise<number> {
    return this.store.purgeQuietSignInFailures(QUIET_PERIOD_HOURS);
  }
}
