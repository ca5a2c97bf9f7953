import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { TaskRegistry } from '../../queue';
import { PURGE_SIGN_IN_FAILURES } from '../../scheduling';
import { SignInThrottle } from './sign-in-throttle';

/**
 * Deletes failed-sign-in counts that have been quiet for a day. Guesses at made-up addresses
 * each leave a row; without this the table would only grow. Hourly: PURGE_SIGN_IN_FAILURES.
 */
@Injectable()
export class PurgeSignInFailures implements OnModuleInit {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly throttle: SignInThrottle,
    private readonly tasks: TaskRegistry,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PURGE_SIGN_IN_FAILURES.job, () => this.run());
  }

  async run(): Promise<void> {
    const deleted = await this.throttle.purgeQuiet();
    if (deleted) this.logger.log({ msg: 'Purged quiet sign-in failure counts', deleted });
  }
}
