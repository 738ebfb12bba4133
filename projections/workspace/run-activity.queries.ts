// A researcher's completed runs over time, as the review-reminder processor and the weekly digest need
// them (the runs read model; the runs capability's own reads live beside it).
import type { Knex } from 'knex';
import { RUNS_TABLE } from './runs.tables';

export interface CompletedRun {
  runId: string;
  diseaseId: string;
  finishedAt: string;
  dossierHash: string;
}

export interface RunScope {
  researcherId: string;
  diseaseId: string;
  /** The run being compared: never counted as its own predecessor. */
  excludingRunId: string;
  finishedAtOrBefore: string;
}

export interface RunActivityQueries {
  /** The newest completed run of the disease finished no later than the scope's time. */
  previousCompletedRun(scope: RunScope): Promise<CompletedRun | undefined>;
  /** Every completed run of the disease finished no later than the scope's time. */
  earlierCompletedRunIds(scope: RunScope): Promise<string[]>;
  /** Completed runs finished in [start, end), oldest first. */
  completedRunsBetween(researcherId: string, start: Date, end: Date): Promise<CompletedRun[]>;
  /** Dossier hashes of the newest `limit` completed runs finished before `before`. */
  dossierHashesBefore(researcherId: string, before: Date, limit: number): Promise<string[]>;
}

const toRun = (row: { run_id: string; disease_id: string; finished_at: Date | string; dossier_hash: string }): CompletedRun => ({
  runId: row.run_id, diseaseId: row.disease_id, finishedAt: new Date(row.finished_at).toISOString(), dossierHash: row.dossier_hash,
});

export function runActivityQueries(knex: Knex): RunActivityQueries {
  const completed = (researcherId: string) => knex(RUNS_TABLE).where({ researcher_id: researcherId, status: 'completed' });
  const earlier = (scope: RunScope) => completed(scope.researcherId).andWhere({ disease_id: scope.diseaseId })
    .whereNot({ run_id: scope.excludingRunId }).andWhere('finished_at', '<=', scope.finishedAtOrBefore);
  return {
    async previousCompletedRun(scope) {
      const row = await earlier(scope).orderBy([{ column: 'finished_at', order: 'desc' }, { column: 'run_id', order: 'desc' }])
        .first('run_id', 'disease_id', 'finished_at', 'dossier_hash');
      return row ? toRun(row) : undefined;
    },
    async earlierCompletedRunIds(scope) {
      return (await earlier(scope).select('run_id')).map((r) => r.run_id as string);
    },
    async completedRunsBetween(researcherId, start, end) {
      const rows = await completed(researcherId).andWhere('finished_at', '>=', start).andWhere('finished_at', '<', end)
        .orderBy([{ column: 'finished_at' }, { column: 'run_id' }]).select('run_id', 'disease_id', 'finished_at', 'dossier_hash');
      return rows.map(toRun);
    },
    async dossierHashesBefore(researcherId, before, limit) {
      const rows = await completed(researcherId).andWhere('finished_at', '<', before).orderBy('finished_at', 'desc').limit(limit).select('dossier_hash');
      return rows.map((r) => r.dossier_hash as string);
    },
  };
}
