import { Logger } from '@nestjs/common';
import { WorkLane } from './work-lane';

/** Waits after a claim failed (the database away), doubling up to the last. */
const CLAIM_RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * Keeps one lane's slots busy in this process: claims as many items as it has free slots, works on
 * each, and claims again as soon as one finishes. When nothing is due it sleeps until woken (a
 * `queue_due` notification) or for `pollMs` (work that became due by the clock: scheduled posts,
 * retries).
 */
export class ClaimLoop<Item> {
  private readonly logger: Logger;
  private active = 0;
  private stopping = false;
  private sleeping: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  private woken = false;
  private readonly running = new Set<Promise<void>>();
  /** The items in hand (claimed, not yet finished). */
  private readonly held = new Set<Item>();
  /** A claim failed: it may have committed without its answer arriving (see WorkLane.releaseUnheld). */
  private claimUncertain = false;
  private loop: Promise<void> | undefined;
  /** Claims begun so far, and items begun and finished: how `idle` tells a quiet round from a busy one. */
  private claimsBegun = 0;
  private itemsBegun = 0;
  private itemsFinished = 0;
  private idleWaiters: Array<{ afterClaim: number; resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(
    private readonly lane: WorkLane<Item>,
    private readonly workerId: string,
    private readonly pollMs: number,
  ) {
    this.logger = new Logger(`Lane:${lane.name}`);
  }

  start(): void {
    this.loop = this.run();
  }

  /** Something became due: claim now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.interruptSleep();
  }

  /**
   * Resolves at the first claim, begun after this call, that found nothing due while the lane held
   * nothing: whatever was due on this lane when it was called has been worked on and let go. Wakes
   * the loop so that the claim is made now, not at the next poll. For tests, which wait on it to say
   * "nothing (more) happens" instead of sleeping (the worker only claims, and rejects once stopped).
   */
  idle(): Promise<void> {
    if (this.stopping) return Promise.reject(new Error(`Lane ${this.lane.name} is stopped`));
    const waiting = new Promise<void>((resolve, reject) =>
      this.idleWaiters.push({ afterClaim: this.claimsBegun, resolve, reject }),
    );
    this.wake();
    return waiting;
  }

  /** Items begun plus items finished: unchanged across a span means no work began or ended in it. */
  get workCount(): number {
    return this.itemsBegun + this.itemsFinished;
  }

  /** Claims nothing more and waits for the items in hand (each is safe to cut off: it resumes). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const waiter of this.idleWaiters.splice(0)) waiter.reject(new Error(`Lane ${this.lane.name} stopped`));
    this.interruptSleep();
    await this.loop;
    await Promise.allSettled([...this.running]);
  }

  get inFlight(): number {
    return this.active;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      const free = this.lane.slots - this.active;
      if (free <= 0) {
        await this.sleep(this.pollMs);
        continue;
      }
      this.woken = false;
      let items: Item[];
      try {
        if (this.claimUncertain) await this.releaseUnheld();
        const claim = ++this.claimsBegun;
        items = await this.lane.claim(this.workerId, free);
        failures = 0;
        if (items.length === 0 && this.active === 0) this.resolveIdleWaiters(claim);
      } catch (error) {
        this.claimUncertain = true;
        const waitMs = CLAIM_RETRY_MS[Math.min(failures++, CLAIM_RETRY_MS.length - 1)]!;
        this.logger.warn({
          msg: 'Claiming work failed; trying again',
          err: error instanceof Error ? error.message : String(error),
          waitMs,
        });
        await this.sleep(waitMs);
        continue;
      }
      for (const item of items) this.begin(item);
      // Claimed all it asked for: there may be more. Else sleep, unless woken meanwhile.
      if (items.length < free && !this.woken) await this.sleep(this.pollMs);
    }
  }

  private resolveIdleWaiters(claim: number): void {
    const [answered, still] = partition(this.idleWaiters, (waiter) => waiter.afterClaim < claim);
    this.idleWaiters = still;
    for (const waiter of answered) waiter.resolve();
  }

  /** Claims are made one at a time by this loop: whatever is claimed under its id and not held is lost. */
  private async releaseUnheld(): Promise<void> {
    const released = await this.lane.releaseUnheld(this.workerId, [...this.held]);
    this.claimUncertain = false;
    if (released > 0) this.logger.warn({ msg: 'Let go of claims whose answer was lost', claims: released });
  }

  private begin(item: Item): void {
    this.active++;
    this.itemsBegun++;
    this.held.add(item);
    const done = this.lane
      .work(item, this.workerId)
      .catch((error: unknown) =>
        this.logger.error({
          msg: 'Work ended in an unexpected error',
          err: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        this.active--;
        this.itemsFinished++;
        this.held.delete(item);
        this.running.delete(done);
        this.wake();
      });
    this.running.add(done);
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeping = undefined;
        resolve();
      }, ms);
      this.sleeping = { timer, resolve };
    });
  }

  private interruptSleep(): void {
    const sleeping = this.sleeping;
    if (!sleeping) return;
    this.sleeping = undefined;
    clearTimeout(sleeping.timer);
    sleeping.resolve();
  }
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
