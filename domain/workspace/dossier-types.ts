// The EvidenceDossier (spec §2.4) and its parts. schema_version is bumped on any breaking change.
import type { NodeKind, EdgeRelation } from '../kg/graph-data';
import type { RecordType, RetrievalMode, SourceName, SourceStatus } from './sources';
import type { QuestionAnalysis } from './question/types';
import type { RelevanceNote } from './question/relevance';
import type { SaeComparison } from '../trials/serious-adverse-events';

/** The question as the run used it (since 1.2). */
export interface QuestionAnalysisRecord extends QuestionAnalysis {
  /** Per source answered by the offline corpus: how its records were ranked (and filtered) by the question. */
  offline_relevance: Partial<Record<SourceName, RelevanceNote>>;
}

// 1.1: graph explanations from the knowledge graph of the active snapshots (typed, directed steps with
// citations, cross_disease labels). 1.0 dossiers stay valid: the new fields are optional.
// 1.2: evidence items carry their outcome (class and deciding statement); a contradiction resting on a
// safety signal carries qualifier "harm"; rankings are scored on Open Targets lines (docs/scoring.md).
// 1.2 (also): question_analysis (how the question was read and used: entities, intent, boost and ranking terms,
// the offline relevance ranking per source). Additive: 1.0 and 1.1 dossiers stay valid.
// 1.4: rests_on (written first: synthetic records, seed graph, offline corpus, failed sources); rankings carry
// confidence_basis and the component scores of docs/scoring.md (favourable/unfavourable pulls). Additive.
// 1.5: one claim per outcome: an article's drug claims carry outcome_reading and outcomes (the deciding
// outcome, primary first, and one claim per other result sentence). Additive: 1.0–1.4 dossiers stay valid.
// 1.6: a ClinicalTrials.gov record with posted results gives one claim per posted outcome the same way (the deciding
// primary outcome on the claim the ranking counts, other outcomes as other_outcome claims); a claim outcome may carry
// the outcome measure's title (outcome) and the arms compared (arms). Additive: 1.0–1.5 dossiers stay valid.
export const DOSSIER_SCHEMA_VERSION = '1.6';

export const DISCLAIMER = 'Research use only. This dossier summarises public evidence to help prioritise research; '
  + 'scores are prioritization heuristics, not probabilities of benefit or safety, and nothing here is medical advice.';

export type CandidateType = 'drugs' | 'targets' | 'both';

export interface ResearchRequest {
  disease_id: string;
  question: string;
  sources: SourceName[];
  date_from: string | null;
  date_to: string | null;
  candidate_type: CandidateType;
  max_evidence: number;
  enable_llm: boolean;
}

export type QualityTier = 'high' | 'moderate' | 'low';

export interface EvidenceItem {
  /** Stable: derived from source + native id ("ev_" + 16 hex of SHA-256). */
  evidence_id: string;
  source: SourceName;
  native_id: string;
  /** The same record found through other sources (duplicates merged, provenance kept). */
  also_found_in: { source: SourceName; native_id: string; url: string }[];
  url: string;
  title: string;
  snippet: string;
  published: string | null;
  evidence_type: RecordType;
  quality_tier: QualityTier;
  /** 0..1 */
  quality_score: number;
  quality_rationale: string;
  query_context: string[];
  retrieval_mode: RetrievalMode;
  retrieved_at: string;
  /**
   * Where this record came from (since 1.1): a live provider answer, the response cache, or the offline
   * corpus; `synthetic` records are made-up examples, shown without a link and badged "synthetic example".
   */
  provenance?: {
    /** 'mirror' (since issue 26): a local-mirror snapshot of the provider's bulk release, named by snapshot_id. */
    mode: 'live' | 'cache' | 'offline_corpus' | 'mirror';
    snapshot_id?: string;
    synthetic: boolean;
    retrieved_at: string;
    /** Since 1.2: true when `auto` mode asked the provider, found it unreachable and took this record from the corpus. */
    fallback?: boolean;
  };
  /** Knowledge-graph node ids this record names (structured fields, or whole-word text matches). */
  entities: { drugs: string[]; targets: string[] };
  /** What the record says (since 1.2): its outcome class and the sentence or registry fact that decided it. */
  outcome?: EvidenceOutcome;
  /** Since 1.2: the facts the ranking reads from this record, so every component recomputes by hand (docs/scoring.md). */
  scoring_inputs?: ScoringInputs;
  /** Since 1.4 (additive): a trial's posted serious adverse events, drug arm(s) against the placebo-type comparator. */
  serious_adverse_events?: SaeComparison;
}

/** Present only where the record states them. */
export interface ScoringInputs {
  /** The score the record brings to evidence strength before its relationship weight (0..1). */
  record_score: number;
  /** Clinical trials: highest phase (0.5 = early phase 1) and participants enrolled. */
  phase?: number | null;
  enrollment?: number | null;
  /** GWAS: association p-value. */
  p_value?: number;
  /** Open Targets: genetic_association data-type score. */
  genetic_association_score?: number;
  /** Drug labels: the indications name the disease. */
  indication_match?: boolean;
}

/**
 * positive / null / negative / harm: an outcome read from the record (domain/workspace/evidence-outcome.ts);
 * unknown: studied but no outcome stated; excluded: a trial that studied nobody (withdrawn); context: a record
 * that states no outcome by its nature (an association score, healthy-tissue expression, a mechanism).
 */
export interface EvidenceOutcome {
  class: 'positive' | 'null' | 'negative' | 'harm' | 'unknown' | 'excluded' | 'context';
  statement: string | null;
  /** Since 1.3 (optional): the effect reader's reading of the deciding statement (domain/effects). */
  effect?: EffectSummary;
  /** Since 1.4 (optional): a drug label's boxed warning, a safety fact of the drug (never efficacy evidence). */
  boxed_warning?: string;
}

/** What the effect reader read (docs/outcome-classification.md): direction, benefit or harm, and the statistics. */
export interface EffectSummary {
  direction: 'increased' | 'decreased' | 'no_difference' | 'none';
  favourability: 'favourable' | 'unfavourable' | 'null' | 'unknown';
  /** The quoted sentence or registry analysis that decided. */
  deciding: string;
  /** Statistics quoted from it ("p = 0.03", "0.76 (0.59-0.98)"). */
  statistics: string[];
  /** For a null against a named active drug: "no better than the comparator". */
  active_comparator?: string;
  /**
   * Since issue 28's effect-reader round (additive): why the reading is uncertain — the model reads no difference
   * where the rules read a direction and nothing states a null. Favourability is then unknown: "studied", not a null.
   */
  uncertain?: string;
  /** Other result sentences of the same record (several outcomes), in reading order. */
  other_outcomes?: { direction: string; favourability: string; sentence: string }[];
}

export type ClaimRelationship = 'supports' | 'contradicts' | 'associated_with' | 'targets' | 'participates_in';

export interface ClaimEntity {
  id: string;
  label: string;
  kind: NodeKind;
}

export interface Claim {
  claim_id: string;
  subject: ClaimEntity;
  relationship: ClaimRelationship;
  object: ClaimEntity;
  /** A sentence a researcher can check against the cited records. */
  statement: string;
  evidence_ids: string[];
  /** Human-readable citations: "PMID:12345", "NCT01234567", ... */
  citations: string[];
  origin: 'deterministic' | 'llm';
  /** Since 1.2: "harm" when a contradiction rests on a safety signal (deaths, withdrawal, boxed warning, ...). */
  qualifier?: 'harm';
  /**
   * Since 1.5 (optional): for an article's or preprint's drug claim, the outcome readings it rests on. A record's
   * deciding outcome (the primary first, docs/outcome-classification.md) makes the claim ranked as before
   * ('deciding'; merged over records, one reading per record); each of its other result sentences makes a claim
   * of its own ('other_outcome', one outcome each), which the ranking does not count: it says what else the
   * record found, not how the record counts.
   */
  outcome_reading?: 'deciding' | 'other_outcome';
  outcomes?: ClaimOutcome[];
}

/** Since 1.5: one outcome as the effect reader read it for a claim. */
export interface ClaimOutcome {
  evidence_id: string;
  /** The quoted result sentence. */
  sentence: string;
  /** Whether the sentence names the primary outcome, a secondary one, or neither. */
  rank: 'primary' | 'secondary' | 'unstated';
  direction: 'increased' | 'decreased' | 'no_difference';
  favourability: 'favourable' | 'unfavourable' | 'null' | 'unknown';
  /** Statistics quoted from the sentence. */
  statistics: string[];
  /**
   * Since 1.6, for a ClinicalTrials.gov outcome: the outcome measure's title as posted (the outcome's identity; the
   * sentence is then the posted analysis described) and the arms its analysis compares.
   */
  outcome?: string;
  arms?: string[];
}

export type ConfidenceBand = 'high' | 'medium' | 'low';

export interface CandidateRanking {
  candidate_id: string;
  label: string;
  kind: 'drug' | 'target';
  rank: number;
  /** 0..100 prioritization heuristic. */
  score: number;
  confidence_band: ConfidenceBand;
  /** Since 1.4: what the band rests on (real records, sources; "synthetic examples only"; why not high). */
  confidence_basis?: string;
  /** Each 0..100 (docs/scoring.md): favourable_evidence, unfavourable_evidence, per data type, mechanism and graph (shown, not scored). */
  component_scores: Record<string, number>;
  explanation: string;
  supporting_claim_ids: string[];
  contradicting_claim_ids: string[];
  citation_ids: string[];
  graph_explanation_ids: string[];
  /**
   * Since 1.2: safety facts about the candidate from the store (not from the retrieved records): DrugBank's
   * "withdrawn" group, SIDER label side effects on the EMA DME list (1.3). A flag with affects_confidence keeps
   * the candidate from high confidence.
   */
  safety_flags?: SafetyFlag[];
}

export interface SafetyFlag {
  /** Since 1.3: designated_medical_event (SIDER label side effects on the EMA DME list). */
  flag: 'withdrawn' | 'designated_medical_event';
  /** The knowledge-graph node the fact is about, and the snapshot that states it. */
  node: string;
  source: 'drugbank' | 'sider';
  snapshot_id: string;
  /** Since 1.3: the MedDRA terms (designated_medical_event). */
  terms?: string[];
  /** Since 1.3: whether the flag keeps the candidate from high confidence (domain/workspace/safety-flags.ts). */
  affects_confidence: boolean;
  statement: string;
}

/** One step of an explanation path: the edge's type, where it comes from, and (knowledge graph) its direction. */
export interface GraphRelationship {
  /** A curated relation (targets, …) or a knowledge-graph edge type (TARGETS, ASSOCIATES, …). */
  relation: EdgeRelation | string;
  provenance: string;
  /** forward: the step goes from the edge's subject to its object (or a symmetric edge); reverse: against it. */
  direction?: 'forward' | 'reverse';
  /** The store claims behind the edge (knowledge graph only); claim_no null for an ontology IS_A edge. */
  citations?: { snapshot_id: string; resource: string; claim_no: number | null }[];
}

export interface GraphExplanation {
  explanation_id: string;
  candidate_id: string;
  status: 'found' | 'no_path_found';
  path: { nodes: ClaimEntity[]; relationships: GraphRelationship[] } | null;
  reason: string | null;
  /** Which graph explained it: the knowledge graph of the active snapshots, or the legacy curated fixtures. */
  graph?: 'knowledge_graph' | 'curated';
  /** The knowledge-graph node the candidate was linked to, and how (knowledge graph only). */
  candidate_node?: string | null;
  linked_by?: string | null;
  /** True when the path passes through another disease than the question's; such a path scores less. */
  cross_disease?: boolean;
  via_diseases?: ClaimEntity[];
}

export interface RetrievalManifest {
  /** Evidence records by provenance mode. */
  records_by_mode: { live: number; cache: number; offline_corpus: number; mirror?: number };
  synthetic_records: number;
  /** Sources whose provider was unreachable in `auto` mode, answered by the offline corpus instead. */
  fallback_sources: SourceName[];
  fallback_records: number;
}

export type LlmStatus = 'disabled' | 'ok' | 'not_configured' | 'timeout' | 'quota_exceeded' | 'failed' | 'invalid_output';

export interface Dossier {
  schema_version: string;
  /** Since 1.4, written first: what the dossier rests on when it is not real, complete evidence (rests-on.ts). */
  rests_on?: RestsOn;
  /** Since 1.4: the answer's shape the question asked for (answer-shape.ts): set-apart drugs, a profile, a safety ranking. */
  answer?: Answer;
  run_id: string;
  started_at: string;
  completed_at: string;
  request: ResearchRequest;
  disease: { id: string; name: string; mondo_id: string; efo_id: string };
  search_terms: string[];
  /** Since 1.2: how the question was read (entities, intent) and used (boosts, offline ranking). */
  question_analysis?: QuestionAnalysisRecord;
  source_statuses: SourceStatus[];
  evidence: EvidenceItem[];
  claims: Claim[];
  drug_rankings: CandidateRanking[];
  target_rankings: CandidateRanking[];
  graph_explanations: GraphExplanation[];
  warnings: string[];
  limitations: string[];
  manifest: {
    provenance: {
      algorithm: 'sha256';
      /** Over canonical JSON of normalized inputs, disease, sources, filters, retrieval modes, scoring context, source counts. */
      fingerprint: string;
      inputs: Record<string, unknown>;
    };
    llm: { status: LlmStatus; model: string | null; warnings: string[] };
    /** Since 1.2: how the evidence was obtained, so a reader sees at once what is live and what is not. */
    retrieval?: RetrievalManifest;
  };
  disclaimer: string;
}

// ---------------------------------------------------------------------------------------------
// Since 1.4: what the dossier rests on (rests-on.ts) and the answer's shape (answer-shape.ts, safety-ranking.ts).

export interface RestsOn {
  /** True only when every record is real, every requested source answered live, and the knowledge graph explained. */
  real_and_complete: boolean;
  /** One or two sentences a reader sees before anything else. */
  headline: string;
  records: number;
  synthetic_records: number;
  /** The knowledge graph of the active snapshots (their resources), or the curated seed graph (fixtures). */
  graph: { kind: 'knowledge_graph' | 'curated_seed'; resources: string[] };
  /** Sources answered by the bundled offline corpus, with the date the corpus was read. */
  offline_sources: { source: SourceName; read_at: string }[];
  cached_sources: SourceName[];
  failed_sources: SourceName[];
  skipped_sources: SourceName[];
}

export type AnswerShape = 'efficacy_ranking' | 'repurposing' | 'safety_ranking' | 'drug_profile';

export interface SetApart {
  candidate_id: string;
  label: string;
  reason: 'already_indicated' | 'excluded_by_question';
  statement: string;
  /** Its efficacy ranking row, with the rank it would have had (issue 28: adalimumab would have been #2). */
  ranking: CandidateRanking;
}

export interface DrugProfile {
  candidate_id: string;
  label: string;
  efficacy: { score: number; confidence_band: string; confidence_basis: string | null; rank: number | null };
  safety: { harm_citations: string[]; boxed_warnings: string[]; flags: string[] };
  mechanism: { targets: string[]; citations: string[] };
  trials_by_phase: Record<string, number>;
}

export interface Answer {
  shape: AnswerShape;
  /** What the answer is, in one sentence a reader sees above the rankings. */
  statement: string;
  set_apart: SetApart[];
  profile?: DrugProfile;
  safety_ranking?: SafetyRankingRow[];
}

export interface SafetyRankingRow {
  candidate_id: string;
  label: string;
  rank: number;
  /** 0..100 harm-concern heuristic (higher: more harm shown). */
  concern: number;
  /** signal: real harm evidence or a store fact; synthetic_only: harm shown only by synthetic examples; none_found. */
  concern_band: 'signal' | 'synthetic_only' | 'none_found';
  statement: string;
  citations: string[];
  /** Since 1.4 (additive): every term behind the concern, each saying what it is and whether it counts. */
  terms?: SafetyTerm[];
  /** Since 1.4 (additive): what FAERS said about the drug, or why it said nothing (absence, never reassurance). */
  faers?: { status: 'signals' | 'no_signal_met' | 'not_available' | 'not_requested'; statement: string };
}

/** One term of a safety-ranking row (domain/workspace/safety-ranking.ts). */
export interface SafetyTerm {
  term: 'harm_result' | 'sae_excess' | 'sae_by_arm' | 'boxed_warning' | 'withdrawn' | 'ema_dme' | 'faers_signal';
  /** What this term is, in words, with its numbers. */
  what: string;
  /** Whether it counts in the concern (listed-only terms, like an SAE comparison showing no excess, do not). */
  counted: boolean;
  data_type: 'clinical' | 'literature' | 'spontaneous_reports' | null;
  /** Its score (0..1) in its data type's harmonic sum; null when not counted. */
  score: number | null;
  /** The record or store fact it rests on (one record counts once). */
  record: string;
  citation: string;
  synthetic: boolean;
}
