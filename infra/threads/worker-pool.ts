// A small bounded pool of worker threads (node:worker_threads) for CPU-bound work that would otherwise hold
// the main event loop (issue 23: heavy analysis GETs stalled /api/health). At most `size` threads, started
// on first use and kept; at most `maxQueue` tasks wait for a free thread, and `run` refuses more at once
// (`saturated`) so the caller can answer 503 rather than let the wait grow without bound. A thread that
// dies fails its task and is replaced on the next one. Messages: { id, task } in, { id, ok, value | error } out.
import { Worker } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** The compiled worker script (a .js file). */
  script: string;
  size: number;
  maxQueue: number;
  /** Structured-cloned into every thread (its `workerData`). */
  workerData?: unknown;
}

export type PoolAnswer<R> = { kind: 'done'; value: R } | { kind: 'saturated'; waiting: number };

interface Pending { id: number; task: unknown; waits: boolean; resolve(value: unknown): void; reject(error: Error): void }
interface Slot { worker: Worker; busy: Pending | undefined }

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    if (options.size < 1) throw new Error('a worker pool needs at least one thread');
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number; threads: number } {
    return { running: this.slots.filter((s) => s.busy).length, waiting: this.queue.length, threads: this.slots.length };
  }

  /**
   * Runs the task on a free thread (or queues it); `saturated` at once when the queue is full, unless `wait`
   * (a queued job, which has nobody to answer 503 to): it queues behind the others whatever their number.
   * A task that may be refused is also refused at once when every thread computes a `wait` task: a job may hold
   * its thread for minutes, and a request queued behind it waited that long (issue 23: a cross-disease GET
   * waited 15 s under bench:fuzz); behind a request's task it waits for about one request's computation.
   */
  async run<R>(task: unknown, options: { wait?: boolean } = {}): Promise<PoolAnswer<R>> {
    if (this.closed) throw new Error('the worker pool is closed');
    const free = this.freeSlot();
    if (!free && !options.wait && (this.queue.length >= this.options.maxQueue || this.slots.every((s) => s.busy?.waits))) {
      return { kind: 'saturated', waiting: this.queue.length };
    }
    const value = await new Promise<unknown>((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, task, waits: options.wait === true, resolve, reject };
      if (free) this.start(free, pending);
      else this.queue.push(pending);
    });
    return { kind: 'done', value: value as R };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the worker pool closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private freeSlot(): Slot | undefined {
    const idle = this.slots.find((s) => !s.busy);
    if (idle) return idle;
    if (this.slots.length < this.options.size) return this.spawn();
    return undefined;
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.script, { workerData: this.options.workerData });
    const slot: Slot = { worker, busy: undefined };
    worker.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: { message: string; stack?: string } }) => {
      const pending = slot.busy;
      if (!pending || pending.id !== message.id) return;
      slot.busy = undefined;
      if (message.ok) pending.resolve(message.value);
      else pending.reject(Object.assign(new Error(message.error?.message ?? 'worker task failed'), { stack: message.error?.stack }));
      this.drain(slot);
    });
    const died = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return; // 'error' then 'exit': handled once
      this.slots.splice(index, 1);
      slot.busy?.reject(error);
      slot.busy = undefined;
      // A waiting task gets a fresh thread.
      const next = this.queue.shift();
      if (next && !this.closed) this.start(this.spawn(), next);
    };
    worker.on('error', died);
    worker.on('exit', (code) => { if (!this.closed) died(new Error(`worker thread exited (code ${code})`)); });
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    slot.busy = pending;
    slot.worker.postMessage({ id: pending.id, task: pending.task });
  }

  private drain(slot: Slot): void {
    const next = this.queue.shift();
    if (next) this.start(slot, next);
  }
}
