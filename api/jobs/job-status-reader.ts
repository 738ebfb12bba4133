// Reads a job for the status endpoint and the streams: the read model first; the job's own stream
// when the read model has not caught up yet (a client polling right after submitting must not 404).
import { loadJob } from '../../commands/jobs/job-commands';
import { loadRun } from '../../commands/workspace/run-commands';
import { WORKSPACE_MODULE } from '../../processors/workspace/workspace-module';
import type { JobSnapshot } from '../../domain/jobs/job-status';
import { JOB_STATUS_TABLE } from '../../projections/jobs/job-status.tables';
import type { Runtime } from '../../app/runtime';
import { BlobStore, isBlobRef } from '../../infra/blobs/blob-store';

export async function readJob(runtime: Pick<Runtime, 'db' | 'store'>, jobId: string): Promise<JobSnapshot | undefined> {
  const row = await runtime.db.knex(JOB_STATUS_TABLE).where({ job_id: jobId }).first().catch(() => undefined);
  if (row) {
    return { jobId, module: row.module, phase: row.phase, progress: row.progress, result: await expand(runtime, row.result), error: row.error };
  }
  const state = await loadJob(runtime.store, jobId);
  if (state.phase === 'none') return undefined;
  // A deleted Workspace run (same id as its job) takes its job result with it.
  if (state.module === WORKSPACE_MODULE && (await loadRun(runtime.store, jobId)).phase === 'deleted') return undefined;
  return { jobId, module: state.module!, phase: state.phase, progress: state.progress, result: await expand(runtime, state.result), error: state.error };
}

/** Large results are stored by hash (claim check); readers see the content. */
async function expand(runtime: Pick<Runtime, 'db'>, result: unknown): Promise<unknown> {
  return isBlobRef(result) ? new BlobStore(runtime.db.knex).getJson(result.$blob) : result;
}
