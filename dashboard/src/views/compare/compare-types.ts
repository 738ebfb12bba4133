// Shape of GET /api/workspace/compare (api/workspace/across-runs.schemas.ts compareResponse).
export type Band = 'high' | 'medium' | 'low';

export interface RunRef {
  run_id: string;
  disease_id: string;
  question: string;
  status: string;
  requested_at: string;
  finished_at: string | null;
  fingerprint: string | null;
  evidence_count?: number | null;
  claim_count?: number | null;
}

export interface RankedPoint {
  score: number;
  rank: number;
  confidence_band: Band;
}

export interface RankingChange {
  candidate_id: string;
  label: string;
  kind: 'drug' | 'target';
  left: RankedPoint | null;
  right: RankedPoint | null;
  score_delta: number | null;
  rank_delta: number | null;
  change: 'appeared' | 'disappeared' | 'moved_up' | 'moved_down' | 'same_rank';
}

export interface EvidenceRef {
  evidence_id: string;
  source: string;
  native_id: string;
  title: string;
  quality_tier: 'high' | 'moderate' | 'low';
}

export interface DecisionAt {
  decision: 'pin' | 'reject';
  updated_at: string;
  changed_mind?: string | null;
}

export interface ReviewChange {
  candidate_id: string;
  candidate_type: 'drug' | 'target';
  left: DecisionAt | null;
  right: DecisionAt | null;
  change: 'same' | 'changed' | 'only_left' | 'only_right';
}

export interface Comparison {
  left: RunRef;
  right: RunRef;
  same_disease: boolean;
  fingerprints: { left: string; right: string; equal: boolean };
  rankings: { drugs: RankingChange[]; targets: RankingChange[] };
  evidence: {
    added: EvidenceRef[];
    removed: EvidenceRef[];
    unchanged_count: number;
    by_source: { source: string; left: number; right: number; delta: number }[];
  };
  reviews: ReviewChange[];
}
