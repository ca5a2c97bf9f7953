import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { TaskRegistry } from '../queue';
import { PURGE_CONNECT_STATE } from '../scheduling';
import { ConnectStore } from './connect.store';

/** How long connect state is kept after it expired: a day. */
export const EXPIRED_CONNECT_STATE_KEPT_MS = 86_400_000;

/**
 * Deletes connect attempts and pending sessions a day after they expired (by the clock), finalized
 * or not: an abandoned session would otherwise keep its (encrypted) tokens forever. Hourly:
 * PURGE_CONNECT_STATE.
 */
@Injectable()
export class PurgeExpiredConnectState implements OnModuleInit {
  private readonly logger = new Logger('Connect');

  constructor(
    private readonly store: ConnectStore,
    private readonly tasks: TaskRegistry,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PURGE_CONNECT_STATE.job, () => this.run());
  }

  async run(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - EXPIRED_CONNECT_STATE_KEPT_MS);
    const { attempts, sessions } = await this.store.purgeExpiredBefore(cutoff);
    if (attempts || sessions) this.logger.log({ msg: 'Purged expired connect state', attempts, sessions });
  }
}
