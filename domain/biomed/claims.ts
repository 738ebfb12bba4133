// Claim vocabulary of the biomedical store. IS_A and HAS_PHENOTYPE are produced by the hp, mondo and
// hpoa importers; the gene, pathway and drug predicates are the ones the later importers (go, reactome,
// clinvar, openfda) will write, listed now so filters and readiness tier L3 have a fixed meaning.

export const ONTOLOGY_PREDICATES = ['IS_A'] as const;
export const PHENOTYPE_PREDICATES = ['HAS_PHENOTYPE'] as const;
export const GENE_PATHWAY_DRUG_PREDICATES = ['ASSOCIATED_WITH_GENE', 'INVOLVES_PATHWAY', 'HAS_DRUG_EVIDENCE'] as const;
/** Gene -> pathway membership (reactome importer); about genes, so it does not change a condition's tier. */
export const MEMBERSHIP_PREDICATES = ['PARTICIPATES_IN'] as const;

/**
 * Variant and drug facts (clinvar, openfda importers) whose subject is a variant or a drug, not a condition,
 * so they do not change a condition's tier: variant -> condition (ClinVar), drug -> adverse-event reaction
 * (FAERS), drug -> condition (labels, only with a structured condition id).
 */
export const VARIANT_DRUG_PREDICATES = ['VARIANT_ASSOCIATED_WITH', 'HAS_ADVERSE_EVENT', 'INDICATED_FOR'] as const;

/**
 * Curated drug -> disease therapy (pharmacotherapydb importer): TREATS (disease-modifying) and PALLIATES
 * (symptomatic). A curated non-indication is TREATS with evidence_direction contradicts. The subject is a
 * drug, so like VARIANT_DRUG_PREDICATES they do not change a condition's tier.
 */
export const DRUG_THERAPY_PREDICATES = ['TREATS', 'PALLIATES'] as const;

/**
 * Drug side effects (sider: compound CAUSES a UMLS side effect), gene expression in anatomy (bgee) and
 * cell-surface evidence of a gene (surfaceome). Subjects are drugs and genes, so they do not change a
 * condition's tier.
 */
export const EFFECT_EXPRESSION_PREDICATES = ['CAUSES', 'EXPRESSED_IN', 'UPREGULATED_IN', 'DOWNREGULATED_IN', 'HAS_SURFACE_EVIDENCE'] as const;

export const PREDICATES = [...ONTOLOGY_PREDICATES, ...PHENOTYPE_PREDICATES, ...GENE_PATHWAY_DRUG_PREDICATES, ...MEMBERSHIP_PREDICATES, ...VARIANT_DRUG_PREDICATES, ...DRUG_THERAPY_PREDICATES, ...EFFECT_EXPRESSION_PREDICATES] as const;
export type Predicate = (typeof PREDICATES)[number];

/** supports: the source asserts it; contradicts: the source asserts it does NOT hold (HPOA qualifier NOT, PharmacotherapyDB NOT). */
export const EVIDENCE_DIRECTIONS = ['supports', 'contradicts', 'neutral'] as const;
export type EvidenceDirection = (typeof EVIDENCE_DIRECTIONS)[number];
