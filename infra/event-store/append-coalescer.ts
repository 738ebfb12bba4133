// Group commit on the client side: while one write is in flight, appends that arrive queue up and go
// out together in the next round trip, in one transaction. A lone append is sent at once, so there is
// no added latency; under concurrency many appends share one commit (and one WAL flush).
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface CoalescerOptions {
  /** Most requests per round trip. */
  maxBatch: number;
  /** Weight (e.g. events) per round trip; a single heavier request still goes alone. */
  maxWeight: number;
  /** Round trips in flight at once; more overlap commits, fewer make bigger batches. */
  maxInFlight: number;
}

interface Pending<Req, Res> {
  request: Req;
  weight: number;
  resolve(value: Res): void;
  reject(error: unknown): void;
}

export class WriteCoalescer<Req, Res> {
  private readonly queue: Pending<Req, Res>[] = [];
  private inFlight = 0;

  constructor(
    private readonly sendOne: (request: Req) => Promise<Res>,
    /** Must return one outcome per request, in order; a thrown error fails the whole batch. */
    private readonly sendMany: (requests: Req[]) => Promise<Settled<Res>[]>,
    private readonly options: CoalescerOptions,
  ) {}

  submit(request: Req, weight = 1): Promise<Res> {
    return new Promise<Res>((resolve, reject) => {
      this.queue.push({ request, weight, resolve, reject });
      if (this.inFlight < this.options.maxInFlight) void this.flush();
    });
  }

  /** One sender: drains the queue batch by batch; up to maxInFlight senders run at once. */
  private async flush(): Promise<void> {
    this.inFlight++;
    try {
      while (this.queue.length > 0) {
        const batch = this.takeBatch();
        if (batch.length === 1) {
          const [only] = batch;
          await this.sendOne(only!.request).then(only!.resolve, only!.reject);
          continue;
        }
        let outcomes: Settled<Res>[] | undefined;
        try {
          outcomes = await this.sendMany(batch.map((p) => p.request));
        } catch {
          // The batch rolled back as a whole (e.g. a race on a unique key): send each on its own,
          // so every caller gets its own answer.
          for (const p of batch) await this.sendOne(p.request).then(p.resolve, p.reject);
          continue;
        }
        batch.forEach((p, i) => {
          const outcome = outcomes![i]!;
          if (outcome.ok) p.resolve(outcome.value);
          else p.reject(outcome.error);
        });
      }
    } finally {
      this.inFlight--;
    }
  }

  private takeBatch(): Pending<Req, Res>[] {
    const batch: Pending<Req, Res>[] = [];
    let weight = 0;
    while (this.queue.length > 0 && batch.length < this.options.maxBatch) {
      const next = this.queue[0]!;
      if (batch.length > 0 && weight + next.weight > this.options.maxWeight) break;
      batch.push(this.queue.shift()!);
      weight += next.weight;
    }
    return batch;
  }
}
