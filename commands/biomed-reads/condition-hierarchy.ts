// GET /api/v1/conditions/{curie}/hierarchy as a query: the term, its IS_A walk over the active snapshots,
// and those snapshots; undefined when no active snapshot knows the term.
import type { Knex } from 'knex';
import { findTerm } from '../../infra/biomed/read/conditions';
import { hierarchy } from '../../infra/biomed/read/hierarchy';
import { activeSnapshots } from '../../infra/biomed/read/active-snapshots';

export async function conditionHierarchy(db: Knex, curie: string, depth: number) {
  const term = await findTerm(db, curie);
  if (!term) return undefined;
  const snapshots = await activeSnapshots(db);
  const walk = await hierarchy(db, snapshots.map((s) => s.snapshot_id), term.curie, depth);
  return { term, walk, snapshots };
}
