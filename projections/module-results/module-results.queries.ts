// Reads of the latest-module-result read model: the only code besides its projector that knows the table.
// A viewer sees results of jobs queued without a researcher, and a researcher also her own: the latest
// is the newest of those, never another researcher's.
import type { Knex } from 'knex';
import { MODULE_RESULTS_LATEST_TABLE } from './module-results.tables';

export interface LatestResult {
  module: string;
  diseaseId: string;
  blob: string;
  bytes: number;
  jobId: string;
  recordedAt: string;
  /** Whose result it is; absent for a job queued without a researcher. */
  researcherId?: string;
}

export interface ModuleResultQueries {
  /** The newest result the viewer may see (`researcherId` undefined: only results queued without a researcher). */
  latest(module: string, diseaseId: string, researcherId?: string): Promise<LatestResult | undefined>;
  /** The viewer's latest result per module and disease, of every disease or of one; by module. */
  list(diseaseId?: string, researcherId?: string): Promise<LatestResult[]>;
  /** Every owner's latest results of a disease (operators' prune and backup, never served to a viewer). */
  listEveryOwner(diseaseId: string): Promise<LatestResult[]>;
  /** Modules with a result, per disease, whoever queued them (for /api/stats). */
  countByDisease(): Promise<Record<string, number>>;
}

function toResult(row: Record<string, unknown>): LatestResult {
  return {
    module: row.module as string, diseaseId: row.disease_id as string, blob: row.blob as string, bytes: Number(row.bytes),
    jobId: row.job_id as string, recordedAt: new Date(row.recorded_at as string).toISOString(),
    ...(row.owner ? { researcherId: row.owner as string } : {}),
  };
}

const ownersVisibleTo = (researcherId: string | undefined) => (researcherId ? ['', researcherId] : ['']);

/** Of several visible rows per module and disease, the newest (the researcher's own on a tie). */
function newestPerKey(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const newest = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const key = `${row.module as string}\u0000${row.disease_id as string}`;
    const seen = newest.get(key);
    if (!seen || new Date(row.recorded_at as string).getTime() > new Date(seen.recorded_at as string).getTime()
      || (new Date(row.recorded_at as string).getTime() === new Date(seen.recorded_at as string).getTime() && row.owner !== '')) newest.set(key, row);
  }
  return [...newest.values()];
}

export function moduleResultQueries(knex: Knex): ModuleResultQueries {
  return {
    async latest(module, diseaseId, researcherId) {
      const rows = await knex(MODULE_RESULTS_LATEST_TABLE).where({ module, disease_id: diseaseId }).whereIn('owner', ownersVisibleTo(researcherId));
      const [row] = newestPerKey(rows);
      return row ? toResult(row) : undefined;
    },
    async list(diseaseId, researcherId) {
      const query = knex(MODULE_RESULTS_LATEST_TABLE).whereIn('owner', ownersVisibleTo(researcherId)).orderBy(['module', 'disease_id']);
      if (diseaseId !== undefined) query.where({ disease_id: diseaseId });
      return newestPerKey(await query as Record<string, unknown>[]).map(toResult);
    },
    async listEveryOwner(diseaseId) {
      return (await knex(MODULE_RESULTS_LATEST_TABLE).where({ disease_id: diseaseId }).orderBy(['module', 'owner']) as Record<string, unknown>[]).map(toResult);
    },
    async countByDisease() {
      const rows = await knex(MODULE_RESULTS_LATEST_TABLE).groupBy('disease_id').select('disease_id').countDistinct({ n: 'module' }) as { disease_id: string; n: string | number }[];
      return Object.fromEntries(rows.map((r) => [r.disease_id, Number(r.n)]));
    },
  };
}
