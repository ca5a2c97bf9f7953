import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { ClaimLoop } from './claim-loop';
import { DueNotifications } from './due-notifications';
import { LaneRegistry } from './work-lane';
import { WorkerIdentity } from './worker-identity';

/**
 * Runs every registered lane in this process (WorkerRunner starts and stops it), each with its own
 * slots, under this process's worker id (WorkerIdentity).
 */
@Injectable()
export class LaneRunner {
  private readonly logger = new Logger('Worker');
  private readonly loops = new Map<string, ClaimLoop<unknown>>();
  private notifications: DueNotifications | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lanes: LaneRegistry,
    private readonly identity: WorkerIdentity,
  ) {}

  async start(): Promise<void> {
    const workerId = await this.identity.beatingId();
    for (const lane of this.lanes.all())
      this.loops.set(lane.name, new ClaimLoop(lane, workerId, this.config.queuePollMs));
    this.notifications = new DueNotifications(this.config.database.url, (lane) => this.loops.get(lane)?.wake());
    this.notifications.start();
    for (const loop of this.loops.values()) loop.start();
    this.logger.log(
      `Lanes started: ${this.lanes
        .all()
        .map((lane) => `${lane.name} (${lane.slots} at once)`)
        .join(', ')}`,
    );
  }

  async stop(): Promise<void> {
    await this.notifications?.stop();
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
  }
}
