import { Injectable, OnModuleInit } from '@nestjs/common';
import { TaskRegistry } from '../queue';
import { PURGE_IDEMPOTENCY_KEYS } from '../scheduling';
import { PostsStore } from './posts.store';

/** Idempotency keys are honoured for 24 hours; after that their stored answers are deleted (hourly: PURGE_IDEMPOTENCY_KEYS). */
@Injectable()
export class PurgeIdempotencyKeys implements OnModuleInit {
  constructor(
    private readonly store: PostsStore,
    private readonly tasks: TaskRegistry,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PURGE_IDEMPOTENCY_KEYS.job, () => this.run());
  }

  async run(): Promise<void> {
    await this.store.purgeIdempotencyKeys();
  }
}
