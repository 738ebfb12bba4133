// Reads of the saved-runs read model (workspace_runs): the only code besides its projector that knows
// the table. Lists are per researcher, so another researcher's run is never returned.
import type { Knex } from 'knex';
import type { ResearchRequest } from '../../domain/workspace/dossier-types';
import type { RunSummary } from '../../domain/workspace/run';
import { RUNS_TABLE } from './runs.tables';

export type RunStatus = 'running' | 'completed' | 'failed';

/** One of the caller's runs, as the across-runs reads use it (from the stream or from this read model). */
export interface OwnedRun {
  runId: string;
  diseaseId: string;
  question: string;
  status: RunStatus;
  request: ResearchRequest;
  dossierHash: string | null;
  summary: RunSummary | null;
  requestedAt: string;
  finishedAt: string | null;
}

/** A row of GET /api/workspace/runs. */
export interface RunListItem {
  run_id: string;
  disease_id: string;
  question: string;
  status: RunStatus;
  requested_at: string;
  finished_at: string | null;
  summary: RunSummary | null;
  source_statuses: unknown[];
}

export interface RunsQueries {
  /** A page of the researcher's runs, newest first, and how many there are in all. */
  listOwned(researcherId: string, page: { limit: number; offset: number }): Promise<{ runs: RunListItem[]; total: number }>;
  /** The researcher's completed runs (with a dossier), newest first, at most `limit`; `more` when some were left out. */
  listCompleted(researcherId: string, options: { diseaseId?: string; limit: number }): Promise<{ runs: OwnedRun[]; more: boolean }>;
  /** Every researcher's runs still running that were requested before `cutoff` (the orphaned-run sweep's candidates). */
  listRunningRequestedBefore(cutoff: Date): Promise<string[]>;
}

export function runsQueries(knex: Knex): RunsQueries {
  return {
    async listOwned(researcherId, page) {
      const owned = knex(RUNS_TABLE).where({ researcher_id: researcherId });
      const [counted] = await owned.clone().count<{ n: string }[]>('* as n');
      const rows = await owned.clone().orderBy([{ column: 'requested_at', order: 'desc' }, { column: 'run_id' }])
        .limit(page.limit).offset(page.offset)
        .select('run_id', 'disease_id', 'question', 'status', 'requested_at', 'finished_at', 'summary', 'source_statuses');
      return { runs: rows.map(toListItem), total: Number(counted?.n ?? 0) };
    },

    async listCompleted(researcherId, options) {
      const query = knex(RUNS_TABLE).where({ researcher_id: researcherId, status: 'completed' }).whereNotNull('dossier_hash');
      if (options.diseaseId) query.andWhere({ disease_id: options.diseaseId });
      const rows = await query.orderBy([{ column: 'requested_at', order: 'desc' }, { column: 'run_id', order: 'desc' }])
        .limit(options.limit + 1)
        .select('run_id', 'disease_id', 'question', 'status', 'request', 'dossier_hash', 'summary', 'requested_at', 'finished_at');
      return {
        more: rows.length > options.limit,
        runs: rows.slice(0, options.limit).map((row) => ({
          runId: row.run_id, diseaseId: row.disease_id, question: row.question, status: row.status as RunStatus,
          request: row.request as ResearchRequest, dossierHash: row.dossier_hash, summary: (row.summary ?? null) as RunSummary | null,
          requestedAt: normalizedIso(row.requested_at), finishedAt: row.finished_at ? normalizedIso(row.finished_at) : null,
        })),
      };
    },

    async listRunningRequestedBefore(cutoff) {
      const rows = await knex(RUNS_TABLE).where({ status: 'running' }).andWhere('requested_at', '<', cutoff)
        .orderBy([{ column: 'requested_at' }, { column: 'run_id' }]).select('run_id');
      return rows.map((row: { run_id: string }) => row.run_id);
    },
  };
}

function toListItem(row: Record<string, unknown>): RunListItem {
  return {
    run_id: row.run_id as string,
    disease_id: row.disease_id as string,
    question: row.question as string,
    status: row.status as RunStatus,
    requested_at: iso(row.requested_at),
    finished_at: row.finished_at ? iso(row.finished_at) : null,
    summary: (row.summary ?? null) as RunSummary | null,
    source_statuses: (row.source_statuses ?? []) as unknown[],
  };
}

/** A timestamp column as the list gives it (a driver that hands back text passes it through). */
function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** A timestamp column always in ISO 8601 form (across-runs sorts and compares these strings). */
function normalizedIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}
