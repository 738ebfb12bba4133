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
 * Drug -> gene (NCBIGene) facts: TARGETS (drugcentral importer: a curated target with its action) and BINDS
 * (bindingdb importer: a measured affinity; supports at <= 1 uM, neutral above). The subject is a drug, so
 * they do not change a condition's tier.
 */
export const DRUG_TARGET_PREDICATES = ['TARGETS', 'BINDS'] as const;

/**
 * Gene-gene and disease-gene facts of the integrated resources: INTERACTS_WITH (ppi importer; symmetric,
 * one claim per unordered gene pair, the smaller CURIE as subject) and ASSOCIATES (gwas_catalog importer:
 * disease -> gene GWAS association). Accepted by the claims filter and counted in the stats; they do not
 * change a condition's readiness tier (READINESS_PREDICATES are unchanged).
 */
export const GENE_NETWORK_PREDICATES = ['INTERACTS_WITH', 'ASSOCIATES'] as const;

/**
 * Drug side effects (sider: compound CAUSES a UMLS side effect), gene expression in anatomy (bgee) and
 * cell-surface evidence of a gene (surfaceome). Subjects are drugs and genes, so they do not change a
 * condition's tier.
 */
export const EFFECT_EXPRESSION_PREDICATES = ['CAUSES', 'EXPRESSED_IN', 'UPREGULATED_IN', 'DOWNREGULATED_IN', 'HAS_SURFACE_EVIDENCE'] as const;

/**
 * ChEMBL drug indications (chembl importer): APPROVED_FOR (max_phase_for_ind 4) and STUDIED_FOR (phase 1-3),
 * compound -> disease. Kept apart from PharmacotherapyDB's curated TREATS/PALLIATES: a trial phase is not a
 * physician's judgement of disease modification, and link prediction's labels stay TREATS (Rephetio).
 */
export const DRUG_INDICATION_PREDICATES = ['APPROVED_FOR', 'STUDIED_FOR'] as const;

export const PREDICATES = [...ONTOLOGY_PREDICATES, ...PHENOTYPE_PREDICATES, ...GENE_PATHWAY_DRUG_PREDICATES, ...MEMBERSHIP_PREDICATES, ...VARIANT_DRUG_PREDICATES, ...DRUG_THERAPY_PREDICATES, ...DRUG_TARGET_PREDICATES, ...GENE_NETWORK_PREDICATES, ...EFFECT_EXPRESSION_PREDICATES, ...DRUG_INDICATION_PREDICATES] as const;
export type Predicate = (typeof PREDICATES)[number];

/**
 * supports: the source asserts it; contradicts: the source asserts it does NOT hold (HPOA qualifier NOT,
 * PharmacotherapyDB NOT); neutral: the source records it without asserting it (a BindingDB affinity weaker
 * than the binding threshold).
 */
export const EVIDENCE_DIRECTIONS = ['supports', 'contradicts', 'neutral'] as const;
export type EvidenceDirection = (typeof EVIDENCE_DIRECTIONS)[number];
