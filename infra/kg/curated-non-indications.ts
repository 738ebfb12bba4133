// The curated non-indications of the graph's snapshots (PharmacotherapyDB NOT: TREATS claims that
// contradict), which the knowledge graph keeps out of its edges (docs/knowledge-graph.md) but link
// prediction uses as known negatives. Read from exactly the snapshots the graph was built from.
import type { Knex } from 'knex';
import type { SnapshotRef } from '../../domain/knowledge-graph/typed-graph';
import { T } from '../biomed/store/tables';

export interface CuratedNonIndication { subject: string; object: string }

export async function curatedNonIndications(db: Knex, snapshots: readonly SnapshotRef[]): Promise<CuratedNonIndication[]> {
  if (snapshots.length === 0) return [];
  const { rows } = await db.raw(`select distinct subject, object from ${T.claims}
    where snapshot_id = any(?::text[]) and predicate = 'TREATS' and evidence_direction = 'contradicts'
    order by subject, object`, [snapshots.map((s) => s.snapshot_id)]);
  return rows as CuratedNonIndication[];
}
