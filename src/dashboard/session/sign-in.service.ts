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
    // While closed, the password is not even checked: guesses made then teach nothing.
    const wait = await this.throttle.waitSeconds(email, ip);
    if (wait > 0) return { kind: 'throttled', retryAfterSeconds: wait };
    const user = await this.users.verify(email, password);
    if (!user) {
      await this.throttle.recordFailure(email, ip);
      return { kind: 'wrong-credentials' };
    }
    await this.throttle.clear(email, ip);
    return { kind: 'signed-in', session: await this.sessions.start(user.id) };
  }
}
