// The shape of GET /api/workspace/candidate-history (api/workspace/across-runs.schemas.ts).
export type CandidateType = 'drug' | 'target';
export type Decision = 'pin' | 'reject';

export interface EvidenceRef {
  evidence_id: string;
  source: string;
  native_id: string;
  title: string;
  quality_tier: 'high' | 'moderate' | 'low';
}

export interface HistoryRun {
  run_id: string;
  disease_id: string;
  question?: string;
  requested_at?: string;
  finished_at?: string | null;
  present: boolean;
  score: number | null;
  rank: number | null;
  confidence_band: 'high' | 'medium' | 'low' | null;
  evidence_ids: string[];
  decision: { decision: Decision; updated_at: string; changed_mind?: string | null } | null;
}

export interface HistoryReview {
  run_id: string;
  event_id: string;
  saved_at: string;
  decision: Decision;
  previous_decision: Decision | null;
  rationale?: string;
  notes?: string;
  tags?: string[];
  changed_mind?: string | null;
}

export interface CandidateHistory {
  candidate_id: string;
  candidate_type: CandidateType;
  disease_id: string | null;
  label: string | null;
  runs: HistoryRun[];
  evidence_changes: { from_run_id: string; to_run_id: string; added: EvidenceRef[]; removed: EvidenceRef[] }[];
  reviews: HistoryReview[];
  truncated: boolean;
}
