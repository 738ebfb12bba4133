// Comparison of two conditions over the ACTIVE snapshots (spec §2.6, §4.2): their phenotype sets from
// supporting HAS_PHENOTYPE claims (about the condition or an exactly mapped equivalent; claims with
// evidence_direction `contradicts` are listed apart and never enter the sets), shared and unique
// phenotypes, the Jaccard index of the two sets, and their shared IS_A ancestors.
import type { Knex } from 'knex';
import { curieSpellings } from '../../../domain/biomed/curie';
import { T } from '../store/tables';
import { findTerm, labelsOf, TermRecord } from './conditions';
import { Identity, resolveIdentities } from './identity';
import { activeSnapshots, ActiveSnapshot } from './active-snapshots';

export interface LabelledCurie { curie: string; label: string | null }
export interface AncestorView extends LabelledCurie { left_distance: number; right_distance: number }

export interface ComparisonSide {
  curie: string; label: string | null; mondo_curie: string | null; equivalents: string[];
  phenotype_count: number; contradicted_phenotypes: LabelledCurie[];
}

export interface ComparisonResult {
  left: ComparisonSide;
  right: ComparisonSide;
  shared_phenotypes: LabelledCurie[];
  left_only_phenotypes: LabelledCurie[];
  right_only_phenotypes: LabelledCurie[];
  /** |shared| / |union| of the supported phenotype sets; null when both sets are empty. */
  phenotype_jaccard: number | null;
  shared_ancestors: AncestorView[];
  snapshots: ActiveSnapshot[];
}

export type ComparisonOutcome = { found: true; result: ComparisonResult } | { found: false; missing: string[] };

export async function phenotypes(db: Knex, active: readonly string[], identity: Identity): Promise<{ supports: Set<string>; contradicts: Set<string> }> {
  const { rows } = await db.raw(`select distinct object, evidence_direction from ${T.claims}
    where snapshot_id = any(?::text[]) and predicate = 'HAS_PHENOTYPE' and (subject = any(?::text[]) or mondo_curie = ?)`,
  [[...active], identity.equivalents, identity.mondoCurie]);
  const supports = new Set<string>();
  const contradicts = new Set<string>();
  for (const r of rows as { object: string; evidence_direction: string }[]) {
    if (r.evidence_direction === 'supports') supports.add(r.object);
    else if (r.evidence_direction === 'contradicts') contradicts.add(r.object);
  }
  return { supports, contradicts };
}

/** Every IS_A ancestor (any depth) of the term and of its MONDO id, with the shortest distance. */
export async function ancestors(db: Knex, active: readonly string[], starts: readonly string[]): Promise<Map<string, number>> {
  if (active.length === 0 || starts.length === 0) return new Map();
  const { rows } = await db.raw(`with recursive up(node, distance) as (
      select e.parent, 1 from ${T.edges} e where e.snapshot_id = any(?::text[]) and e.child = any(?::text[])
      union
      select e.parent, u.distance + 1 from ${T.edges} e join up u on e.child = u.node
      where e.snapshot_id = any(?::text[]) and u.distance < 64
    ) select node, min(distance)::int as distance from up group by node`, [[...active], [...starts], [...active]]);
  return new Map((rows as { node: string; distance: number }[]).map((r) => [r.node, r.distance]));
}

const byCurie = (a: LabelledCurie, b: LabelledCurie) => (a.curie < b.curie ? -1 : a.curie > b.curie ? 1 : 0);

export async function compareConditions(db: Knex, leftCurie: string, rightCurie: string): Promise<ComparisonOutcome> {
  const [leftTerm, rightTerm] = await Promise.all([findTerm(db, leftCurie), findTerm(db, rightCurie)]);
  const missing = [[leftCurie, leftTerm], [rightCurie, rightTerm]].filter(([, t]) => !t).map(([c]) => c as string);
  if (missing.length > 0) return { found: false, missing };
  const terms = [leftTerm!, rightTerm!] as [TermRecord, TermRecord];
  const snapshots = await activeSnapshots(db);
  const active = snapshots.map((s) => s.snapshot_id);
  const identities = await resolveIdentities(db, active, [...new Set(terms.map((t) => t.curie))]);
  const [left, right] = terms.map((t) => identities.get(t.curie)!) as [Identity, Identity];
  const [lp, rp] = await Promise.all([phenotypes(db, active, left), phenotypes(db, active, right)]);
  const starts = (i: Identity) => [...new Set([...curieSpellings(i.curie), ...(i.mondoCurie ? [i.mondoCurie] : [])])];
  const [la, ra] = await Promise.all([ancestors(db, active, starts(left)), ancestors(db, active, starts(right))]);
  const shared = [...lp.supports].filter((p) => rp.supports.has(p));
  const leftOnly = [...lp.supports].filter((p) => !rp.supports.has(p));
  const rightOnly = [...rp.supports].filter((p) => !lp.supports.has(p));
  const union = shared.length + leftOnly.length + rightOnly.length;
  const sharedAncestors = [...la.keys()].filter((a) => ra.has(a));
  const labels = await labelsOf(db, [...new Set([...lp.supports, ...rp.supports, ...lp.contradicts, ...rp.contradicts, ...sharedAncestors])]);
  const view = (curies: Iterable<string>) => [...curies].map((curie) => ({ curie, label: labels.get(curie) ?? null })).sort(byCurie);
  const side = (t: TermRecord, i: Identity, p: { supports: Set<string>; contradicts: Set<string> }): ComparisonSide => ({
    curie: t.curie, label: t.label, mondo_curie: i.mondoCurie, equivalents: [...i.equivalents].sort(),
    phenotype_count: p.supports.size, contradicted_phenotypes: view(p.contradicts),
  });
  return {
    found: true,
    result: {
      left: side(terms[0], left, lp), right: side(terms[1], right, rp),
      shared_phenotypes: view(shared), left_only_phenotypes: view(leftOnly), right_only_phenotypes: view(rightOnly),
      phenotype_jaccard: union === 0 ? null : shared.length / union,
      shared_ancestors: sharedAncestors.map((curie) => ({ curie, label: labels.get(curie) ?? null, left_distance: la.get(curie)!, right_distance: ra.get(curie)! }))
        .sort((a, b) => a.left_distance + a.right_distance - (b.left_distance + b.right_distance) || byCurie(a, b)),
      snapshots,
    },
  };
}
