// How the job routes and streams read a job: the job_status read model (queries beside its projector),
// the event store for a job the read model has not caught up with, and the blob store for large results.
import type { JobStatusReader } from '../commands/jobs/read-job-status';
import { readJobStatus } from '../commands/jobs/read-job-status';
import { BlobStore } from '../infra/blobs/blob-store';
import { jobStatusQueries } from '../projections/jobs/job-status.queries';
import type { Runtime } from './runtime';

export function jobStatusReaderOf(runtime: Pick<Runtime, 'db' | 'store'>): JobStatusReader {
  const deps = { jobStatus: jobStatusQueries(runtime.db.knex), store: runtime.store, blobs: new BlobStore(runtime.db.knex) };
  return (jobId, viewer) => readJobStatus(deps, jobId, viewer);
}
