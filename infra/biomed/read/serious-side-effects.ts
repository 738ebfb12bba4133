// SIDER label side effects that are EMA Designated Medical Events, per compound, from the active sider
// snapshot's CAUSES claims (infra/biomed/importers/sider.ts), with the label's drug and placebo
// frequencies where SIDER has them. Read once per active set (infra/kg/store-graph-cache.ts).
// Matching is the list's own rule (designatedMedicalEvent): by MedDRA PT code where the claim's object is a
// MedDRA code (MEDDRA:<digits>), else by the exact PT name, case-insensitive. SIDER 4.1 gives UMLS ids for
// its MedDRA terms (UMLS:C…), never MedDRA codes, so every SIDER side effect is matched by name.
import type { Knex } from 'knex';
import { DESIGNATED_MEDICAL_EVENT_CODES, DESIGNATED_MEDICAL_EVENT_TERMS, designatedMedicalEvent } from '../../../domain/pharmacovigilance/designated-medical-events';
import { comparePlacebo, type PlaceboVerdict } from '../../../domain/pharmacovigilance/placebo-comparison';
import { T } from '../store/tables';

export interface SeriousSideEffect { name: string; meddra_id: string; placebo_verdict: PlaceboVerdict | null }
export interface SeriousSideEffects { snapshot_id: string; effects: SeriousSideEffect[] }

type Range = { lower: number; upper: number };
const isRange = (x: unknown): x is Range => typeof x === 'object' && x !== null && typeof (x as Range).lower === 'number' && typeof (x as Range).upper === 'number';

const MEDDRA = 'MEDDRA:';

export async function seriousSideEffects(db: Knex): Promise<Map<string, SeriousSideEffects>> {
  // The SQL narrows to candidates (a listed name or a listed code); designatedMedicalEvent decides.
  const { rows } = await db.raw(
    `select c.subject, c.object, c.snapshot_id, c.qualifiers from biomed.claims c
       join ${T.snapshots} s on s.snapshot_id = c.snapshot_id and s.active and s.resource = 'sider'
      where c.predicate = 'CAUSES' and c.evidence_direction = 'supports'
        and (lower(c.qualifiers->>'side_effect_name') = any(?) or c.object = any(?))
      order by c.subject, c.qualifiers->>'side_effect_name'`,
    [[...DESIGNATED_MEDICAL_EVENT_TERMS], DESIGNATED_MEDICAL_EVENT_CODES.map((code) => `${MEDDRA}${code}`)],
  );
  const byCompound = new Map<string, SeriousSideEffects>();
  for (const r of rows as { subject: string; object: string; snapshot_id: string; qualifiers: Record<string, unknown> }[]) {
    const q = r.qualifiers;
    const name = String(q.side_effect_name ?? '');
    const meddraPtCode = r.object.startsWith(MEDDRA) ? r.object.slice(MEDDRA.length) : null;
    if (!designatedMedicalEvent({ name, meddraPtCode })) continue;
    const verdict = isRange(q.frequency) && isRange(q.placebo_frequency) ? comparePlacebo(q.frequency, q.placebo_frequency).verdict : null;
    const entry = byCompound.get(r.subject) ?? { snapshot_id: r.snapshot_id, effects: [] };
    entry.effects.push({ name, meddra_id: r.object, placebo_verdict: verdict });
    byCompound.set(r.subject, entry);
  }
  return byCompound;
}
