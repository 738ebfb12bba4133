// Reads of the latest-module-result read model: the only code besides its projector that knows the table.
import type { Knex } from 'knex';
import { MODULE_RESULTS_LATEST_TABLE } from './module-results.tables';

export interface LatestResult {
  module: string;
  diseaseId: string;
  blob: string;
  bytes: number;
  jobId: string;
  recordedAt: string;
}

export interface ModuleResultQueries {
  latest(module: string, diseaseId: string): Promise<LatestResult | undefined>;
  /** Every latest result, or those of one disease; by module. */
  list(diseaseId?: string): Promise<LatestResult[]>;
  /** Counts per disease (for /api/stats). */
  countByDisease(): Promise<Record<string, number>>;
}

function toResult(row: Record<string, unknown>): LatestResult {
  return {
    module: row.module as string, diseaseId: row.disease_id as string, blob: row.blob as string, bytes: Number(row.bytes),
    jobId: row.job_id as string, recordedAt: new Date(row.recorded_at as string).toISOString(),
  };
}

export function moduleResultQueries(knex: Knex): ModuleResultQueries {
  return {
    async latest(module, diseaseId) {
      const row = await knex(MODULE_RESULTS_LATEST_TABLE).where({ module, disease_id: diseaseId }).first();
      return row ? toResult(row) : undefined;
    },
    async list(diseaseId) {
      const query = knex(MODULE_RESULTS_LATEST_TABLE).orderBy(['module', 'disease_id']);
      if (diseaseId !== undefined) query.where({ disease_id: diseaseId });
      return ((await query) as Record<string, unknown>[]).map(toResult);
    },
    async countByDisease() {
      const rows = await knex(MODULE_RESULTS_LATEST_TABLE).groupBy('disease_id').select('disease_id').count({ n: '*' }) as { disease_id: string; n: string | number }[];
      return Object.fromEntries(rows.map((r) => [r.disease_id, Number(r.n)]));
    },
  };
}
