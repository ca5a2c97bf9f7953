import { Injectable, OnModuleInit } from '@nestjs/common';
import { TaskRegistry } from '../queue';
import { PURGE_OLD_EVENTS } from '../scheduling';
import { EventHistoryStore } from './event-history.store';
import { EVENT_RETENTION_DAYS } from './event-retention';

/** Events at a time, so that one statement never holds its locks long (the first run after an upgrade may find months). */
const BATCH = 5_000;

/**
 * Events older than EVENT_RETENTION_DAYS are deleted, their attempts with them; one still pending
 * or claimed (a resend of an old event) waits until it settles. Hourly: PURGE_OLD_EVENTS.
 */
@Injectable()
export class PurgeOldEvents implements OnModuleInit {
  constructor(
    private readonly store: EventHistoryStore,
    private readonly tasks: TaskRegistry,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PURGE_OLD_EVENTS.job, async () => {
      await this.run();
    });
  }

  /** Resolves to how many events were deleted. */
  async run(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const batch = await this.store.purgeOlderThan(EVENT_RETENTION_DAYS, BATCH);
      deleted += batch;
      if (batch < BATCH) return deleted;
    }
  }
}
