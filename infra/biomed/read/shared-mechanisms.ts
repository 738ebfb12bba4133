// Shared mechanisms of two conditions over the ACTIVE snapshots (GET /api/v1/analytics/shared-mechanisms):
// - phenotypes: objects of supporting HAS_PHENOTYPE claims about each condition or an exact equivalent;
// - genes: objects of supporting ASSOCIATED_WITH_GENE claims about it;
// - pathways: objects of supporting INVOLVES_PATHWAY claims about it ("direct"), plus the pathways its
//   genes PARTICIPATES_IN (reactome), each with the genes that lead there.
// Each with the shared items and the Jaccard index (null when both sets are empty). No importer writes
// ASSOCIATED_WITH_GENE or INVOLVES_PATHWAY yet, so today the gene and pathway sets are empty unless such
// claims are present.
import type { Knex } from 'knex';
import { T } from '../store/tables';
import { findTerm, labelsOf } from './conditions';
import { phenotypes } from './comparison';
import { Identity, resolveIdentities } from './identity';
import { activeSnapshots, ActiveSnapshot } from './active-snapshots';

export interface SetComparison { shared: { curie: string; label: string | null }[]; left_count: number; right_count: number; union_count: number; jaccard: number | null }
export interface SharedPathway { curie: string; label: string | null; left: { direct: boolean; genes: string[] }; right: { direct: boolean; genes: string[] } }

export interface SharedMechanisms {
  left: { curie: string; label: string | null; mondo_curie: string | null };
  right: { curie: string; label: string | null; mondo_curie: string | null };
  phenotypes: SetComparison;
  genes: SetComparison;
  pathways: Omit<SetComparison, 'shared'> & { shared: SharedPathway[] };
  snapshots: ActiveSnapshot[];
}

async function objectsOf(db: Knex, active: readonly string[], identity: Identity, predicate: string): Promise<Set<string>> {
  const { rows } = await db.raw(`select distinct object from ${T.claims} where snapshot_id = any(?::text[]) and predicate = ?
    and evidence_direction = 'supports' and (subject = any(?::text[]) or mondo_curie = ?)`, [[...active], predicate, identity.equivalents, identity.mondoCurie]);
  return new Set((rows as { object: string }[]).map((r) => r.object));
}

/** pathway -> { direct, genes } for one condition. */
async function pathwaysOf(db: Knex, active: readonly string[], identity: Identity, genes: Set<string>): Promise<Map<string, { direct: boolean; genes: string[] }>> {
  const out = new Map<string, { direct: boolean; genes: string[] }>();
  for (const p of await objectsOf(db, active, identity, 'INVOLVES_PATHWAY')) out.set(p, { direct: true, genes: [] });
  if (genes.size > 0) {
    const { rows } = await db.raw(`select distinct subject, object from ${T.claims} where snapshot_id = any(?::text[])
      and predicate = 'PARTICIPATES_IN' and evidence_direction = 'supports' and subject = any(?::text[]) order by object, subject`, [[...active], [...genes]]);
    for (const r of rows as { subject: string; object: string }[]) {
      const entry = out.get(r.object) ?? { direct: false, genes: [] };
      entry.genes.push(r.subject);
      out.set(r.object, entry);
    }
  }
  return out;
}

function jaccard(shared: number, union: number): number | null {
  return union === 0 ? null : shared / union;
}

export async function sharedMechanisms(db: Knex, leftCurie: string, rightCurie: string): Promise<{ found: true; result: SharedMechanisms } | { found: false; missing: string[] }> {
  const [lt, rt] = await Promise.all([findTerm(db, leftCurie), findTerm(db, rightCurie)]);
  const missing = [[leftCurie, lt], [rightCurie, rt]].filter(([, t]) => !t).map(([c]) => c as string);
  if (missing.length > 0 || !lt || !rt) return { found: false, missing };
  const snapshots = await activeSnapshots(db);
  const active = snapshots.map((s) => s.snapshot_id);
  const identities = await resolveIdentities(db, active, [...new Set([lt.curie, rt.curie])]);
  const left = identities.get(lt.curie)!;
  const right = identities.get(rt.curie)!;
  const [lp, rp, lg, rg] = await Promise.all([
    phenotypes(db, active, left), phenotypes(db, active, right),
    objectsOf(db, active, left, 'ASSOCIATED_WITH_GENE'), objectsOf(db, active, right, 'ASSOCIATED_WITH_GENE'),
  ]);
  const [lw, rw] = await Promise.all([pathwaysOf(db, active, left, lg), pathwaysOf(db, active, right, rg)]);
  const sharedP = [...lp.supports].filter((x) => rp.supports.has(x)).sort();
  const sharedG = [...lg].filter((x) => rg.has(x)).sort();
  const sharedW = [...lw.keys()].filter((x) => rw.has(x)).sort();
  const labels = await labelsOf(db, [...sharedP, ...sharedG, ...sharedW]);
  const labelled = (list: string[]) => list.map((curie) => ({ curie, label: labels.get(curie) ?? null }));
  const setComparison = (shared: string[], a: number, b: number): SetComparison => {
    const union = a + b - shared.length;
    return { shared: labelled(shared), left_count: a, right_count: b, union_count: union, jaccard: jaccard(shared.length, union) };
  };
  const pathwayUnion = lw.size + rw.size - sharedW.length;
  return {
    found: true,
    result: {
      left: { curie: lt.curie, label: lt.label, mondo_curie: left.mondoCurie },
      right: { curie: rt.curie, label: rt.label, mondo_curie: right.mondoCurie },
      phenotypes: setComparison(sharedP, lp.supports.size, rp.supports.size),
      genes: setComparison(sharedG, lg.size, rg.size),
      pathways: {
        shared: sharedW.map((curie) => ({ curie, label: labels.get(curie) ?? null, left: lw.get(curie)!, right: rw.get(curie)! })),
        left_count: lw.size, right_count: rw.size, union_count: pathwayUnion, jaccard: jaccard(sharedW.length, pathwayUnion),
      },
      snapshots,
    },
  };
}
