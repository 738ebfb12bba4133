// Reads a job for the status endpoint and the streams: the read model first; the job's own stream
// when the read model has not caught up yet (a client polling right after submitting must not 404).
// A job a researcher submitted is theirs alone: to anyone else it does not exist (404, as runs do).
// A job queued without a researcher (an operator's module job) is readable by any caller with the key.
import type { JobSnapshot } from '../../domain/jobs/job-status';
import { BlobStore, isBlobRef } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { JobStatusQueries } from '../../projections/jobs/job-status.queries';
import { loadRun } from '../workspace/run-commands';
import { WORKSPACE_MODULE } from '../workspace/research-pipeline-module';
import { loadJob } from './job-commands';

export interface ReadJobStatusDeps {
  jobStatus: Pick<JobStatusQueries, 'find'>;
  store: EventStore;
  blobs: Pick<BlobStore, 'getJson'>;
}

/**
 * Reads one job as `viewer` (the researcher asking, undefined for a caller without one); undefined for
 * an unknown job, another researcher's job, or one whose Workspace run was deleted.
 */
export type JobStatusReader = (jobId: string, viewer: string | undefined) => Promise<JobSnapshot | undefined>;

/** Job ids are UUIDs: anything else names no job, and is never sent to the database. */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function readJobStatus(deps: ReadJobStatusDeps, jobId: string, viewer?: string): Promise<JobSnapshot | undefined> {
  if (!JOB_ID.test(jobId)) return undefined;
  const job = await findJob(deps, jobId);
  if (!job || !visibleTo(job, viewer)) return undefined;
  return { ...job, result: await expand(deps, job.result) };
}

function visibleTo(job: JobSnapshot, viewer: string | undefined): boolean {
  return !job.researcherId || job.researcherId === viewer;
}

async function findJob(deps: ReadJobStatusDeps, jobId: string): Promise<JobSnapshot | undefined> {
  const stored = await deps.jobStatus.find(jobId);
  if (stored) return stored;
  const state = await loadJob(deps.store, jobId);
  if (state.phase === 'none') return undefined;
  // A deleted Workspace run (same id as its job) takes its job result with it.
  if (state.module === WORKSPACE_MODULE && (await loadRun(deps.store, jobId)).phase === 'deleted') return undefined;
  return {
    jobId, module: state.module!, phase: state.phase, progress: state.progress, result: state.result, error: state.error,
    ...(state.researcherId ? { researcherId: state.researcherId } : {}),
  };
}

/** Large results are stored by hash (claim check); readers see the content. */
async function expand(deps: Pick<ReadJobStatusDeps, 'blobs'>, result: unknown): Promise<unknown> {
  return isBlobRef(result) ? deps.blobs.getJson(result.$blob) : result;
}
