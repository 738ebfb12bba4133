// The browser's view of the EvidenceDossier (domain/workspace/dossier-types.ts, spec §2.4) and of a
// saved run (GET /api/workspace/runs/{run_id}): only the fields the dossier page reads.
export interface Entity {
  id: string;
  label: string;
  kind: string;
}

export interface SourceStatus {
  source: string;
  status: 'ok' | 'warning' | 'error' | 'skipped';
  record_count: number;
  query_terms: string[];
  retrieval_mode: string | null;
  warning: string | null;
}

export interface EvidenceItem {
  evidence_id: string;
  source: string;
  native_id: string;
  also_found_in: { source: string; native_id: string; url: string }[];
  url: string;
  title: string;
  snippet: string;
  published: string | null;
  evidence_type: string;
  quality_tier: 'high' | 'moderate' | 'low';
  quality_score: number;
  quality_rationale: string;
}

export interface Claim {
  claim_id: string;
  subject: Entity;
  relationship: string;
  object: Entity;
  statement: string;
  evidence_ids: string[];
  citations: string[];
  origin: 'deterministic' | 'llm';
}

export interface Ranking {
  candidate_id: string;
  label: string;
  kind: 'drug' | 'target';
  rank: number;
  score: number;
  confidence_band: 'high' | 'medium' | 'low';
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
  path: { nodes: Entity[]; relationships: { relation: string; provenance: string }[] } | null;
  reason: string | null;
}

export interface Dossier {
  run_id: string;
  started_at: string;
  completed_at: string;
  request: { disease_id: string; question: string; sources: string[]; candidate_type: string; max_evidence: number; enable_llm: boolean; date_from: string | null; date_to: string | null };
  disease: { id: string; name: string; mondo_id: string; efo_id: string };
  search_terms: string[];
  source_statuses: SourceStatus[];
  evidence: EvidenceItem[];
  claims: Claim[];
  drug_rankings: Ranking[];
  target_rankings: Ranking[];
  graph_explanations: GraphExplanation[];
  warnings: string[];
  limitations: string[];
  manifest: { provenance: { fingerprint: string }; llm: { status: string; model: string | null; warnings: string[] } };
  disclaimer: string;
}

export interface RunRead {
  run_id: string;
  status: 'running' | 'completed' | 'failed';
  request: { question?: string; disease_id?: string };
  dossier: Dossier | null;
  html: string | null;
  error?: string | null;
}
