export interface RateWindowState {
  limit: number;
  remaining: number;
  /** Unix seconds, as X's x-rate-limit-reset. */
  resetAtSeconds: number;
  exceeded: boolean;
}

/** Fixed-window request counters, per key (e.g. endpoint + user). */
export class RateWindows {
  private readonly windows = new Map<string, { used: number; resetAt: number }>();

  constructor(private readonly now: () => number) {}

  /**
   * Counts one call. When `enforce` is off a full window simply starts over, so the headers stay
   * truthful about a window without ever refusing.
   */
  hit(key: string, limit: number, windowMs: number, enforce: boolean): RateWindowState {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now || (!enforce && window.used >= limit)) {
      window = { used: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    const exceeded = window.used >= limit;
    if (!exceeded) window.used += 1;
    return {
      limit,
      remaining: Math.max(0, limit - window.used),
      resetAtSeconds: Math.ceil(window.resetAt / 1000),
      exceeded,
    };
  }

  clear(): void {
    this.windows.clear();
  }

  toJSON(): Record<string, { used: number; resetAt: number }> {
    return Object.fromEntries(this.windows);
  }

  load(data: Record<string, { used: number; resetAt: number }>): void {
    this.windows.clear();
    for (const [key, window] of Object.entries(data)) this.windows.set(key, { ...window });
  }
}
