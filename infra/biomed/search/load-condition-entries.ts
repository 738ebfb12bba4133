// Reads everything conditions search returns for one active set, in bulk (a few queries, whatever the
// number of terms): the searchable terms, then each one's identity (mondo_curie, efo_id) and readiness
// tier with the same rules as the per-condition reads (firstHop / secondHop / readinessOf of
// infra/biomed/read/identity.ts), fed from all exact mappings and claim counts of the active snapshots.
import type { Knex } from 'knex';
import { curieSpellings } from '../../../domain/biomed/curie';
import { ClaimGroup, firstHop, MappingRow, READINESS_PREDICATES, readinessOf, secondHop } from '../read/identity';
import { T } from '../store/tables';
import type { ActiveSet } from './active-set';
import type { ConditionEntry } from './condition-index';

/** Rows indexed by every CURIE they name; rowsAbout keeps the rows' original order. */
class RowsByCurie<R> {
  private readonly positions = new Map<string, number[]>();

  constructor(private readonly rows: readonly R[], keysOf: (row: R) => (string | null)[]) {
    rows.forEach((row, at) => {
      for (const key of new Set(keysOf(row))) {
        if (key === null) continue;
        const list = this.positions.get(key);
        if (list) list.push(at); else this.positions.set(key, [at]);
      }
    });
  }

  rowsAbout(keys: Iterable<string>): R[] {
    const at = new Set<number>();
    for (const key of keys) for (const p of this.positions.get(key) ?? []) at.add(p);
    return [...at].sort((a, b) => a - b).map((p) => this.rows[p]!);
  }
}

function parseSynonyms(value: unknown): string[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as { text: string }[] | null;
  return (list ?? []).map((s) => s.text);
}

export async function loadConditionEntries(db: Knex, active: ActiveSet): Promise<ConditionEntry[]> {
  const ids = [...active.resources.keys()];
  if (ids.length === 0) return [];
  // Obsolete terms and non-condition kinds (GO, anatomy, pathways, genes) are written with an empty search text.
  const terms = (await db.raw(`select snapshot_id, curie, label, kind, synonyms from ${T.terms}
    where snapshot_id = any(?::text[]) and not obsolete and search_text <> ''`, [ids])).rows as
    { snapshot_id: string; curie: string; label: string | null; kind: string; synonyms: unknown }[];
  const mappings = new RowsByCurie((await db.raw(`select snapshot_id, subject_id, object_id, subject_label, object_label, source from ${T.mappings}
    where snapshot_id = any(?::text[]) and predicate_id = 'skos:exactMatch' order by snapshot_id, row_no`, [ids])).rows as MappingRow[],
  (row) => [row.subject_id, row.object_id]);
  const claims = new RowsByCurie((await db.raw(`select subject, mondo_curie, predicate, count(*)::int as n from ${T.claims}
    where snapshot_id = any(?::text[]) and predicate = any(?::text[]) group by subject, mondo_curie, predicate`, [ids, [...READINESS_PREDICATES]])).rows as ClaimGroup[],
  (group) => [`s ${group.subject}`, group.mondo_curie === null ? null : `m ${group.mondo_curie}`]);

  const known = new Map<string, Pick<ConditionEntry, 'mondo_curie' | 'efo_id' | 'readiness_tier'>>();
  const about = (curie: string) => {
    let seen = known.get(curie);
    if (!seen) {
      const identity = firstHop(curie, mappings.rowsAbout(curieSpellings(curie)));
      const viaMondo = identity.mondoCurie && identity.mondoCurie !== curie ? mappings.rowsAbout(curieSpellings(identity.mondoCurie)) : [];
      secondHop(identity, viaMondo);
      const groups = claims.rowsAbout([...identity.equivalents.map((c) => `s ${c}`), ...(identity.mondoCurie ? [`m ${identity.mondoCurie}`] : [])]);
      seen = { mondo_curie: identity.mondoCurie, efo_id: identity.efoId, readiness_tier: readinessOf(identity, groups).tier };
      known.set(curie, seen);
    }
    return seen;
  };
  return terms.map((t) => ({
    curie: t.curie, label: t.label, kind: t.kind, resource: active.resources.get(t.snapshot_id)!, snapshot_id: t.snapshot_id,
    synonyms: parseSynonyms(t.synonyms), ...about(t.curie),
  }));
}
