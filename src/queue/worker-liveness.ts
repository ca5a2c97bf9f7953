import { Logger } from '@nestjs/common';
import { LaneRegistry } from './work-lane';
import { WorkerHeartbeatsStore } from './worker-heartbeats.store';

/**
 * Heartbeats for this process's workers, and the sweep that frees a dead worker's locks and claims.
 *
 * graphile-worker keeps a job locked by the worker that took it, and a lane's claim (an account's
 * publishing, an event's attempt) names its worker; after a crash either would stay taken. Every
 * live worker process beats; any worker that stopped beating for `deadAfterMs` is unlocked with
 * graphile-worker's own force_unlock_workers and has its lane claims let go, and its work runs
 * again elsewhere (where the publish task resumes it without posting twice).
 */
export class WorkerLiveness {
  private readonly logger = new Logger('Worker');
  private readonly workerIds = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** The database's time at this process's first beat since its last failed tick. */
  private healthySince: Date | undefined;

  constructor(
    private readonly heartbeats: WorkerHeartbeatsStore,
    private readonly deadAfterMs: number,
    private readonly lanes: LaneRegistry,
  ) {}

  /** Tracks a worker id and beats for it at once: a lane claims nothing before its worker has beaten. */
  async trackBeating(workerId: string): Promise<void> {
    this.track(workerId);
    await this.beat();
  }

  /** A worker or worker pool id of this process (graphile-worker locks jobs and queues with it). */
  track(workerId: string): void {
    this.workerIds.add(workerId);
  }

  /**
   * Workers of this process that stopped for good (their pool shut down): they no longer beat, and
   * their locks are freed now if the database answers, else by the sweep once they count as dead.
   */
  async forget(workerIds: string[]): Promise<void> {
    for (const id of workerIds) this.workerIds.delete(id);
    if (workerIds.length === 0) return;
    await this.heartbeats.unlockJobs(workerIds).catch(() => undefined);
  }

  start(): void {
    if (this.timer) return;
    const every = Math.max(250, Math.floor(this.deadAfterMs / 4));
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.workerIds.size) await this.heartbeats.remove([...this.workerIds]).catch(() => undefined);
  }

  /**
   * Beats, then sweeps, but only once this process has reached the database for deadAfterMs in a
   * row: after an outage every heartbeat is old, and the first process back would otherwise take
   * every live worker for dead and let go of claims they still work on. Within deadAfterMs of
   * being back, every live worker has beaten again (they beat four times as often).
   */
  private async tick(): Promise<void> {
    try {
      const now = await this.beat();
      this.healthySince ??= now;
      if (now.getTime() - this.healthySince.getTime() >= this.deadAfterMs) await this.sweep();
    } catch (error) {
      this.healthySince = undefined;
      // The database may be down; the next tick tries again.
      this.logger.warn({ msg: 'Worker heartbeat failed', err: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Beats for this process's workers; answers the database's time. */
  private async beat(): Promise<Date> {
    if (this.workerIds.size === 0) return this.heartbeats.now();
    return this.heartbeats.beat([...this.workerIds]);
  }

  /**
   * Dead workers: those whose last beat is older than deadAfterMs, and those holding a lock taken
   * longer ago than that without ever having beaten (a process killed between taking its first
   * job and its first beat). A live worker beats every deadAfterMs / 4, so it is never among them.
   */
  private async sweep(): Promise<void> {
    const dead = await this.heartbeats.takeDead(this.deadAfterMs);
    if (dead.length > 0) {
      await this.heartbeats.unlockJobs(dead);
      this.logger.warn({ msg: 'Unlocked the jobs of workers that stopped beating', workers: dead });
    }
    for (const lane of this.lanes.all()) {
      const released = await lane.releaseAbandoned(dead, this.deadAfterMs);
      if (released > 0)
        this.logger.warn({
          msg: 'Let go of the claims of workers that stopped beating',
          lane: lane.name,
          claims: released,
        });
    }
  }
}
