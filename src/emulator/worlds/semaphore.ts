/**
 * At most `size` holders at once; the others wait their turn in arrival order. `acquire` resolves
 * to the release function, which must be called exactly once.
 */
export class Semaphore {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`A semaphore needs a size of at least 1, not ${size}`);
  }

  async acquire(): Promise<() => void> {
    if (this.held < this.size) this.held += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `held` does not change.
      if (next) next();
      else this.held -= 1;
    };
  }

  /** Holders now, and how many wait (for tests and metrics). */
  get usage(): { held: number; waiting: number } {
    return { held: this.held, waiting: this.waiting.length };
  }
}
