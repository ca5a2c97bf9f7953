import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { TaskRegistry } from '../queue';
import { PURGE_CONNECT_STATE } from '../scheduling';
import { ConnectStore } from './connect.store';

/**
 * Deletes connect attempts and pending sessions a day after they expired, finalized or not: an
 * abandoned session would otherwise keep its (encrypted) tokens forever. Hourly: PURGE_CONNECT_STATE.
 */
@Injectable()
export class PurgeExpiredConnectState implements OnModuleInit {
  private readonly logger = new Logger('Connect');

  constructor(
    private readonly store: ConnectStore,
    private readonly tasks: TaskRegistry,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PURGE_CONNECT_STATE.job, () => this.run());
  }

  async run(): Promise<void> {
    const { attempts, sessions } = await this.store.purgeExpired();
    if (attempts || sessions) this.logger.log({ msg: 'Purged expired connect state', attempts, sessions });
  }
}
