// Claims about a condition in the ACTIVE snapshots: those whose subject is the condition or a CURIE an
// exact mapping makes the same condition (or whose recorded mondo_curie is it), and those whose object
// it is (e.g. the children IS_A it, the diseases HAS_PHENOTYPE it). Each with its evidence links.
import type { Knex } from 'knex';
import { curieSpellings } from '../../../domain/biomed/curie';
import { T } from '../store/tables';
import { labelsOf } from './conditions';
import type { Identity } from './identity';

export interface ClaimFilters { predicate?: string; evidence_direction?: string; limit: number }

export interface ClaimView {
  claim_id: string; snapshot_id: string; subject: string; subject_label: string | null; predicate: string; object: string;
  object_label: string | null; evidence_direction: string; mondo_curie: string | null; qualifiers: Record<string, unknown> | null;
  role: 'subject' | 'object'; via: 'self' | 'exact_mapping';
  evidence: { snapshot_id: string; source: { file: string; line: number }; reference: string | null; evidence_code: string | null }[];
}

export async function claimsAbout(db: Knex, active: readonly string[], identity: Identity, filters: ClaimFilters): Promise<{ claims: ClaimView[]; hasMore: boolean }> {
  if (active.length === 0) return { claims: [], hasMore: false };
  const self = curieSpellings(identity.curie);
  const bindings: Knex.RawBinding[] = [[...active], identity.equivalents, self, identity.mondoCurie];
  let extra = '';
  if (filters.predicate) { extra += ' and c.predicate = ?'; bindings.push(filters.predicate); }
  if (filters.evidence_direction) { extra += ' and c.evidence_direction = ?'; bindings.push(filters.evidence_direction); }
  bindings.push(filters.limit + 1);
  const { rows } = await db.raw(`select c.* from ${T.claims} c
    where c.snapshot_id = any(?::text[]) and (c.subject = any(?::text[]) or c.object = any(?::text[]) or c.mondo_curie = ?)${extra}
    order by c.snapshot_id, c.claim_no limit ?`, bindings);
  const found = rows as { snapshot_id: string; claim_no: number; subject: string; predicate: string; object: string; evidence_direction: string; mondo_curie: string | null; qualifiers: unknown }[];
  const page = found.slice(0, filters.limit);
  const evidence = page.length === 0 ? [] : (await db.raw(`select e.* from ${T.evidence} e
    join unnest(?::text[], ?::int[]) as k(snapshot_id, claim_no) on e.snapshot_id = k.snapshot_id and e.claim_no = k.claim_no
    order by e.snapshot_id, e.claim_no, e.link_no`, [page.map((c) => c.snapshot_id), page.map((c) => c.claim_no)])).rows as
    { snapshot_id: string; claim_no: number; source_file: string; source_line: number; reference: string | null; evidence_code: string | null }[];
  const byClaim = new Map<string, ClaimView['evidence']>();
  for (const e of evidence) {
    const key = `${e.snapshot_id}:${e.claim_no}`;
    const list = byClaim.get(key) ?? [];
    list.push({ snapshot_id: e.snapshot_id, source: { file: e.source_file, line: e.source_line }, reference: e.reference, evidence_code: e.evidence_code });
    byClaim.set(key, list);
  }
  const labels = await labelsOf(db, [...new Set(page.flatMap((c) => [c.subject, c.object]))]);
  const selfSet = new Set(self);
  const claims = page.map((c): ClaimView => {
    // A claim found through its recorded mondo_curie is about the condition as subject, unless its object is
    // the condition (drug TREATS disease, variant VARIANT_ASSOCIATED_WITH condition record the object's MONDO id).
    const isObject = selfSet.has(c.object) || identity.equivalents.includes(c.object);
    const asSubject = identity.equivalents.includes(c.subject) || (identity.mondoCurie !== null && c.mondo_curie === identity.mondoCurie && !isObject);
    const role = asSubject ? 'subject' : 'object';
    const key = `${c.snapshot_id}:${c.claim_no}`;
    return {
      claim_id: key, snapshot_id: c.snapshot_id, subject: c.subject, subject_label: labels.get(c.subject) ?? null, predicate: c.predicate,
      object: c.object, object_label: labels.get(c.object) ?? null, evidence_direction: c.evidence_direction, mondo_curie: c.mondo_curie,
      qualifiers: (typeof c.qualifiers === 'string' ? JSON.parse(c.qualifiers) : c.qualifiers) ?? null,
      role, via: selfSet.has(role === 'object' ? c.object : c.subject) ? 'self' : 'exact_mapping', evidence: byClaim.get(key) ?? [],
    };
  });
  return { claims, hasMore: found.length > filters.limit };
}
