import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { Logger as GraphileLogger, JobHelpers, run, Runner, TaskList, WorkerEvents } from 'graphile-worker';
import { APP_CONFIG } from '../config';
import { backgroundJobSpan } from '../observability';
import type { AppConfig } from '../config';
import { LaneRunner } from './lane-runner';
import { TaskRegistry } from './task-registry';
import { WorkerLiveness } from './worker-liveness';
import { WORKER_POOL } from './worker-pool';
import type { WorkerPool } from './worker-pool';

/** How long a pool that has released its workers may take to finish before it counts as stopped. */
const POOL_FINISH_MS = 5_000;

/** Slots for graphile-worker's jobs (token refreshes, periodic jobs); the lanes have their own. */
const GRAPHILE_CONCURRENCY = 3;

/**
 * Runs the work of this process when ROLE is worker or all: the lanes (publishing, webhook
 * attempts: LaneRunner) and graphile-worker for the rest (token refreshes, periodic jobs). Both
 * take work with SKIP LOCKED or serialized claims, so any number of worker processes can share one
 * database; each piece of work runs in exactly one of them.
 */
@Injectable()
export class WorkerRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private runner: Runner | undefined;
  private stopping = false;
  private started = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_POOL) private readonly pool: WorkerPool,
    private readonly tasks: TaskRegistry,
    private readonly liveness: WorkerLiveness,
    private readonly lanes: LaneRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'api') return;
    this.started = true;
    this.liveness.start();
    await this.lanes.start();
    await this.start();
    this.logger.log(
      `Worker started (jobs: ${GRAPHILE_CONCURRENCY} at once): ${this.tasks
        .entries()
        .map(([name]) => name)
        .join(', ')}`,
    );
  }

  /** Starts graphile-worker, and watches it: a pool that stops by itself is started again. */
  private async start(): Promise<void> {
    const liveness = this.liveness;
    const taskList: TaskList = Object.fromEntries(
      this.tasks
        .entries()
        .map(([name, handler]) => [
          name,
          (payload: unknown, helpers: JobHelpers) =>
            backgroundJobSpan({ task: name, attempt: helpers.job.attempts }, () => handler(payload)),
        ]),
    );
    const events: WorkerEvents = new EventEmitter();
    const ids: string[] = [];
    const track = (id: string) => {
      ids.push(id);
      liveness.track(id);
    };
    // Jobs are locked by the pool's id (and, in some paths, a worker's): track both.
    events.on('pool:create', ({ workerPool }) => track(workerPool.id));
    events.on('worker:create', ({ worker }) => track(worker.workerId));
    // graphile-worker (0.17.3) can end a pool without ever settling runner.promise: its batcher of
    // job completions counts pending batches below zero once a second batch has failed, and the
    // pool's end waits for that count to come back to zero. So once the pool has released all its
    // workers (none of its jobs runs any more), it has a moment to finish; then it counts as stopped.
    // Declared before run() and assigned once it returns: the pool's events may call stopped() while run() is still starting.
    // eslint-disable-next-line prefer-const
    let runner: Runner | undefined;
    let over = false;
    const stopped = (error?: unknown) => {
      if (over) return;
      over = true;
      this.stoppedByItself(runner, ids, error);
    };
    const workersReleased = () =>
      setTimeout(() => stopped(new Error('the pool released its workers but never finished')), POOL_FINISH_MS).unref();
    events.on('pool:gracefulShutdown:complete', workersReleased);
    events.on('pool:forcefulShutdown:complete', workersReleased);
    events.on('pool:forcefulShutdown:error', workersReleased);
    runner = await run({
      events,
      pgPool: this.pool,
      // Only token refreshes and periodic jobs run here now: a few slots are plenty.
      concurrency: GRAPHILE_CONCURRENCY,
      noHandleSignals: true,
      pollInterval: 1000,
      // Completions and failures go through graphile-worker's batcher, which retries them and, when
      // the database stays away, shuts the pool down cleanly (and stoppedByItself starts a new one).
      // Without it a completion that fails is an unhandled rejection, which kills the process.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      taskList,
      logger: new GraphileLogger((scope) => (level, message) => {
        const line = { msg: message, task: scope.taskIdentifier, jobId: scope.jobId };
        if (level === 'error') this.logger.error(line);
        else if (level === 'warning') this.logger.warn(line);
        else this.logger.debug(line);
      }),
    });
    this.runner = runner;
    runner.promise.then(
      () => stopped(),
      (error: unknown) => stopped(error),
    );
  }

  /**
   * graphile-worker shuts its pool down when it cannot record a job's end (the database went away
   * for longer than its retries): the process must not die with it, nor stop taking jobs. Every
   * task is safe to run again, so the old pool's locks are freed and a new pool starts, retrying
   * with backoff until the database answers.
   */
  private stoppedByItself(runner: Runner | undefined, ids: string[], error?: unknown): void {
    if (this.stopping) return;
    this.logger.error({
      msg: 'The job worker stopped by itself; starting it again',
      err: error instanceof Error ? error.message : String(error ?? 'no error'),
    });
    // A runner whose pool never finished is stopped too (when it did finish, it is already stopped).
    runner?.stop().catch(() => undefined);
    void this.liveness.forget(ids);
    void this.restart();
  }

  private async restart(): Promise<void> {
    for (let delayMs = 1_000; !this.stopping; delayMs = Math.min(delayMs * 2, 30_000)) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (this.stopping) return;
      try {
        await this.start();
        this.logger.warn({ msg: 'The job worker is running again' });
        return;
      } catch (error) {
        this.logger.warn({
          msg: 'The job worker could not start yet',
          err: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  /** Lets running jobs finish (a job cut off is safe anyway: it runs again and resumes), then closes the pool. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.started) await this.lanes.stop();
    await this.runner?.stop();
    this.runner = undefined;
    if (this.started) await this.liveness.stop();
    await this.pool.end();
  }
}
