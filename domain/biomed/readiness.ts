// Readiness tiers of a condition: how much of the store can say something about it. Cumulative: a tier
// needs everything the tiers below it need, so L2 always means "mapped AND phenotyped".
//   L0  the term is imported (label, synonyms, hierarchy) and nothing more;
//   L1  + at least one exact published mapping (SSSOM skos:exactMatch or a MONDO equivalentTo xref);
//   L2  + at least one HAS_PHENOTYPE claim (its own or through an exact mapping);
//   L3  + at least one gene, pathway or drug claim (no importer writes these yet, so L3 is not reached).
export type ReadinessTier = 'L0' | 'L1' | 'L2' | 'L3';

export interface ReadinessCriteria {
  exactMappings: number;
  phenotypeClaims: number;
  genePathwayDrugClaims: number;
}

export const READINESS_MEANING: Record<ReadinessTier, string> = {
  L0: 'term only: label, synonyms and IS_A hierarchy',
  L1: 'term with at least one exact published mapping',
  L2: 'mapped term with phenotype (HAS_PHENOTYPE) claims',
  L3: 'mapped, phenotyped term with gene, pathway or drug claims',
};

export function readinessTier(c: ReadinessCriteria): ReadinessTier {
  if (c.exactMappings === 0) return 'L0';
  if (c.phenotypeClaims === 0) return 'L1';
  if (c.genePathwayDrugClaims === 0) return 'L2';
  return 'L3';
}
