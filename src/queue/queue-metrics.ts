import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { ServiceMetrics } from '../observability';
import { QueueStore } from './queue.store';
import { WorkerHeartbeatsStore } from './worker-heartbeats.store';
import { WORKER_POOL } from './worker-pool';
import type { WorkerPool } from './worker-pool';

/**
 * What the queue tells the metrics: the publishing and job lanes' backlogs, the workers'
 * heartbeats, and the job queue's own connection pool. The webhook lane's backlog is told by its
 * owner (webhooks/), whose table it reads.
 */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly store: QueueStore,
    private readonly heartbeats: WorkerHeartbeatsStore,
    @Inject(WORKER_POOL) private readonly pool: WorkerPool,
    @Optional() private readonly metrics?: ServiceMetrics,
  ) {}

  onModuleInit(): void {
    if (!this.metrics) return;
    this.metrics.queueBacklog('publish', () => this.store.publishBacklog());
    this.metrics.queueBacklog('job', () => this.store.jobBacklog());
    this.metrics.workerHeartbeats(() => this.heartbeats.ages());
    this.metrics.watchPool(this.pool);
  }
}
