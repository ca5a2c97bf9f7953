import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TaskRegistry } from '../queue/task-registry';
import { PURGE_CONNECT_STATE } from '../scheduling/periodic-tasks';

/**
 * Deletes connect attempts and pending sessions a day after they expired, finalized or not: an
 * abandoned session would otherwise keep its (encrypted) tokens forever. Hourly: PURGE_CONNECT_STATE.
 */
@Injectable()
export class PurgeExpiredConnectState implements OnModuleInit {
  private readonly logger = new Logger('Connect');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tasks: TaskRegistry,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PURGE_CONNECT_STATE.job, () => this.run());
  }

  async run(): Promise<void> {
    const [, attempts] = (await this.dataSource.query(
      "DELETE FROM connect_attempts WHERE expires_at < now() - interval '1 day'",
    )) as [unknown, number];
    const [, sessions] = (await this.dataSource.query(
      "DELETE FROM pending_sessions WHERE expires_at < now() - interval '1 day'",
    )) as [unknown, number];
    if (attempts || sessions) this.logger.log({ msg: 'Purged expired connect state', attempts, sessions });
  }
}
