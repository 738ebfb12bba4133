// Kind and label of entities from the terms of the active snapshots, whatever spelling of the CURIE the
// term uses (ORPHA:536 names Orphanet:536): the /api/v1/biomed graph answers name their nodes this way.
import type { Knex } from 'knex';
import { canonicalCurie, curieSpellings } from '../../../domain/biomed/curie';
import { T } from '../store/tables';

export interface TermName { kind: string; label: string | null }

/** By canonical CURIE; a term of MONDO, then HP, then HPOA, then any other resource wins. */
export async function termNames(db: Knex, curies: readonly string[]): Promise<Map<string, TermName>> {
  const out = new Map<string, TermName>();
  const spellings = [...new Set(curies.flatMap((c) => curieSpellings(c)))];
  if (spellings.length === 0) return out;
  const { rows } = await db.raw(`select distinct on (t.curie) t.curie, t.kind, t.label, case s.resource when 'mondo' then 0 when 'hp' then 1 when 'hpoa' then 2 else 3 end as rank
    from ${T.terms} t join ${T.snapshots} s on s.snapshot_id = t.snapshot_id and s.active where t.curie = any(?::text[])
    order by t.curie, rank`, [spellings]);
  const best = new Map<string, { rank: number; name: TermName }>();
  for (const r of rows as { curie: string; kind: string; label: string | null; rank: number }[]) {
    const key = canonicalCurie(r.curie);
    const known = best.get(key);
    if (!known || r.rank < known.rank) best.set(key, { rank: r.rank, name: { kind: r.kind, label: r.label } });
  }
  for (const [key, { name }] of best) out.set(key, name);
  return out;
}
