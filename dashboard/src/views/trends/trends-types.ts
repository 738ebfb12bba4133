// The shape of GET /api/workspace/trends (api/workspace/across-runs.schemas.ts, trendsResponse).
export type CandidateKind = 'drug' | 'target';
export type ConfidenceBand = 'high' | 'medium' | 'low';

export interface TrendRun {
  run_id: string;
  disease_id: string;
  question: string;
  status: 'running' | 'completed' | 'failed';
  requested_at: string;
  finished_at: string | null;
  fingerprint: string | null;
  evidence_count?: number | null;
  claim_count?: number | null;
  top_drugs: unknown[];
  top_targets: unknown[];
  warning_count: number | null;
}

export interface SeriesPoint {
  run_id: string;
  finished_at: string | null;
  score: number;
  rank: number;
  confidence_band?: ConfidenceBand;
}

/** candidate_id -> one point per run that ranks it, in time order. */
export type Series = Record<string, SeriesPoint[]>;

export interface CandidateEvidenceChange {
  candidate_id: string;
  kind: CandidateKind;
  label: string;
  added: string[];
  removed: string[];
}

export interface EvidenceChange {
  from_run_id: string;
  to_run_id: string;
  same_disease: boolean;
  added_ids: string[];
  removed_ids: string[];
  candidates: CandidateEvidenceChange[];
}

export interface TrendsResponse {
  runs: TrendRun[];
  drug_series: Series;
  target_series: Series;
  labels: Record<string, string>;
  evidence_changes: EvidenceChange[];
  limit: number;
  truncated: boolean;
}

/** What the chart and its table fallback both draw: one row per candidate, one column per run. */
export interface ScoreGrid {
  runs: TrendRun[];
  rows: { candidateId: string; label: string; points: (SeriesPoint | null)[] }[];
}

/** Lines up each candidate's points with the runs (null where a run does not rank it). */
export function scoreGrid(trends: TrendsResponse, kind: CandidateKind): ScoreGrid {
  const series = kind === 'drug' ? trends.drug_series : trends.target_series;
  const runs = trends.runs.filter((run) => Object.values(series).some((points) => points.some((p) => p.run_id === run.run_id)));
  const rows = Object.entries(series).map(([candidateId, points]) => {
    const byRun = new Map(points.map((p) => [p.run_id, p]));
    return { candidateId, label: trends.labels[candidateId] ?? candidateId, points: runs.map((run) => byRun.get(run.run_id) ?? null) };
  });
  // Best candidates of the latest run first, so the legend reads like the ranking.
  const latestRank = (row: ScoreGrid['rows'][number]) => [...row.points].reverse().find((p) => p)?.rank ?? Number.MAX_SAFE_INTEGER;
  rows.sort((a, b) => latestRank(a) - latestRank(b) || a.label.localeCompare(b.label));
  return { runs, rows };
}

export function runTime(run: TrendRun): string {
  return run.finished_at ?? run.requested_at;
}
