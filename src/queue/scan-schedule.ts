import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { ScanRounds } from './scan-rounds';

/** A periodic scan as its cron runs it: its name (also its round's name) and how often the cron fires. */
export interface PeriodicScan {
  name: string;
  everyMs: number;
}

/**
 * One tick of a periodic scan's cron job (each schedule keeps its own @Cron name and interval):
 * skipped on API-only instances and by every instance but the one that claims the round, and a
 * failure is logged, not thrown, so the next tick tries again.
 */
@Injectable()
export class ScheduledScans {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rounds: ScanRounds,
  ) {}

  async tick(scan: PeriodicScan, logger: Logger, scanOnce: () => Promise<{ ran: boolean }>): Promise<void> {
    // API-only instances serve HTTP; scans are background work, like the jobs.
    if (this.config.role === 'api') return;
    try {
      // Half the interval: the instances' ticks of one round are moments apart, and a round's own
      // tick never comes so early after the last one as to be taken for part of it.
      if (!(await this.rounds.claim(scan.name, scan.everyMs / 2))) {
        logger.debug(`${scan.name} skipped: another instance took this round`);
        return;
      }
      const result = await scanOnce();
      if (!result.ran) logger.debug(`${scan.name} skipped: another instance is scanning`);
    } catch (error) {
      // The database may be down: the next tick tries again.
      logger.warn({ msg: `${scan.name} failed`, err: error instanceof Error ? error.message : String(error) });
    }
  }
}
