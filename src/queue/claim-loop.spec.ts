import { ClaimLoop } from './claim-loop';
import { WorkLane } from './work-lane';

/** A lane over an in-memory list of due items; each item's work ends when the test says so. */
class ListLane implements WorkLane<string> {
  readonly name = 'test';
  readonly due: string[] = [];
  readonly working = new Map<string, () => void>();
  readonly claims: number[] = [];
  /** Claimed and not let go: what the database would say the worker holds. */
  readonly claimed = new Set<string>();
  failNextClaims = 0;
  /** The next claim commits, but its answer is lost on the way back (the connection dropped). */
  loseNextAnswer = false;
  mostAtOnce = 0;

  constructor(readonly slots: number) {}

  async claim(_workerId: string, wanted: number): Promise<string[]> {
    this.claims.push(wanted);
    if (this.failNextClaims > 0) {
      this.failNextClaims -= 1;
      throw new Error('database away');
    }
    const items = this.due.splice(0, wanted);
    for (const item of items) this.claimed.add(item);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new Error('connection lost after the claim committed');
    }
    return items;
  }

  work(item: string): Promise<void> {
    return new Promise((resolve) => {
      this.working.set(item, () => {
        this.working.delete(item);
        this.claimed.delete(item);
        resolve();
      });
      this.mostAtOnce = Math.max(this.mostAtOnce, this.working.size);
    });
  }

  async releaseAbandoned(): Promise<number> {
    return 0;
  }

  async releaseUnheld(_workerId: string, held: string[]): Promise<number> {
    const lost = [...this.claimed].filter((item) => !held.includes(item));
    for (const item of lost) this.claimed.delete(item);
    this.due.unshift(...lost);
    return lost.length;
  }

  finish(item: string): void {
    this.working.get(item)!();
  }
}

async function until(probe: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('ClaimLoop', () => {
  it('keeps its slots full and never works on more items than it has slots', async () => {
    const lane = new ListLane(3);
    lane.due.push('a', 'b', 'c', 'd', 'e');
    const loop = new ClaimLoop(lane, 'w1', 10_000);
    loop.start();
    await until(() => lane.working.size === 3);
    expect([...lane.working.keys()]).toEqual(['a', 'b', 'c']);
    // One finishes: one more is claimed at once, without waiting for the poll.
    lane.finish('b');
    await until(() => lane.working.has('d'));
    expect(lane.working.size).toBe(3);
    for (const item of ['a', 'c', 'd']) lane.finish(item);
    await until(() => lane.working.has('e'));
    lane.finish('e');
    await loop.stop();
    expect(lane.mostAtOnce).toBe(3);
    expect(lane.due).toEqual([]);
  });

  it('sleeps when nothing is due, and claims at once when woken', async () => {
    const lane = new ListLane(2);
    const loop = new ClaimLoop(lane, 'w1', 60_000);
    loop.start();
    await until(() => lane.claims.length === 1);
    lane.due.push('late');
    loop.wake();
    await until(() => lane.working.has('late'));
    lane.finish('late');
    await loop.stop();
  });

  it('finds work that became due by the clock at its next poll', async () => {
    const lane = new ListLane(2);
    const loop = new ClaimLoop(lane, 'w1', 30);
    loop.start();
    await until(() => lane.claims.length === 1);
    lane.due.push('scheduled');
    await until(() => lane.working.has('scheduled'));
    lane.finish('scheduled');
    await loop.stop();
  });

  it('keeps trying after a failed claim', async () => {
    const lane = new ListLane(1);
    lane.failNextClaims = 2;
    lane.due.push('after the outage');
    const loop = new ClaimLoop(lane, 'w1', 10_000);
    loop.start();
    await until(() => lane.working.has('after the outage'), 5_000);
    expect(lane.claims.length).toBe(3);
    lane.finish('after the outage');
    await loop.stop();
  });

  it('lets go of what a claim took when its answer was lost, and of nothing it holds', async () => {
    const lane = new ListLane(2);
    lane.due.push('held');
    const loop = new ClaimLoop(lane, 'w1', 10_000);
    loop.start();
    await until(() => lane.working.has('held'));
    lane.loseNextAnswer = true;
    lane.due.push('answer lost');
    loop.wake();
    // The claim committed but threw; before the next claim the loop lets go of it, and claims it again.
    await until(() => lane.working.has('answer lost'), 5_000);
    expect(lane.working.has('held')).toBe(true);
    expect(lane.due).toEqual([]);
    lane.finish('held');
    lane.finish('answer lost');
    await loop.stop();
    expect(lane.claimed.size).toBe(0);
  });

  it('waits for the items in hand when stopped, and claims nothing more', async () => {
    const lane = new ListLane(1);
    lane.due.push('in hand', 'left');
    const loop = new ClaimLoop(lane, 'w1', 10_000);
    loop.start();
    await until(() => lane.working.has('in hand'));
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    lane.finish('in hand');
    await stopping;
    expect(lane.due).toEqual(['left']);
  });

  it('is idle only once a claim made after the question found nothing while it held nothing', async () => {
    const lane = new ListLane(2);
    lane.due.push('in hand');
    const loop = new ClaimLoop(lane, 'w1', 60_000);
    loop.start();
    await until(() => lane.working.has('in hand'));
    let idle = false;
    const idling = loop.idle().then(() => (idle = true));
    // Asked while sleeping (poll 60 s): it claims at once, finds nothing, but still holds an item.
    await until(() => lane.claims.length === 2);
    await Promise.resolve();
    expect(idle).toBe(false);
    // Work that became due meanwhile is taken and finished before it says so.
    lane.due.push('came later');
    lane.finish('in hand');
    await until(() => lane.working.has('came later'));
    expect(idle).toBe(false);
    lane.finish('came later');
    await idling;
    expect(lane.due).toEqual([]);
    expect(lane.working.size).toBe(0);
    await loop.stop();
  });

  it('answers an idle question asked after it stopped, or pending when it stops, with an error', async () => {
    const lane = new ListLane(1);
    lane.due.push('in hand');
    const loop = new ClaimLoop(lane, 'w1', 60_000);
    loop.start();
    await until(() => lane.working.has('in hand'));
    const pending = loop.idle();
    const stopping = loop.stop();
    await expect(pending).rejects.toThrow('Lane test stopped');
    lane.finish('in hand');
    await stopping;
    await expect(loop.idle()).rejects.toThrow('Lane test is stopped');
  });
});
