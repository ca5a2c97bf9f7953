import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TaskRegistry } from '../queue/task-registry';
import { PURGE_IDEMPOTENCY_KEYS } from '../scheduling/periodic-tasks';

/** Idempotency keys are honoured for 24 hours; after that their stored answers are deleted (hourly: PURGE_IDEMPOTENCY_KEYS). */
@Injectable()
export class PurgeIdempotencyKeys implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tasks: TaskRegistry,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PURGE_IDEMPOTENCY_KEYS.job, () => this.run());
  }

  async run(): Promise<void> {
    await this.dataSource.query("DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours'");
  }
}
