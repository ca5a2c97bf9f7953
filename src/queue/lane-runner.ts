import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
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

  /**
   * Resolves once every lane of this process is idle together: each made a claim that found nothing
   * due while it held nothing, and no work began or ended on any lane meanwhile (so no lane's work
   * made another's due, as a published post makes its webhook due). Tests await it to say "nothing
   * (more) happens" after an action, instead of sleeping for a while and hoping.
   */
  async idle(): Promise<void> {
    const loops = [...this.loops.values()];
    if (loops.length === 0) throw new Error('No lane runs in this process (ROLE=api, or not started yet)');
    const workCount = () => loops.reduce((sum, loop) => sum + loop.workCount, 0);
    for (;;) {
      const before = workCount();
      await Promise.all(loops.map((loop) => loop.idle()));
      if (workCount() === before) return;
    }
  }

  async stop(): Promise<void> {
    await this.notifications?.stop();
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
  }
}
