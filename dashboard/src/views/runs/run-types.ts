// Shapes of GET /api/workspace/runs (api/workspace/runs.routes.ts), as far as the dashboard reads them.
export interface RunSummary {
  run_id: string;
  disease_id: string;
  question: string;
  status: 'running' | 'completed' | 'failed';
  requested_at: string;
  finished_at: string | null;
  summary: { evidence_count?: number; claim_count?: number } | null;
}

export interface RunsPage {
  runs: RunSummary[];
  total: number;
  limit: number;
  offset: number;
}

/** Page size of the runs list (the server allows 1–200). */
export const RUNS_PAGE_SIZE = 20;

/** Reads a non-negative integer offset from the hash query (?offset=20). */
export function offsetFrom(query: URLSearchParams): number {
  const value = Number(query.get('offset') ?? 0);
  return Number.isInteger(value) && value > 0 ? value : 0;
}
