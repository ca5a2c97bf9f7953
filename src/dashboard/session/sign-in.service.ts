import { Injectable } from '@nestjs/common';
import { DashboardUsersService } from '../users/dashboard-users.service';
import { DashboardSessionsService, StartedSession } from './dashboard-sessions.service';
import { SignInThrottle } from './sign-in-throttle';

export type SignInOutcome =
  | { kind: 'signed-in'; session: StartedSession }
  | { kind: 'wrong-credentials' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/** Checks a password under the throttle and opens a session. */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: DashboardUsersService,
    private readonly sessions: DashboardSessionsService,
    private readonly throttle: SignInThrottle,
  ) {}

  async signIn(email: string, password: string, ip: string): Promise<SignInOutcome> {
    // The attempt is counted as a failure before the password is checked, and refused while sign-in
    // is closed: guesses made then teach nothing, and parallel guesses cannot all slip through.
    const reservation = await this.throttle.reserve(email, ip);
    if (!reservation.open) return { kind: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds };
    const user = await this.users.verify(email, password);
    if (!user) return { kind: 'wrong-credentials' };
    await this.throttle.clear(email, ip);
    return { kind: 'signed-in', session: await this.sessions.start(user.id) };
  }
}
