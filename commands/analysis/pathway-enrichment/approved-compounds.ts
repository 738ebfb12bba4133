// The compounds DrugBank lists as approved: the drugbank snapshot's term attribute `group` = 'approved'
// (biomed.term_attributes, written by infra/biomed/importers/drugbank.ts; one row per group of a drug).
// The graph holds no drug groups, so this one read goes to the store, for the snapshot the graph was built from.
import type { Knex } from 'knex';

export async function approvedCompounds(db: Knex, drugbankSnapshotId: string): Promise<Set<string>> {
  const { rows } = await db.raw(`select distinct curie from biomed.term_attributes
    where snapshot_id = ? and name = 'group' and value = 'approved' order by curie`, [drugbankSnapshotId]);
  return new Set((rows as { curie: string }[]).map((r) => r.curie));
}
