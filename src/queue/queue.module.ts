import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { DatabaseModule } from '../database/database.module';
import { JobQueue } from './job-queue';
import { TaskRegistry } from './task-registry';
import { createWorkerPool, WORKER_POOL } from './worker-pool';
import { WorkerRunner } from './worker-runner';

/** The durable job queue (graphile-worker, in the same Postgres) and, by ROLE, the worker. */
@Global()
@Module({
  imports: [DatabaseModule],
  providers: [
    JobQueue,
    TaskRegistry,
    WorkerRunner,
    { provide: WORKER_POOL, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createWorkerPool(config) },
  ],
  exports: [JobQueue, TaskRegistry],
})
export class QueueModule {}
