// A compound's SIDER side effects from the store: the sider snapshot's CAUSES claims of the compound
// (infra/biomed/importers/sider.ts), with the label frequencies on the drug arm and, kept apart by the
// importer, on the placebo arm. The graph holds the CAUSES edges but not these qualifiers, so this one read
// goes to the store, for the snapshot the graph was built from.
import type { Knex } from 'knex';
import { comparePlacebo, type PlaceboComparison } from '../../../domain/pharmacovigilance/placebo-comparison';

interface Frequency { texts: string[]; lower: number; upper: number }
export interface SideEffectRow {
  id: string; name: string; meddra_types: string[];
  frequency: Frequency | null; placebo_frequency: Frequency | null; placebo_comparison: PlaceboComparison | null;
}

const isFrequency = (x: unknown): x is Frequency => typeof x === 'object' && x !== null && typeof (x as Frequency).lower === 'number' && typeof (x as Frequency).upper === 'number';

function toRow(object: string, q: Record<string, unknown>): SideEffectRow {
  const frequency = isFrequency(q.frequency) ? q.frequency : null;
  const placebo = isFrequency(q.placebo_frequency) ? q.placebo_frequency : null;
  return {
    id: object, name: typeof q.side_effect_name === 'string' ? q.side_effect_name : object,
    meddra_types: Array.isArray(q.meddra_type) ? q.meddra_type.map(String) : [],
    frequency, placebo_frequency: placebo, placebo_comparison: frequency && placebo ? comparePlacebo(frequency, placebo) : null,
  };
}

/** Frequent first (upper bound of the drug-arm frequency, unknown last), then name. */
function compareRows(x: SideEffectRow, y: SideEffectRow): number {
  const fx = x.frequency?.upper ?? -1;
  const fy = y.frequency?.upper ?? -1;
  return fy - fx || (x.name < y.name ? -1 : x.name > y.name ? 1 : x.id < y.id ? -1 : 1);
}

export async function siderSideEffects(db: Knex, siderSnapshotId: string, compound: string): Promise<SideEffectRow[]> {
  const { rows } = await db.raw(`select object, qualifiers from biomed.claims
    where snapshot_id = ? and subject = ? and predicate = 'CAUSES' and evidence_direction = 'supports'`, [siderSnapshotId, compound]);
  return (rows as { object: string; qualifiers: Record<string, unknown> | null }[]).map((r) => toRow(r.object, r.qualifiers ?? {})).sort(compareRows);
}

/** DrugBank groups (approved, withdrawn, ...) of the compound: the drugbank snapshot's `group` term attributes. */
export async function drugbankGroups(db: Knex, drugbankSnapshotId: string, compound: string): Promise<string[]> {
  const { rows } = await db.raw(`select distinct value from biomed.term_attributes
    where snapshot_id = ? and curie = ? and name = 'group' order by value`, [drugbankSnapshotId, compound]);
  return (rows as { value: string }[]).map((r) => r.value);
}
