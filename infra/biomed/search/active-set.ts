// The set of active snapshots, read on every search: one tiny query on biomed.snapshots (a handful of
// rows; the partial index snapshots_one_active covers `where active`). Snapshot rows never change
// (insert-only), so the sorted active ids fully determine what conditions search can return: they are
// the key of the in-memory index, and an activation by any process changes the key at its commit.
import type { Knex } from 'knex';
import { T } from '../store/tables';

export interface ActiveSet {
  /** Sorted active snapshot ids joined by spaces ('' when none is active). */
  key: string;
  resources: ReadonlyMap<string, string>;
}

export async function readActiveSet(db: Knex): Promise<ActiveSet> {
  const { rows } = await db.raw(`select snapshot_id, resource from ${T.snapshots} where active order by snapshot_id`);
  const list = rows as { snapshot_id: string; resource: string }[];
  return { key: list.map((r) => r.snapshot_id).join(' '), resources: new Map(list.map((r) => [r.snapshot_id, r.resource])) };
}
