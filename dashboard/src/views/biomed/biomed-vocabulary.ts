// The store's fixed vocabularies as the API's JSON schemas give them (api/biomed/schemas.ts, from
// domain/biomed): filter choices and what each readiness tier means. Kept here because the dashboard
// talks to the API only; a value missing here still shows, it just is not offered as a filter.
import type { ReadinessTier } from './biomed-types';

export const PREDICATES = [
  'IS_A', 'HAS_PHENOTYPE', 'ASSOCIATED_WITH_GENE', 'INVOLVES_PATHWAY', 'HAS_DRUG_EVIDENCE', 'PARTICIPATES_IN',
  'VARIANT_ASSOCIATED_WITH', 'HAS_ADVERSE_EVENT', 'INDICATED_FOR', 'TREATS', 'PALLIATES', 'INTERACTS_WITH', 'ASSOCIATES',
  'TARGETS', 'BINDS', 'CAUSES', 'EXPRESSED_IN', 'UPREGULATED_IN', 'DOWNREGULATED_IN', 'HAS_SURFACE_EVIDENCE', 'APPROVED_FOR', 'STUDIED_FOR',
] as const;

export const EVIDENCE_DIRECTIONS = ['supports', 'contradicts', 'neutral'] as const;

export const RESOURCES = [
  'mondo', 'hp', 'hpoa', 'go', 'reactome', 'uberon', 'clinvar', 'openfda', 'legacy_curated', 'disease_ontology', 'pharmacotherapydb', 'ncbi_gene',
  'drugbank', 'drugcentral', 'bindingdb', 'ppi', 'gwas_catalog', 'sider', 'bgee', 'surfaceome', 'hgnc', 'drugbank_vocabulary', 'chembl',
] as const;

/** Page sizes of search and claims (spec §8: 1-200, default 50). */
export const PAGE_LIMIT = { min: 1, max: 200, default: 50 } as const;
export const HIERARCHY_DEPTH = { min: 0, max: 3, default: 1 } as const;

/** Readiness tiers are cumulative (the condition summary also sends its own meaning). */
export const READINESS_MEANING: Record<ReadinessTier, string> = {
  L0: 'term only: label, synonyms and IS_A hierarchy',
  L1: 'term with at least one exact published mapping',
  L2: 'mapped term with phenotype (HAS_PHENOTYPE) claims',
  L3: 'mapped, phenotyped term with gene, pathway or drug claims',
};

export function validLimit(value: string, bounds: { min: number; max: number }): string | undefined {
  const n = Number(value);
  return value === '' || (Number.isInteger(n) && n >= bounds.min && n <= bounds.max) ? undefined : `must be a whole number from ${bounds.min} to ${bounds.max}`;
}
