/** Who is asking: the service's own adapters come first and are never turned away. */
export type CallerKind = 'own' | 'other';

interface Waiter {
  kind: CallerKind;
  admit: () => void;
}

interface Line {
  running: boolean;
  waiting: Waiter[];
}

/**
 * One request at a time per world in this process, the others waiting here, in memory, holding
 * nothing: so at most one database connection per world and instance ever waits on the world's row
 * lock. Each world's line is bounded for other callers (a full line refuses them at once); the
 * service's own calls are always let in and go ahead of other callers, so a flood of strangers
 * naming a world never delays the service's publishing in it by more than the call running.
 */
export class WorldQueue {
  private readonly lines = new Map<string, Line>();

  constructor(private readonly maxWaiting: number) {}

  /** Resolves to the release function once it is this request's turn; undefined when the line is full. */
  enter(world: string, kind: CallerKind): Promise<() => void> | undefined {
    let line = this.lines.get(world);
    if (!line) {
      line = { running: false, waiting: [] };
      this.lines.set(world, line);
    }
    const release = this.releaser(world, line);
    if (!line.running) {
      line.running = true;
      return Promise.resolve(release);
    }
    if (kind === 'other' && line.waiting.filter((waiter) => waiter.kind === 'other').length >= this.maxWaiting)
      return undefined;
    return new Promise((resolve) => {
      const waiter: Waiter = { kind, admit: () => resolve(release) };
      const firstOther = line.waiting.findIndex((queued) => queued.kind === 'other');
      if (kind === 'own' && firstOther >= 0) line.waiting.splice(firstOther, 0, waiter);
      else line.waiting.push(waiter);
    });
  }

  /** Requests running or waiting for the world (for tests). */
  size(world: string): number {
    const line = this.lines.get(world);
    return line ? (line.running ? 1 : 0) + line.waiting.length : 0;
  }

  private releaser(world: string, line: Line): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = line.waiting.shift();
      if (next) return next.admit();
      line.running = false;
      this.lines.delete(world);
    };
  }
}
