import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import type { AppConfig } from '../../config';
import { throttleAddress } from '../../common/http/client-address';
import { monotonicClock } from '../../rate-limit';
import { TokenBuckets } from '../../rate-limit';
import type { Reservation } from './sign-in-throttle';

/**
 * Bounds the passwords one client address can have checked, whatever the emails: each check is an
 * Argon2id hash (19 MiB, about as much CPU as hundreds of API requests), and the per-email count
 * (SignInThrottle) lets anyone try 3 free guesses at every email it makes up. A token is taken
 * before the password is checked and kept only when the check fails: a successful sign-in, or an
 * attempt the per-email count refuses unchecked, gives it back, so people who know their password
 * never use up their address's share. Kept in each instance's memory (DASHBOARD_SIGN_IN_BURST,
 * DASHBOARD_SIGN_IN_PER_MINUTE): what it protects is that instance's CPU.
 */
@Injectable()
export class SignInAddressThrottle {
  private readonly buckets: TokenBuckets;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.buckets = new TokenBuckets(config.dashboard.signInsPerAddress, monotonicClock);
  }

  /** Takes one check from the address's share, or says how long until one is free. */
  take(ip: string): Reservation {
    const decision = this.buckets.take(throttleAddress(ip));
    return decision.allowed ? { open: true } : { open: false, retryAfterSeconds: decision.retryAfterSeconds };
  }

  /** The attempt turned out not to be a failed check: its token goes back. */
  giveBack(ip: string): void {
    this.buckets.giveBack(throttleAddress(ip));
  }
}
