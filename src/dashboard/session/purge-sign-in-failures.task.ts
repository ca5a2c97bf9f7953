import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { TaskRegistry } from '../../queue/task-registry';
import { SignInThrottle } from './sign-in-throttle';

export const PURGE_SIGN_IN_FAILURES_TASK = 'purge-quiet-sign-in-failures';

/**
 * Deletes failed-sign-in counts that have been quiet for a day. Guesses at made-up addresses
 * each leave a row; without this the table would only grow.
 */
@Injectable()
export class PurgeSignInFailures implements OnModuleInit {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly throttle: SignInThrottle,
    private readonly tasks: TaskRegistry,
  ) {}

  onModuleInit(): void {
    this.tasks.schedule(PURGE_SIGN_IN_FAILURES_TASK, '17 * * * *', () => this.run());
  }

  async run(): Promise<void> {
    const deleted = await this.throttle.purgeQuiet();
    if (deleted) this.logger.log({ msg: 'Purged quiet sign-in failure counts', deleted });
  }
}
