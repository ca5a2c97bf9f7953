import { Injectable } from '@nestjs/common';
import { DashboardUsersService } from '../users/dashboard-users.service';
import { DashboardSessionsService, StartedSession } from './dashboard-sessions.service';
import { SignInAddressThrottle } from './sign-in-address-throttle';
import { SignInThrottle } from './sign-in-throttle';

export type SignInOutcome =
  | { kind: 'signed-in'; session: StartedSession }
  | { kind: 'wrong-credentials' }
  /** `email`: this email's failures from this address; `address`: this address's failures, whatever the emails. */
  | { kind: 'throttled'; retryAfterSeconds: number; by: 'email' | 'address' };

/** Checks a password under the throttles (per address, then per email from the address) and opens a session. */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: DashboardUsersService,
    private readonly sessions: DashboardSessionsService,
    private readonly throttle: SignInThrottle,
    private readonly addressThrottle: SignInAddressThrottle,
  ) {}

  async signIn(email: string, password: string, ip: string): Promise<SignInOutcome> {
    // The address's share first, in memory: a storm of guesses at many emails is refused before it
    // costs a database write or a password hash.
    const byAddress = this.addressThrottle.take(ip);
    if (!byAddress.open) return { kind: 'throttled', retryAfterSeconds: byAddress.retryAfterSeconds, by: 'address' };
    let checked = false;
    try {
      // The attempt is counted as a failure before the password is checked, and refused while sign-in
      // is closed: guesses made then teach nothing, and parallel guesses cannot all slip through.
      const reservation = await this.throttle.reserve(email, ip);
      if (!reservation.open)
        return { kind: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds, by: 'email' };
      const user = await this.users.verify(email, password);
      if (!user) {
        checked = true;
        return { kind: 'wrong-credentials' };
      }
      await this.throttle.clear(email, ip);
      return { kind: 'signed-in', session: await this.sessions.start(user.id) };
    } finally {
      // Only a password checked and found wrong stays counted against the address.
      if (!checked) this.addressThrottle.giveBack(ip);
    }
  }
}
