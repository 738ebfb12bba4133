// The active snapshot set as a cache may hold it between activations: re-read at most every `maxAgeMs`
// (one tiny query for the whole process, not one per request), and at once after an activation committed
// in this process (infra/biomed/store/activation-signal.ts). Staleness bound: an activation committed by
// another process is seen by every request that starts more than `maxAgeMs` after its commit (the age is
// counted from when the read was sent, so a read's own round trip never adds to it). The read is renewed
// in the background once half the bound has passed, so under steady traffic no request waits for it.
import type { Knex } from 'knex';
import { activationGeneration } from '../store/activation-signal';
import { ActiveSet, readActiveSet } from './active-set';

/** How stale the active set of a serving process may be after another process activates a snapshot. */
export const ACTIVE_SET_MAX_AGE_MS = 1000;

export interface RecentActiveSetOptions {
  maxAgeMs?: number;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?: () => number;
}

interface Read { set: Promise<ActiveSet>; sentAt: number; generation: number }

export class RecentActiveSet {
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  /** The newest read that answered. */
  private known: { set: ActiveSet; sentAt: number; generation: number } | undefined;
  /** The newest read sent and not yet answered. */
  private pending: Read | undefined;

  constructor(private readonly db: Knex, options: RecentActiveSetOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? ACTIVE_SET_MAX_AGE_MS;
    this.now = options.now ?? (() => performance.now());
  }

  read(): Promise<ActiveSet> {
    const now = this.now();
    const generation = activationGeneration();
    const known = this.known;
    if (known && this.usable(known, now, generation)) {
      if (now - known.sentAt >= this.maxAgeMs / 2 && !(this.pending && this.usable(this.pending, now, generation))) {
        this.send(now, generation).set.catch(() => undefined); // read ahead; a failure shows on the next read that must wait
      }
      return Promise.resolve(known.set);
    }
    const pending = this.pending;
    return pending && this.usable(pending, now, generation) ? pending.set : this.send(now, generation).set;
  }

  /** A read sent after the last activation signalled here and within the bound. */
  private usable(read: { sentAt: number; generation: number }, now: number, generation: number): boolean {
    return read.generation === generation && now - read.sentAt < this.maxAgeMs;
  }

  private send(sentAt: number, generation: number): Read {
    const read: Read = { set: readActiveSet(this.db), sentAt, generation };
    this.pending = read;
    read.set.then((set) => {
      if (!this.known || this.known.sentAt <= sentAt) this.known = { set, sentAt, generation };
    }, () => undefined).finally(() => {
      if (this.pending === read) this.pending = undefined;
    });
    return read;
  }
}
