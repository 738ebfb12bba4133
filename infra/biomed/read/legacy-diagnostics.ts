// BIOMED_LEGACY_PROJECTION diagnostics: every claim of the active legacy_curated snapshot set against
// the canonical active snapshots. Read-only. Status of a legacy claim, in this order:
//   unmapped       - an end has no canonical entity: its node records no canonical id in xrefs
//                    (no_xref), or the id it records is in no canonical snapshot (not_in_canonical_snapshots);
//   contradicted   - a canonical claim with the same subject, predicate and object says it does NOT hold
//                    (evidence_direction contradicts), whatever else supports it;
//   confirmed      - a canonical claim with the same subject, predicate and object supports it;
//   uncorroborated - both ends are canonical entities, but no canonical claim links them this way.
// "Same subject" follows exact mappings (an HPOA claim about OMIM:180300 is about MONDO:0008383 when the
// active MONDO snapshot maps them exactly), as the /api/v1 claim reads do; labels never match anything.
import type { Knex } from 'knex';
import { curieSpellings, prefixOf } from '../../../domain/biomed/curie';
import { LEGACY_RESOURCE } from '../../../domain/biomed/legacy-curated';
import { T } from '../store/tables';
import { resolveIdentities } from './identity';
import { activeSnapshots, ActiveSnapshot } from './active-snapshots';

export const LEGACY_STATUSES = ['confirmed', 'contradicted', 'unmapped', 'uncorroborated'] as const;
export type LegacyStatus = (typeof LEGACY_STATUSES)[number];

export interface LegacyDiagnosticsFilter {
  status?: LegacyStatus;
  predicate?: string;
  /** The legacy graph file's disease_id (sle, ra, ...). */
  disease_id?: string;
  limit: number;
  offset: number;
}

interface End { legacy_id: string; label: string | null; curie: string | null }

export interface UnmappedEnd { end: 'subject' | 'object'; legacy_id: string; curie: string | null; reason: 'no_xref' | 'not_in_canonical_snapshots' }

export interface CanonicalEvidence {
  snapshot_id: string; resource: string; claim_no: number; subject: string; predicate: string; object: string;
  evidence_direction: string; source: { file: string | null; line: number | null; reference: string | null };
}

export interface LegacyClaimDiagnosis {
  /** The curated edge as written (source -relation-> target), its graph file's disease_id, file and edge position. */
  legacy: { claim_no: number; source: string; relation: string; target: string; disease_id: string | null; provenance: string | null; file: string; edge: number };
  claim: { subject: End; predicate: string; object: End };
  status: LegacyStatus;
  unmapped: UnmappedEnd[];
  /** Canonical claims with the same subject/predicate/object (both directions), at most 10. */
  canonical_claims: CanonicalEvidence[];
  canonical_claim_count: number;
}

export type LegacyDiagnostics =
  | { available: false; reason: 'no_legacy_snapshot' }
  | {
    available: true;
    legacy_snapshot: { snapshot_id: string; activated_at: string | null };
    canonical_snapshots: ActiveSnapshot[];
    summary: Record<LegacyStatus, number> & { total: number };
    matched: number;
    claims: LegacyClaimDiagnosis[];
    has_more: boolean;
  };

interface LegacyRow {
  claim_no: number; subject: string; predicate: string; object: string; qualifiers: unknown;
  source_file: string; source_line: number; reference: string | null;
}

interface CanonicalRow {
  snapshot_id: string; claim_no: number; subject: string; predicate: string; object: string; evidence_direction: string;
  mondo_curie: string | null; source_file: string | null; source_line: number | null; reference: string | null;
}

const EVIDENCE_SHOWN = 10;

function qualifiersOf(value: unknown): Record<string, unknown> {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' ? parsed as Record<string, unknown> : {};
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const isLegacyId = (id: string) => prefixOf(id) === 'LEGACY';

export async function legacyClaimDiagnostics(db: Knex, filter: LegacyDiagnosticsFilter): Promise<LegacyDiagnostics> {
  const legacy = await db(T.snapshots).where({ resource: LEGACY_RESOURCE, active: true }).first('snapshot_id', 'activated_at');
  if (!legacy) return { available: false, reason: 'no_legacy_snapshot' };
  const canonical = await activeSnapshots(db); // never includes legacy_curated
  const canonicalIds = canonical.map((s) => s.snapshot_id);
  const resourceOf = new Map(canonical.map((s) => [s.snapshot_id, s.resource]));

  const rows = (await db.raw(`select c.claim_no, c.subject, c.predicate, c.object, c.qualifiers, e.source_file, e.source_line, e.reference
    from ${T.claims} c join ${T.evidence} e on e.snapshot_id = c.snapshot_id and e.claim_no = c.claim_no and e.link_no = 1
    where c.snapshot_id = ? order by c.claim_no`, [legacy.snapshot_id])).rows as LegacyRow[];

  // Which canonical ids exist anywhere in the canonical snapshots (term, claim end or exact mapping).
  const ids = [...new Set(rows.flatMap((r) => [r.subject, r.object]).filter((id) => !isLegacyId(id)))];
  const spellings = [...new Set(ids.flatMap(curieSpellings))];
  const known = new Set<string>();
  if (canonicalIds.length > 0 && spellings.length > 0) {
    const found = (await db.raw(`select curie as id from ${T.terms} where snapshot_id = any(?::text[]) and curie = any(?::text[])
      union select subject from ${T.claims} where snapshot_id = any(?::text[]) and subject = any(?::text[])
      union select object from ${T.claims} where snapshot_id = any(?::text[]) and object = any(?::text[])
      union select subject_id from ${T.mappings} where snapshot_id = any(?::text[]) and predicate_id = 'skos:exactMatch' and subject_id = any(?::text[])
      union select object_id from ${T.mappings} where snapshot_id = any(?::text[]) and predicate_id = 'skos:exactMatch' and object_id = any(?::text[])`,
    [canonicalIds, spellings, canonicalIds, spellings, canonicalIds, spellings, canonicalIds, spellings, canonicalIds, spellings])).rows as { id: string }[];
    for (const { id } of found) known.add(id);
  }
  const isKnown = (id: string) => curieSpellings(id).some((s) => known.has(s));

  // Exact equivalents of the subjects (diseases: MONDO <-> OMIM/Orphanet/EFO/...); other ids stand for themselves.
  const identities = await resolveIdentities(db, canonicalIds, ids.filter((id) => prefixOf(id) === 'MONDO'));
  const equivalents = (id: string) => identities.get(id)?.equivalents ?? curieSpellings(id);

  const subjects = [...new Set(rows.filter((r) => !isLegacyId(r.subject)).flatMap((r) => equivalents(r.subject)))];
  const objects = [...new Set(rows.filter((r) => !isLegacyId(r.object)).flatMap((r) => equivalents(r.object)))];
  const mondos = ids.filter((id) => prefixOf(id) === 'MONDO');
  const predicates = [...new Set(rows.map((r) => r.predicate))];
  const candidates = canonicalIds.length === 0 || objects.length === 0 ? [] : (await db.raw(`select c.snapshot_id, c.claim_no, c.subject, c.predicate,
      c.object, c.evidence_direction, c.mondo_curie, e.source_file, e.source_line, e.reference
    from ${T.claims} c left join ${T.evidence} e on e.snapshot_id = c.snapshot_id and e.claim_no = c.claim_no and e.link_no = 1
    where c.snapshot_id = any(?::text[]) and c.predicate = any(?::text[]) and c.object = any(?::text[])
      and (c.subject = any(?::text[]) or c.mondo_curie = any(?::text[]))
    order by c.snapshot_id, c.claim_no`, [canonicalIds, predicates, objects, subjects, mondos])).rows as CanonicalRow[];
  const byObject = new Map<string, CanonicalRow[]>();
  for (const c of candidates) byObject.set(c.object, [...(byObject.get(c.object) ?? []), c]);

  const diagnoses = rows.map((r): LegacyClaimDiagnosis => {
    const q = qualifiersOf(r.qualifiers);
    const end = (id: string, legacyId: unknown, label: unknown): End => ({ legacy_id: str(legacyId) ?? id, label: str(label), curie: isLegacyId(id) ? null : id });
    const subject = end(r.subject, q.legacy_subject, q.subject_label);
    const object = end(r.object, q.legacy_object, q.object_label);
    const unmapped: UnmappedEnd[] = [];
    for (const [name, e] of [['subject', subject], ['object', object]] as const) {
      if (e.curie === null) unmapped.push({ end: name, legacy_id: e.legacy_id, curie: null, reason: 'no_xref' });
      else if (!isKnown(e.curie)) unmapped.push({ end: name, legacy_id: e.legacy_id, curie: e.curie, reason: 'not_in_canonical_snapshots' });
    }
    let matches: CanonicalRow[] = [];
    if (unmapped.length === 0) {
      const subj = new Set(equivalents(r.subject));
      matches = equivalents(r.object).flatMap((o) => byObject.get(o) ?? [])
        .filter((c) => c.predicate === r.predicate && (subj.has(c.subject) || c.mondo_curie === r.subject));
    }
    const status: LegacyStatus = unmapped.length > 0 ? 'unmapped'
      : matches.some((c) => c.evidence_direction === 'contradicts') ? 'contradicted'
      : matches.some((c) => c.evidence_direction === 'supports') ? 'confirmed'
      : 'uncorroborated';
    return {
      legacy: {
        claim_no: r.claim_no, source: str(q.legacy_source) ?? subject.legacy_id, relation: str(q.legacy_relation) ?? r.predicate,
        target: str(q.legacy_target) ?? object.legacy_id, disease_id: str(q.disease_id), provenance: r.reference, file: r.source_file, edge: r.source_line,
      },
      claim: { subject, predicate: r.predicate, object },
      status,
      unmapped,
      // Contradicting evidence first: it is what a reviewer must see.
      canonical_claims: [...matches].sort((a, b) => (a.evidence_direction === b.evidence_direction ? 0 : a.evidence_direction === 'contradicts' ? -1 : 1))
        .slice(0, EVIDENCE_SHOWN).map((c) => ({
          snapshot_id: c.snapshot_id, resource: resourceOf.get(c.snapshot_id) ?? '', claim_no: c.claim_no, subject: c.subject,
          predicate: c.predicate, object: c.object, evidence_direction: c.evidence_direction,
          source: { file: c.source_file, line: c.source_line, reference: c.reference },
        })),
      canonical_claim_count: matches.length,
    };
  });

  const summary = { total: diagnoses.length, confirmed: 0, contradicted: 0, unmapped: 0, uncorroborated: 0 };
  for (const d of diagnoses) summary[d.status]++;
  const selected = diagnoses.filter((d) => (!filter.status || d.status === filter.status)
    && (!filter.predicate || d.claim.predicate === filter.predicate)
    && (!filter.disease_id || d.legacy.disease_id === filter.disease_id));
  return {
    available: true,
    legacy_snapshot: { snapshot_id: legacy.snapshot_id, activated_at: legacy.activated_at ? new Date(legacy.activated_at).toISOString() : null },
    canonical_snapshots: canonical,
    summary,
    matched: selected.length,
    claims: selected.slice(filter.offset, filter.offset + filter.limit),
    has_more: selected.length > filter.offset + filter.limit,
  };
}
