// The narrow dependencies of the job, Workspace-submission and system routes, built from the runtime.
import type { JobStatusReader } from '../commands/jobs/read-job-status';
import { readJobStatus } from '../commands/jobs/read-job-status';
import { BlobStore } from '../infra/blobs/blob-store';
import { jobStatusQueries } from '../projections/jobs/job-status.queries';
import type { Runtime } from './runtime';

export function jobStatusReaderOf(runtime: Pick<Runtime, 'db' | 'store'>): JobStatusReader {
  const deps = { jobStatus: jobStatusQueries(runtime.db.knex), store: runtime.store, blobs: new BlobStore(runtime.db.knex) };
  return (jobId) => readJobStatus(deps, jobId);
}
