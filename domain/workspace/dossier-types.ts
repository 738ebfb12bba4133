// The EvidenceDossier (spec §2.4) and its parts. schema_version is bumped on any breaking change.
import type { NodeKind, EdgeRelation } from '../kg/graph-data';
import type { RecordType, RetrievalMode, SourceName, SourceStatus } from './sources';

export const DOSSIER_SCHEMA_VERSION = '1.0';

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
  /** Knowledge-graph node ids this record names (structured fields, or whole-word text matches). */
  entities: { drugs: string[]; targets: string[] };
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
  /** Each 0..100 before weighting. */
  component_scores: Record<string, number>;
  explanation: string;
  supporting_claim_ids: string[];
  contradicting_claim_ids: string[];
  citation_ids: string[];
  graph_explanation_ids: string[];
}

export interface GraphExplanation {
  explanation_id: string;
  candidate_id: string;
  status: 'found' | 'no_path_found';
  path: { nodes: ClaimEntity[]; relationships: { relation: EdgeRelation; provenance: string }[] } | null;
  reason: string | null;
}

export type LlmStatus = 'disabled' | 'ok' | 'not_configured' | 'timeout' | 'quota_exceeded' | 'failed' | 'invalid_output';

export interface Dossier {
  schema_version: string;
  run_id: string;
  started_at: string;
  completed_at: string;
  request: ResearchRequest;
  disease: { id: string; name: string; mondo_id: string; efo_id: string };
  search_terms: string[];
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
  };
  disclaimer: string;
}
