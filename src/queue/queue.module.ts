import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { DatabaseModule } from '../database/database.module';
import { JobQueue } from './job-queue';
import { AccountLanes } from './account-lanes';
import { LaneRunner } from './lane-runner';
import { ShutdownSignal } from './shutdown-signal';
import { TaskRegistry } from './task-registry';
import { LaneRegistry } from './work-lane';
import { WorkerIdentity } from './worker-identity';
import { WorkerLiveness } from './worker-liveness';
import { createWorkerPool, WORKER_POOL } from './worker-pool';
import { WorkerRunner } from './worker-runner';
import type { Pool } from 'pg';

/**
 * The work queues, by ROLE run in this process: the lanes (publishing and webhook attempts, claimed
 * fairly from their own tables) and graphile-worker (token refreshes and periodic jobs).
 */
@Global()
@Module({
  imports: [DatabaseModule],
  providers: [
    JobQueue,
    TaskRegistry,
    LaneRegistry,
    LaneRunner,
    WorkerIdentity,
    AccountLanes,
    ShutdownSignal,
    WorkerRunner,
    { provide: WORKER_POOL, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createWorkerPool(config) },
    {
      provide: WorkerLiveness,
      inject: [WORKER_POOL, APP_CONFIG, LaneRegistry],
      useFactory: (pool: Pool, config: AppConfig, lanes: LaneRegistry) =>
        new WorkerLiveness(pool, config.workerDeadAfterMs, lanes),
    },
  ],
  exports: [JobQueue, TaskRegistry, LaneRegistry, AccountLanes, ShutdownSignal],
})
export class QueueModule {}
