// Compounds DrugBank lists in its "withdrawn" group (withdrawn from the market in at least one jurisdiction),
// from the active drugbank snapshot's term attributes (infra/biomed/importers/drugbank.ts): curie → snapshot.
import type { Knex } from 'knex';
import { T } from '../store/tables';

export async function withdrawnCompounds(db: Knex): Promise<Map<string, string>> {
  const { rows } = await db.raw(
    `select a.curie, a.snapshot_id from biomed.term_attributes a
       join ${T.snapshots} s on s.snapshot_id = a.snapshot_id and s.active and s.resource = 'drugbank'
      where a.name = 'group' and a.value = 'withdrawn'`,
  );
  return new Map((rows as { curie: string; snapshot_id: string }[]).map((r) => [r.curie, r.snapshot_id]));
}
