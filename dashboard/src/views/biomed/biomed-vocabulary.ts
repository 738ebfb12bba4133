// The store's fixed vocabularies as the API's JSON schemas give them (api/biomed/schemas.ts, from
// domain/biomed): page sizes and what each readiness tier means. The predicate, evidence-direction and
// resource lists are not copied here: views import them from domain/biomed (pure, shared with the dashboard
// build like domain/knowledge-graph/metagraph), so a new predicate or resource is offered without a second edit.
import type { ReadinessTier } from './biomed-types';

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
