import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { TaskRegistry } from '../queue';
import { PURGE_UNUSED_MEDIA } from '../scheduling';
import { MediaService } from './media.service';
import { MediaStore } from './media.store';

/** Media at a time, so one run never holds a long transaction. */
const BATCH = 100;

/**
 * Media no post has used for MEDIA_RETENTION_DAYS (counted from its announcement when none ever
 * did), by the clock's time, are deleted (each checked again as it goes: a post may have taken it
 * up since). A post marks its media used until its publishing time when it is accepted, and again
 * when it is published, so a scheduled post never loses its media. Hourly: PURGE_UNUSED_MEDIA.
 */
@Injectable()
export class PurgeUnusedMedia implements OnModuleInit {
  constructor(
    private readonly store: MediaStore,
    private readonly tasks: TaskRegistry,
    private readonly media: MediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PURGE_UNUSED_MEDIA.job, async () => {
      await this.run();
    });
  }

  /** Resolves to how many media were deleted. The cut-off is the clock's time less the retention period. */
  async run(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.media.retentionDays * 86_400_000);
    let deleted = 0;
    for (;;) {
      const ids = await this.store.unusedSince(cutoff, BATCH);
      for (const id of ids) if (await this.media.purgeIfUnused(id, cutoff)) deleted += 1;
      if (ids.length < BATCH) return deleted;
    }
  }
}
