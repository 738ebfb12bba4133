// Conditions as the API sees them: terms of the ACTIVE snapshots (MONDO diseases, HPO phenotypes, and
// the diseases named by HPOA), with identity (exact mappings) and readiness.
import type { Knex } from 'knex';
import { curieSpellings } from '../../../domain/biomed/curie';
import { READINESS_MEANING, ReadinessTier } from '../../../domain/biomed/readiness';
import { T } from '../store/tables';
import { activeSnapshots, ActiveSnapshot } from './active-snapshots';
import { MappingView, readiness, resolveIdentities } from './identity';
import { conditionIndexCache } from '../search/condition-index-cache';
import type { SearchHit } from '../search/condition-index';

export interface TermRecord {
  snapshot_id: string;
  resource: string;
  curie: string;
  label: string | null;
  kind: string;
  definition: string | null;
  synonyms: { text: string; scope: string; type: string | null }[];
  xrefs: { id: string; source: string | null }[];
  replaced_by: string[] | null;
  obsolete: boolean;
}

const RESOURCE_PRIORITY = `case s.resource when 'mondo' then 0 when 'hp' then 1 when 'hpoa' then 2 when 'drugbank' then 3 else 4 end`;

function parse<V>(value: unknown): V {
  return (typeof value === 'string' ? JSON.parse(value) : value) as V;
}

function toTerm(row: Record<string, unknown>): TermRecord {
  return {
    snapshot_id: row.snapshot_id as string, resource: row.resource as string, curie: row.curie as string,
    label: (row.label as string | null) ?? null, kind: row.kind as string, definition: (row.definition as string | null) ?? null,
    synonyms: parse(row.synonyms) ?? [], xrefs: parse(row.xrefs) ?? [], replaced_by: row.replaced_by ? parse(row.replaced_by) : null,
    obsolete: row.obsolete === true,
  };
}

/** The term for a CURIE (any spelling) in the active snapshots; MONDO's wins over HP's over HPOA's, DrugBank's drug terms over the bare-named ones of other drug resources. */
export async function findTerm(db: Knex, curie: string): Promise<TermRecord | undefined> {
  const { rows } = await db.raw(`select t.*, s.resource from ${T.terms} t join ${T.snapshots} s on s.snapshot_id = t.snapshot_id and s.active
    where t.curie = any(?::text[]) order by ${RESOURCE_PRIORITY}, t.curie = ? desc limit 1`, [curieSpellings(curie), curie]);
  return rows[0] ? toTerm(rows[0]) : undefined;
}

/** Labels of terms in the active snapshots. */
export async function labelsOf(db: Knex, curies: readonly string[]): Promise<Map<string, string | null>> {
  if (curies.length === 0) return new Map();
  const { rows } = await db.raw(`select distinct on (t.curie) t.curie, t.label from ${T.terms} t
    join ${T.snapshots} s on s.snapshot_id = t.snapshot_id and s.active where t.curie = any(?::text[]) order by t.curie, ${RESOURCE_PRIORITY}`, [[...curies]]);
  return new Map((rows as { curie: string; label: string | null }[]).map((r) => [r.curie, r.label]));
}

export type { SearchHit } from '../search/condition-index';

/**
 * Label or synonym substring, case-insensitive, over the active snapshots (ranking: see
 * infra/biomed/search/condition-index.ts). Served by the in-process index of the active set, which one
 * tiny query per call keeps current (infra/biomed/search/condition-index-cache.ts).
 */
export async function searchConditions(db: Knex, q: string, limit: number): Promise<SearchHit[]> {
  return (await conditionIndexCache(db).current()).search(q.trim().toLowerCase(), limit);
}

/** searchConditions with the hits already serialized as a JSON array (what the HTTP route sends). */
export async function searchConditionsJson(db: Knex, q: string, limit: number): Promise<{ count: number; json: string }> {
  return (await conditionIndexCache(db).current()).searchJson(q.trim().toLowerCase(), limit);
}

export interface ConditionSummary {
  curie: string; label: string | null; kind: string; definition: string | null; obsolete: boolean; replaced_by: string[] | null;
  synonyms: TermRecord['synonyms']; xrefs: TermRecord['xrefs'];
  mappings: MappingView[];
  mondo_curie: string | null; efo_id: string | null;
  readiness_tier: ReadinessTier;
  readiness: { tier: ReadinessTier; meaning: string; exact_mappings: number; phenotype_claims: number; gene_pathway_drug_claims: number };
  source: { snapshot_id: string; resource: string };
  active_snapshots: ActiveSnapshot[];
}

export async function conditionSummary(db: Knex, curie: string): Promise<ConditionSummary | undefined> {
  const term = await findTerm(db, curie);
  if (!term) return undefined;
  const snapshots = await activeSnapshots(db);
  const active = snapshots.map((s) => s.snapshot_id);
  const identity = (await resolveIdentities(db, active, [term.curie])).get(term.curie)!;
  const ready = (await readiness(db, active, [identity])).get(term.curie)!;
  return {
    curie: term.curie, label: term.label, kind: term.kind, definition: term.definition, obsolete: term.obsolete, replaced_by: term.replaced_by,
    synonyms: term.synonyms, xrefs: term.xrefs, mappings: identity.mappings, mondo_curie: identity.mondoCurie, efo_id: identity.efoId,
    readiness_tier: ready.tier,
    readiness: {
      tier: ready.tier, meaning: READINESS_MEANING[ready.tier], exact_mappings: ready.criteria.exactMappings,
      phenotype_claims: ready.criteria.phenotypeClaims, gene_pathway_drug_claims: ready.criteria.genePathwayDrugClaims,
    },
    source: { snapshot_id: term.snapshot_id, resource: term.resource },
    active_snapshots: snapshots,
  };
}
