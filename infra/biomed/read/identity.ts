// Who a condition is across resources, from exact mappings of the ACTIVE snapshots only: its direct
// exact mappings (either direction), its MONDO id and EFO id, and the set of CURIEs that denote the
// same condition (used to gather claims made about any of them). Also the readiness tier inputs.
import type { Knex } from 'knex';
import { canonicalCurie, curieSpellings, prefixOf } from '../../../domain/biomed/curie';
import { GENE_PATHWAY_DRUG_PREDICATES, PHENOTYPE_PREDICATES } from '../../../domain/biomed/claims';
import { readinessTier, ReadinessCriteria, ReadinessTier } from '../../../domain/biomed/readiness';
import { T } from '../store/tables';

export interface MappingView {
  curie: string;
  label: string | null;
  predicate: string;
  /** sssom: a row of an SSSOM mapping set; obo_xref: a MONDO xref annotated MONDO:equivalentTo. */
  sources: string[];
  snapshot_id: string;
}

export interface Identity {
  curie: string;
  mappings: MappingView[];
  mondoCurie: string | null;
  efoId: string | null;
  /** Every CURIE (all spellings) that an exact mapping makes the same condition, itself included. */
  equivalents: string[];
}

export interface MappingRow { snapshot_id: string; subject_id: string; object_id: string; subject_label: string | null; object_label: string | null; source: string }

async function mappingRows(db: Knex, active: readonly string[], curies: readonly string[]): Promise<MappingRow[]> {
  if (curies.length === 0 || active.length === 0) return [];
  const { rows } = await db.raw(`select snapshot_id, subject_id, object_id, subject_label, object_label, source from ${T.mappings}
    where snapshot_id = any(?::text[]) and predicate_id = 'skos:exactMatch' and (subject_id = any(?::text[]) or object_id = any(?::text[]))
    order by snapshot_id, row_no`, [[...active], [...curies], [...curies]]);
  return rows as MappingRow[];
}

export function spellingsOf(curies: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const c of curies) for (const s of curieSpellings(c)) out.add(s);
  return [...out];
}

function directMappings(curie: string, rows: readonly MappingRow[]): MappingView[] {
  const mine = new Set(curieSpellings(curie));
  const byCurie = new Map<string, MappingView>();
  for (const row of rows) {
    const asSubject = mine.has(row.subject_id);
    const asObject = mine.has(row.object_id);
    if (!asSubject && !asObject) continue;
    const other = asSubject ? row.object_id : row.subject_id;
    const label = asSubject ? row.object_label : row.subject_label;
    const key = canonicalCurie(other);
    const seen = byCurie.get(key);
    if (seen) {
      if (!seen.sources.includes(row.source)) seen.sources.push(row.source);
      seen.label ??= label;
    } else {
      byCurie.set(key, { curie: other, label, predicate: 'skos:exactMatch', sources: [row.source], snapshot_id: row.snapshot_id });
    }
  }
  return [...byCurie.values()].sort((a, b) => a.curie.localeCompare(b.curie));
}

/** First hop: `curie`'s direct exact mappings among `rows` (rows about other CURIEs are ignored) and its MONDO id. */
export function firstHop(curie: string, rows: readonly MappingRow[]): Identity {
  const mappings = directMappings(curie, rows);
  const mondos = [...new Set(mappings.filter((m) => prefixOf(m.curie) === 'MONDO').map((m) => m.curie))];
  const mondoCurie = prefixOf(curie) === 'MONDO' ? curie : mondos.length === 1 ? mondos[0]! : null;
  return { curie, mappings, mondoCurie, efoId: null, equivalents: [] };
}

/** Second hop through MONDO (exact matches are transitive: OMIM:x = MONDO:y = EFO:z), from the rows about its MONDO id. */
export function secondHop(identity: Identity, rows: readonly MappingRow[]): void {
  const viaMondo = identity.mondoCurie && identity.mondoCurie !== identity.curie ? directMappings(identity.mondoCurie, rows) : [];
  const all = [...identity.mappings, ...viaMondo];
  identity.efoId = prefixOf(identity.curie) === 'EFO' ? identity.curie
    : all.map((m) => m.curie).filter((c) => prefixOf(c) === 'EFO').sort()[0] ?? null;
  identity.equivalents = spellingsOf([identity.curie, ...(identity.mondoCurie ? [identity.mondoCurie] : []), ...all.map((m) => m.curie)]);
}

export async function resolveIdentities(db: Knex, active: readonly string[], curies: readonly string[]): Promise<Map<string, Identity>> {
  const first = await mappingRows(db, active, spellingsOf(curies));
  const result = new Map<string, Identity>();
  const needMondo = new Set<string>();
  for (const curie of curies) {
    const identity = firstHop(curie, first);
    if (identity.mondoCurie && identity.mondoCurie !== curie) needMondo.add(identity.mondoCurie);
    result.set(curie, identity);
  }
  const second = await mappingRows(db, active, [...needMondo]);
  for (const identity of result.values()) secondHop(identity, second);
  return result;
}

/** Claims of the active snapshots counted per subject, recorded MONDO id and predicate (readiness inputs). */
export interface ClaimGroup { subject: string; mondo_curie: string | null; predicate: string; n: number }

export const READINESS_PREDICATES: readonly string[] = [...PHENOTYPE_PREDICATES, ...GENE_PATHWAY_DRUG_PREDICATES];

/** Readiness of one identity from claim groups (groups about other conditions are ignored). */
export function readinessOf(identity: Identity, groups: Iterable<ClaimGroup>): { tier: ReadinessTier; criteria: ReadinessCriteria } {
  const eq = new Set(identity.equivalents);
  const criteria: ReadinessCriteria = { exactMappings: identity.mappings.length, phenotypeClaims: 0, genePathwayDrugClaims: 0 };
  for (const g of groups) {
    if (!eq.has(g.subject) && !(identity.mondoCurie && g.mondo_curie === identity.mondoCurie)) continue;
    if ((PHENOTYPE_PREDICATES as readonly string[]).includes(g.predicate)) criteria.phenotypeClaims += g.n;
    else criteria.genePathwayDrugClaims += g.n;
  }
  return { tier: readinessTier(criteria), criteria };
}

/** Readiness of each identity: exact mappings, phenotype claims and gene/pathway/drug claims about it. */
export async function readiness(db: Knex, active: readonly string[], identities: readonly Identity[]): Promise<Map<string, { tier: ReadinessTier; criteria: ReadinessCriteria }>> {
  const subjects = spellingsOf(identities.flatMap((i) => i.equivalents));
  const mondos = [...new Set(identities.map((i) => i.mondoCurie).filter((m): m is string => m !== null))];
  const groups = subjects.length === 0 || active.length === 0 ? [] : (await db.raw(`select subject, mondo_curie, predicate, count(*)::int as n from ${T.claims}
    where snapshot_id = any(?::text[]) and predicate = any(?::text[]) and (subject = any(?::text[]) or mondo_curie = any(?::text[]))
    group by subject, mondo_curie, predicate`, [[...active], [...READINESS_PREDICATES], subjects, mondos])).rows as ClaimGroup[];
  const out = new Map<string, { tier: ReadinessTier; criteria: ReadinessCriteria }>();
  for (const identity of identities) out.set(identity.curie, readinessOf(identity, groups));
  return out;
}
