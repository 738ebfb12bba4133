// Issue 23 item 5: a cap on queued-but-unfinished jobs per client (JOB_MAX_PENDING_PER_CLIENT, default
// 20): a researcher, or for a caller without one (API key only, or no key) the client's address. A job is
// admitted (one job_admissions row) under a per-client transaction lock, so concurrent submissions of one
// client cannot both take the last slot; then queued. If queueing fails the admission is taken back:
// nothing half-queued. Unfinished = the job-status read model holds it unfinished, or does not hold it
// yet and it was admitted within the last minute (just queued, not projected yet; a deleted run's job
// leaves the read model and must not hold a slot forever).
import type { Knex } from 'knex';
import { jobStatusQueries } from '../../projections/jobs/job-status.queries';

const NOT_YET_PROJECTED_MS = 60_000;

export type Admission<T> = { kind: 'admitted'; value: T } | { kind: 'too_many'; pending: number; max: number };

export interface PendingJobCap {
  readonly max: number;
  /** Queues one job for `client` unless it already has `max` unfinished; `queue` runs only when admitted. */
  admit<T>(client: string, jobId: string, now: Date, queue: () => Promise<T>): Promise<Admission<T>>;
}

export function pendingJobCap(knex: Knex, max: number): PendingJobCap {
  return {
    max,
    async admit(client, jobId, now, queue) {
      const pending = await knex.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`job-admission:${client}`]);
        const admitted = await trx('job_admissions').where({ client }).select('job_id', 'admitted_at') as { job_id: string; admitted_at: Date | string }[];
        const { finished, known } = await jobStatusQueries(trx).finishedAmong(admitted.map((a) => a.job_id));
        const gone = admitted.filter((a) => finished.has(a.job_id)
          || (!known.has(a.job_id) && now.getTime() - new Date(a.admitted_at).getTime() > NOT_YET_PROJECTED_MS));
        if (gone.length > 0) await trx('job_admissions').where({ client }).whereIn('job_id', gone.map((a) => a.job_id)).delete();
        const unfinished = admitted.length - gone.length;
        if (unfinished >= max) return unfinished;
        await trx('job_admissions').insert({ client, job_id: jobId, admitted_at: now });
        return undefined;
      });
      if (pending !== undefined) return { kind: 'too_many', pending, max };
      try {
        return { kind: 'admitted', value: await queue() };
      } catch (error) {
        await knex('job_admissions').where({ client, job_id: jobId }).delete();
        throw error;
      }
    },
  };
}

/** The client a cap counts: the researcher, else the caller's address. */
export function jobClient(researcherId: string | undefined, clientAddress: string): string {
  return researcherId ? `researcher:${researcherId}` : `address:${clientAddress}`;
}
