// Reads a job for the status endpoint and the streams: the read model first; the job's own stream
// when the read model has not caught up yet (a client polling right after submitting must not 404).
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

/** Reads one job; undefined for an unknown job (or one whose Workspace run was deleted). */
export type JobStatusReader = (jobId: string) => Promise<JobSnapshot | undefined>;

export async function readJobStatus(deps: ReadJobStatusDeps, jobId: string): Promise<JobSnapshot | undefined> {
  const stored = await deps.jobStatus.find(jobId);
  if (stored) return { ...stored, result: await expand(deps, stored.result) };
  const state = await loadJob(deps.store, jobId);
  if (state.phase === 'none') return undefined;
  // A deleted Workspace run (same id as its job) takes its job result with it.
  if (state.module === WORKSPACE_MODULE && (await loadRun(deps.store, jobId)).phase === 'deleted') return undefined;
  return { jobId, module: state.module!, phase: state.phase, progress: state.progress, result: await expand(deps, state.result), error: state.error };
}

/** Large results are stored by hash (claim check); readers see the content. */
async function expand(deps: Pick<ReadJobStatusDeps, 'blobs'>, result: unknown): Promise<unknown> {
  return isBlobRef(result) ? deps.blobs.getJson(result.$blob) : result;
}
