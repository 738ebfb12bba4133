// Evidence sources and what an adapter hands to the pipeline. Adapters (infra/sources/) turn each
// provider's own response format into SourceRecords; everything after that is pure (domain/).

export const SOURCE_NAMES = ['pubmed', 'clinical_trials', 'gwas', 'fda_labels', 'opentargets', 'gtex', 'biorxiv', 'chembl'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];
/** The dashboard's and the API's default: the literature index and clinical trials. */
export const DEFAULT_SOURCES: readonly SourceName[] = ['pubmed', 'clinical_trials'];

export type RecordType =
  | 'article' | 'preprint' | 'clinical_trial' | 'gwas_association' | 'drug_label'
  | 'target_association' | 'expression' | 'bioactivity';

/** How the records were obtained: from the provider now, from our response cache, or from the bundled corpus. */
export type RetrievalMode = 'live' | 'cache' | 'offline';

export interface SourceRecord {
  source: SourceName;
  /** The provider's identifier (PMID, NCT id, GWAS association id, openFDA set id, ...). */
  nativeId: string;
  recordType: RecordType;
  title: string;
  /** Canonical public URL of the record at the provider. */
  url: string;
  /** Up to ~600 characters of the record's own text (abstract, summary, indication...), for display. */
  text: string;
  /**
   * The whole text when it is longer than the snippet (an abstract with its RESULTS and CONCLUSIONS), for
   * reading outcomes; at most FULL_TEXT_MAX characters. Absent when `text` is already all of it.
   */
  fullText?: string;
  /**
   * A made-up example record (the bundled offline corpus: PMIDs 9000xxxx, NCT9…): never linked to a provider
   * page and badged "synthetic example" wherever it is shown. Set by the source runner, never by adapters.
   */
  synthetic?: boolean;
  /** ISO date (YYYY-MM-DD) of publication / first posting, when the provider gives one. */
  published: string | null;
  /**
   * Entities the provider states in structured fields (never guessed from free text): e.g. a trial's
   * interventions, a label's generic names, an association's target gene. Names as the provider gives them.
   */
  structured: {
    drugs: string[];
    targets: string[];
    pathways: string[];
  };
  /** Provider-specific facts the quality scoring and claims use. All optional. */
  attributes: {
    /** Clinical trials: PHASE1..PHASE4, EARLY_PHASE1, NA. */
    phase?: string;
    /** Clinical trials: RECRUITING, COMPLETED, TERMINATED, WITHDRAWN, ... */
    status?: string;
    enrollment?: number;
    /** Trials/articles: the primary outcome was met (true), not met (false), unknown (absent). */
    outcomeMet?: boolean;
    /** Clinical trials: the registry holds posted results (ClinicalTrials.gov `hasResults`). */
    hasResults?: boolean;
    /** Clinical trials: the statistical analyses of the PRIMARY outcome measures in the posted results. */
    primaryAnalyses?: TrialAnalysis[];
    /** Clinical trials: the statistical analyses of the SECONDARY outcome measures (each a claim of its own, schema 1.6). */
    secondaryAnalyses?: TrialAnalysis[];
    /** Clinical trials: why a trial stopped early (`whyStopped`), as the sponsor wrote it. */
    whyStopped?: string;
    /** Clinical trials: interventions given only in comparator arms (placebo, active or sham comparator). */
    comparatorDrugs?: string[];
    /** Clinical trials: interventions given in every arm, comparators included (background therapy). */
    backgroundDrugs?: string[];
    /** GWAS: association p-value. */
    pValue?: number;
    /** Open Targets: overall association score 0..1. */
    associationScore?: number;
    /** ChEMBL: pChEMBL value of the best activity. */
    pchembl?: number;
    /** GTEx: median TPM in the disease-relevant tissue. */
    medianTpm?: number;
    tissue?: string;
    /** Articles: publication types (Randomized Controlled Trial, Review, Meta-Analysis, ...). */
    publicationTypes?: string[];
    journal?: string;
    /** Drug labels: the label's indications text mentions the disease. */
    indicationMatch?: boolean;
    /** Drug labels: the boxed warning's text (openFDA `boxed_warning`), when the label carries one. */
    boxedWarning?: string;
    /** Open Targets: the genetic_association data-type score 0..1 (datatypeScores), apart from the overall score. */
    geneticAssociationScore?: number;
    // --- Added with issue 14 (parts 4 and 7); all optional, absent when the provider does not say. ---
    /**
     * Articles: PubMed lists the publication type "Retracted Publication" (the article was retracted) or
     * "Retraction of Publication" (the record is the retraction notice). Dropped before normalization.
     */
    retracted?: boolean;
    /** Articles: the article's DOI (lower case), to recognise the published version of a preprint. */
    doi?: string;
    /** Preprints: the DOI of the peer-reviewed version, when bioRxiv records one. */
    publishedDoi?: string;
    /** Drug labels: the active ingredients (openFDA substance_name, upper case, sorted); one label is kept per set. */
    activeIngredients?: string[];
    /** GWAS: the risk (effect) allele the Catalog reports, e.g. "rs2476601-A". */
    riskAllele?: string;
    /** GWAS: odds ratio per copy of the risk allele. */
    oddsRatio?: number;
    /** GWAS: beta coefficient, with its direction applied (negative = decrease), and its unit. */
    beta?: number;
    betaUnit?: string;
    /**
     * GWAS: which way the reported allele acts: 'risk' (OR > 1, beta increase), 'protective' (OR < 1, beta
     * decrease), 'unknown' (no effect size given). Claims read it (a protective allele is not a risk allele).
     */
    effectDirection?: 'risk' | 'protective' | 'unknown';
    /** GWAS: genes the Catalog maps the variant to (Ensembl mapping), besides the author-reported ones. */
    mappedGenes?: string[];
    /** ChEMBL: the target's type when not a single protein (PROTEIN COMPLEX, PROTEIN FAMILY, ...). */
    targetType?: string;
    // --- Added with issue 26 (real literature and trial records); optional. ---
    /** Articles: MeSH descriptor names (MEDLINE MeshHeadingList; PubMedQA MESHES). */
    meshTerms?: string[];
    /** Articles: the PubMed Central id (PMC…) when the article is in PMC. */
    pmcid?: string;
    /** Clinical trials: adverse events by arm (resultsSection.adverseEventsModule.eventGroups), as posted. */
    adverseEventsByArm?: TrialAdverseEvents[];
  };
}

/** One statistical analysis of a primary outcome (ClinicalTrials.gov resultsSection.outcomeMeasuresModule). */
export interface TrialAnalysis {
  /** The outcome measure's title. */
  outcome: string;
  /** As posted: "0.12", "<0.001", "=0.03". */
  pValue?: string;
  /** The estimated parameter: "Odds Ratio (OR)", "Hazard Ratio (HR)", "Mean Difference (Final Values)", ... */
  paramType?: string;
  paramValue?: number;
  ciLower?: number;
  ciUpper?: number;
  /** Confidence level in percent (95). */
  ciPct?: number;
  statisticalMethod?: string;
  /** SUPERIORITY, NON_INFERIORITY, EQUIVALENCE, OTHER, ... */
  nonInferiorityType?: string;
  /** The arms the analysis compares (titles of its groupIds in the outcome measure's groups), as posted. */
  groups?: string[];
}

/** One arm's adverse-event counts (ClinicalTrials.gov adverseEventsModule.eventGroups[]). */
export interface TrialAdverseEvents {
  arm: string;
  seriousAffected?: number;
  seriousAtRisk?: number;
  otherAffected?: number;
  otherAtRisk?: number;
  deathsAffected?: number;
  deathsAtRisk?: number;
}

export type SourceState = 'ok' | 'warning' | 'error' | 'skipped';

export interface SourceStatus {
  source: SourceName;
  status: SourceState;
  record_count: number;
  query_terms: string[];
  retrieval_mode: RetrievalMode | null;
  warning: string | null;
  retrieved_at: string;
  /**
   * Since issue 26: the local-mirror snapshot that answered (offline mode, or auto mode's fallback), e.g.
   * "pubmed-seed-1a2b3c4d5e6f". Absent for live, cached and synthetic-corpus answers. A fingerprint input.
   */
  snapshot_id?: string;
}
