import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { TaskRegistry } from '../queue/task-registry';
import { PURGE_UNUSED_MEDIA } from '../scheduling/periodic-tasks';
import { MediaService } from './media.service';

/** Media at a time, so one run never holds a long transaction. */
const BATCH = 100;

/**
 * Media no post has used for MEDIA_RETENTION_DAYS (counted from the upload when none ever did) are
 * deleted (each checked again as it goes: a post may have taken it up since). A post marks its media used until its publishing time when it is accepted,
 * and again when it is published, so a scheduled post never loses its media. Hourly: PURGE_UNUSED_MEDIA.
 */
@Injectable()
export class PurgeUnusedMedia implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tasks: TaskRegistry,
    private readonly media: MediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PURGE_UNUSED_MEDIA.job, async () => {
      await this.run();
    });
  }

  /** Resolves to how many media were deleted. */
  async run(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.media.retentionDays * 86_400_000);
    let deleted = 0;
    for (;;) {
      const rows = (await this.dataSource.query(
        `SELECT id FROM media WHERE coalesce(last_used_at, created_at) < $1 LIMIT ${BATCH}`,
        [cutoff],
      )) as Array<{ id: string }>;
      for (const { id } of rows) if (await this.media.purgeIfUnused(id, cutoff)) deleted += 1;
      if (rows.length < BATCH) return deleted;
    }
  }
}
