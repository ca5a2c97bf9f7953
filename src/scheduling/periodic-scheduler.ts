import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { periodicTaskSpan } from '../observability';
import { JobQueue } from '../queue';
import { TaskRegistry } from '../queue';
import { LockedScan, PeriodicTask, ScanRun } from './periodic-task';
import { PERIODIC_TASKS } from './periodic-tasks';
import { ScanRoundsStore } from './scan-rounds.store';

/**
 * Runs the periodic tasks (PERIODIC_TASKS) on Nest's scheduler: at start, one cron job each in
 * SchedulerRegistry, under the task's name. Every instance's cron fires; the tick of the one that
 * claims the round runs the task, the others skip it (ScanRoundsStore). Scans run the function their
 * module handed over (`handle`); a queued job is added to graphile-worker's queue.
 */
@Injectable()
export class PeriodicScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('Scheduler');
  private readonly scans = new Map<string, ScanRun>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rounds: ScanRoundsStore,
    private readonly jobs: JobQueue,
    private readonly tasks: TaskRegistry,
    private readonly registry: SchedulerRegistry,
  ) {}

  /** Called by the module that owns the scan, at its start (onModuleInit). */
  handle(scan: LockedScan, run: ScanRun): void {
    if (!PERIODIC_TASKS.includes(scan)) throw new Error(`"${scan.name}" is not in PERIODIC_TASKS`);
    if (this.scans.has(scan.name)) throw new Error(`The scan "${scan.name}" is handled twice`);
    this.scans.set(scan.name, run);
  }

  onApplicationBootstrap(): void {
    const jobs = new Set(this.tasks.entries().map(([name]) => name));
    for (const task of PERIODIC_TASKS) {
      // A task that nothing would run is a wiring mistake: the process does not start with it.
      if ('lock' in task ? !this.scans.has(task.name) : !jobs.has(task.job))
        throw new Error(`The periodic task "${task.name}" has nothing to run it`);
      const cron = CronJob.from({
        cronTime: task.cron,
        timeZone: 'UTC',
        // A tick still running when the next one comes (a slow scan) makes that one skip.
        waitForCompletion: true,
        onTick: () => this.tick(task),
        start: true,
        name: task.name,
      });
      this.registry.addCronJob(task.name, cron);
    }
  }

  /**
   * One tick of a task's cron: skipped on API-only instances and by every instance but the one
   * that claims the round; a failure is logged, not thrown, so the next tick tries again.
   */
  async tick(task: PeriodicTask): Promise<void> {
    // API-only instances serve HTTP; periodic tasks are background work, like the jobs.
    if (this.config.role === 'api') return;
    try {
      if (!(await this.rounds.claim(task.name, task.everyMs / 2))) {
        this.logger.debug(`${task.name} skipped: another instance took this round`);
        return;
      }
      await periodicTaskSpan(task.name, () => this.runRound(task));
    } catch (error) {
      // The database may be down: the next tick tries again.
      this.logger.warn({ msg: `${task.name} failed`, err: error instanceof Error ? error.message : String(error) });
    }
  }

  /** The round this instance claimed: the scan, or the purge's job queued. */
  private async runRound(task: PeriodicTask): Promise<void> {
    if ('lock' in task) {
      const run = this.scans.get(task.name);
      if (!run) throw new Error(`nothing handles the scan "${task.name}"`);
      const result = await run();
      if (!result.ran) this.logger.debug(`${task.name} skipped: another instance is scanning`);
    } else {
      // The key keeps one job waiting at most, should ticks come while no worker takes jobs.
      await this.jobs.enqueueAlone({
        task: task.job,
        payload: {},
        jobKey: `periodic:${task.job}`,
      });
    }
  }
}
