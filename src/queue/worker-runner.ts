import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { Logger as GraphileLogger, parseCronItems, run, Runner, TaskList, WorkerEvents } from 'graphile-worker';
import { Pool } from 'pg';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { TaskRegistry } from './task-registry';
import { WorkerLiveness } from './worker-liveness';
import { WORKER_POOL } from './worker-pool';

/**
 * Runs graphile-worker in this process when ROLE is worker or all. Jobs are taken with SKIP LOCKED,
 * so any number of worker processes can share one database; each job runs in exactly one of them.
 */
@Injectable()
export class WorkerRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private runner: Runner | undefined;
  private liveness: WorkerLiveness | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_POOL) private readonly pool: Pool,
    private readonly tasks: TaskRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'api') return;
    const taskList: TaskList = Object.fromEntries(this.tasks.entries().map(([name, handler]) => [name, (payload: unknown) => handler(payload)]));
    const liveness = new WorkerLiveness(this.pool, this.config.workerDeadAfterMs);
    const events: WorkerEvents = new EventEmitter();
    // Jobs are locked by the pool's id (and, in some paths, a worker's): track both.
    events.on('pool:create', ({ workerPool }) => liveness.track(workerPool.id));
    events.on('worker:create', ({ worker }) => liveness.track(worker.workerId));
    this.runner = await run({
      events,
      pgPool: this.pool,
      concurrency: this.config.workerConcurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      taskList,
      parsedCronItems: parseCronItems(this.tasks.scheduled().map(({ task, match }) => ({ task, match, identifier: task }))),
      logger: new GraphileLogger((scope) => (level, message) => {
        const line = { msg: message, task: scope.taskIdentifier, jobId: scope.jobId };
        if (level === 'error') this.logger.error(line);
        else if (level === 'warning') this.logger.warn(line);
        else this.logger.debug(line);
      }),
    });
    liveness.start();
    this.liveness = liveness;
    this.logger.log(`Worker started (${this.config.workerConcurrency} at once): ${[...Object.keys(taskList)].join(', ')}`);
  }

  /** Lets running jobs finish (a job cut off is safe anyway: it runs again and resumes), then closes the pool. */
  async onApplicationShutdown(): Promise<void> {
    await this.runner?.stop();
    this.runner = undefined;
    await this.liveness?.stop();
    await this.pool.end();
  }
}
