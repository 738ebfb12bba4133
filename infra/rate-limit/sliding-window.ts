// The sliding-window rule shared by both stores: a client may make `limit` requests in any `windowMs`
// span. Each admitted request is remembered until it is windowMs old; refused ones are not counted, so
// a client that keeps hammering is let in again as soon as its oldest admitted request ages out.

export interface WindowDecision {
  allowed: boolean;
  /** Admitted requests in the window, including this one when allowed. */
  count: number;
  /** When refused: ms until the oldest admitted request leaves the window. */
  retryAfterMs: number;
}

export interface SlidingWindowStore {
  hit(key: string, limit: number, windowMs: number): Promise<WindowDecision>;
}

/** The per-process store: used when Redis is unreachable (the limit then holds per process only). */
export class MemorySlidingWindow implements SlidingWindowStore {
  private readonly windows = new Map<string, number[]>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(windowMs: number, private readonly now: () => number = Date.now) {
    // Forget idle clients, or every address ever seen would stay in memory.
    this.sweeper = setInterval(() => this.sweep(windowMs), Math.max(windowMs, 1000));
    this.sweeper.unref();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<WindowDecision> {
    return this.hitSync(key, limit, windowMs);
  }

  hitSync(key: string, limit: number, windowMs: number): WindowDecision {
    const now = this.now();
    const times = this.windows.get(key) ?? [];
    while (times.length > 0 && times[0]! <= now - windowMs) times.shift();
    if (times.length < limit) {
      times.push(now);
      this.windows.set(key, times);
      return { allowed: true, count: times.length, retryAfterMs: 0 };
    }
    this.windows.set(key, times);
    return { allowed: false, count: times.length, retryAfterMs: times[0]! + windowMs - now };
  }

  close(): void {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private sweep(windowMs: number): void {
    const cutoff = this.now() - windowMs;
    for (const [key, times] of this.windows) {
      if (times.length === 0 || times[times.length - 1]! <= cutoff) this.windows.delete(key);
    }
  }
}
