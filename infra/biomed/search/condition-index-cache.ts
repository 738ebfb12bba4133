// Why an in-process index (and no search table): the old predicate strpos(search_text, q) could use no
// index, so each search scanned every term (~4.5 ms of PostgreSQL CPU for HP), plus three follow-up
// queries (active snapshots, identities, readiness). pg_trgm would serve the scan on PostgreSQL but does
// not exist on the embedded PGlite, and a token/prefix table written at import would change the
// substring semantics (or need every substring). Instead each process keeps one index per active-snapshot
// set: built on the first search that sees the set, in bulk (terms, identities and readiness together),
// and answered from memory after that. Every search still waits for a read of the active set that starts
// after it began (one tiny query, shared by searches arriving together: fresh-active-set.ts), so an
// activation committed by any process (the CLI, another server) is seen by the very next search;
// snapshot rows never change, so an index is never stale for its set. No timer, no TTL.
// Cost: the first search after an activation waits for the build (~0.3 s for the full HPO); memory is
// a few tens of MB per process for HPO + MONDO.
import type { Knex } from 'knex';
import type { ActiveSet } from './active-set';
import { FreshActiveSet } from './fresh-active-set';
import { ConditionIndex } from './condition-index';
import { loadConditionEntries } from './load-condition-entries';

/** Two sets: the current one and the one it replaced, which searches that read the set just before an activation may still need. */
const KEPT = 2;

export class ConditionIndexCache {
  private readonly byKey = new Map<string, Promise<ConditionIndex>>();

  private readonly activeSet: FreshActiveSet;

  constructor(private readonly db: Knex) {
    this.activeSet = new FreshActiveSet(db);
  }

  /** The index of the snapshots active now; concurrent searches share one build. */
  async current(): Promise<ConditionIndex> {
    const active = await this.activeSet.read();
    let index = this.byKey.get(active.key);
    if (!index) {
      index = this.build(active);
      this.byKey.set(active.key, index);
      for (const key of this.byKey.keys()) if (this.byKey.size > KEPT) this.byKey.delete(key);
    }
    return index;
  }

  private async build(active: ActiveSet): Promise<ConditionIndex> {
    try {
      return new ConditionIndex(await loadConditionEntries(this.db, active));
    } catch (error) {
      this.byKey.delete(active.key); // the next search tries again
      throw error;
    }
  }
}

const caches = new WeakMap<Knex, ConditionIndexCache>();

/** One cache per database handle (the server's, a test's, the CLI's). */
export function conditionIndexCache(db: Knex): ConditionIndexCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ConditionIndexCache(db);
    caches.set(db, cache);
  }
  return cache;
}
