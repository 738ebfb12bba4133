// Reads of the job status read model (job_status): the only code besides its projector that knows the
// table. A stored result may still be a blob reference (claim check); the reader expands it.
import type { Knex } from 'knex';
import type { JobSnapshot } from '../../domain/jobs/job-status';
import { JobPhase, TERMINAL_PHASES } from '../../domain/jobs/job';
import { JOB_STATUS_TABLE } from './job-status.tables';

export interface JobStatusQueries {
  /** The job as the read model holds it; undefined when it has no row (yet) or cannot be read. */
  find(jobId: string): Promise<JobSnapshot | undefined>;
  /** Of these job ids, those the read model holds as finished (succeeded, failed or revoked), and those it holds at all. */
  finishedAmong(jobIds: readonly string[]): Promise<{ finished: Set<string>; known: Set<string> }>;
  /** Which of these job ids the read model has a row for. */
  existing(jobIds: readonly string[]): Promise<Set<string>>;
}

export function jobStatusQueries(knex: Knex): JobStatusQueries {
  return {
    async find(jobId) {
      const row = await knex(JOB_STATUS_TABLE).where({ job_id: jobId }).first().catch(() => undefined);
      if (!row) return undefined;
      return {
        jobId, module: row.module, phase: row.phase, progress: row.progress, result: row.result, error: row.error,
        ...(row.researcher_id ? { researcherId: row.researcher_id } : {}),
      };
    },
    async finishedAmong(jobIds) {
      const finished = new Set<string>();
      const known = new Set<string>();
      // Before the projection first runs its table does not exist (a query error would abort the caller's transaction).
      if (jobIds.length === 0 || !(await knex.schema.hasTable(JOB_STATUS_TABLE))) return { finished, known };
      const rows = await knex(JOB_STATUS_TABLE).whereIn('job_id', [...jobIds]).select('job_id', 'phase') as { job_id: string; phase: JobPhase }[];
      for (const row of rows) {
        known.add(row.job_id);
        if (TERMINAL_PHASES.includes(row.phase)) finished.add(row.job_id);
      }
      return { finished, known };
    },
    async existing(jobIds) {
      const found = new Set<string>();
      for (let i = 0; i < jobIds.length; i += 500) {
        const rows = await knex(JOB_STATUS_TABLE).whereIn('job_id', jobIds.slice(i, i + 500)).select('job_id');
        for (const row of rows as { job_id: string }[]) found.add(row.job_id);
      }
      return found;
    },
  };
}
