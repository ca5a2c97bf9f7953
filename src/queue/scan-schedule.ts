import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';

/**
 * One tick of a periodic scan's cron job (each schedule keeps its own @Cron name and interval):
 * skipped on API-only instances, and a failure is logged, not thrown, so the next tick tries again.
 */
export async function runScheduledScan(
  config: AppConfig,
  logger: Logger,
  name: string,
  scanOnce: () => Promise<{ ran: boolean }>,
): Promise<void> {
  // API-only instances serve HTTP; scans are background work, like the jobs.
  if (config.role === 'api') return;
  try {
    const result = await scanOnce();
    if (!result.ran) logger.debug(`${name} skipped: another instance is scanning`);
  } catch (error) {
    // The database may be down: the next tick tries again.
    logger.warn({ msg: `${name} failed`, err: error instanceof Error ? error.message : String(error) });
  }
}
