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

/** The per-process failure log (login throttling) for when the shared store is unreachable or unused. */
export class MemoryFailureLog {
  private readonly logs = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  failures(key: string, windowMs: number, record: boolean): { count: number; newestMs: number; nowMs: number } {
    const now = this.now();
    if (this.logs.size > 10_000) this.sweep(now, windowMs); // guessed usernames must not pile up in memory
    const times = (this.logs.get(key) ?? []).filter((t) => t > now - windowMs);
    if (record) times.push(now);
    if (times.length === 0) this.logs.delete(key);
    else this.logs.set(key, times);
    return { count: times.length, newestMs: times.at(-1) ?? 0, nowMs: now };
  }

  forget(key: string): void {
    this.logs.delete(key);
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, times] of this.logs) if ((times.at(-1) ?? 0) <= now - windowMs) this.logs.delete(key);
  }
}
