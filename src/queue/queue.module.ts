import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { DatabaseModule } from '../database';
import { JobQueue } from './job-queue';
import { AccountLanes } from './account-lanes';
import { LaneRunner } from './lane-runner';
import { QueueMetrics } from './queue-metrics';
import { QueueStore } from './queue.store';
import { ShutdownSignal } from './shutdown-signal';
import { TaskRegistry } from './task-registry';
import { LaneRegistry } from './work-lane';
import { WorkerIdentity } from './worker-identity';
import { WorkerHeartbeatsStore } from './worker-heartbeats.store';
import { WorkerLiveness } from './worker-liveness';
import { createWorkerPool, WORKER_POOL } from './worker-pool';
import { WorkerRunner } from './worker-runner';

/**
 * The work queues, by ROLE run in this process: the lanes (publishing and webhook attempts, claimed
 * fairly from their own tables) and graphile-worker (token refreshes and periodic jobs). Not global:
 * a module whose providers queue jobs or register tasks imports it, so its dependencies show.
 */
@Module({
  imports: [DatabaseModule],
  providers: [
    QueueStore,
    WorkerHeartbeatsStore,
    JobQueue,
    TaskRegistry,
    LaneRegistry,
    LaneRunner,
    WorkerIdentity,
    AccountLanes,
    ShutdownSignal,
    WorkerRunner,
    QueueMetrics,
    { provide: WORKER_POOL, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createWorkerPool(config) },
    {
      provide: WorkerLiveness,
      inject: [WorkerHeartbeatsStore, APP_CONFIG, LaneRegistry],
      useFactory: (heartbeats: WorkerHeartbeatsStore, config: AppConfig, lanes: LaneRegistry) =>
        new WorkerLiveness(heartbeats, config.workerDeadAfterMs, lanes),
    },
  ],
  exports: [QueueStore, JobQueue, TaskRegistry, LaneRegistry, AccountLanes, ShutdownSignal],
})
export class QueueModule {}
