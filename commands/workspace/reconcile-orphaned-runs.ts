// The orphaned-run sweep. A run is requested and its job queued together (submit-research-run.ts), in one
// transaction on PostgreSQL; on EventStoreDB, which has no multi-stream transaction, a crash between the
// two appends leaves a run "running" that no job will ever compute (so did any crash before the atomic
// submission existed). The sweep finds runs still running after a grace period with no job and queues
// the job the submission would have queued: the researcher's request is in the log, so it is honoured
// rather than failed. Why a timed sweep and not a processor on RunRequested: a processor sees the event
// while the submitter may still be about to write the job, and would race it; after the grace period
// only true orphans are left. Idempotent: the job id is the run id and is created with no_stream, so a
// second sweep, or a racing submitter, finds the job and does nothing.
import { DomainError } from '../../domain/shared/decider';
import { jobDecider, jobStreamId } from '../../domain/jobs/job';
import { EventStore, StreamDeletedError, WrongExpectedRevisionError } from '../../infra/event-store/event-store';
import type { JobStatusQueries } from '../../projections/jobs/job-status.queries';
import type { RunsQueries } from '../../projections/workspace/runs.queries';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';
import { loadRun } from './run-commands';
import { submitWorkspaceJob } from './workspace-job';

/** Far beyond a submission's two appends, so a submitter that is merely slow is never overtaken. */
export const ORPHANED_RUN_GRACE_MS = 5 * 60_000;

export interface ReconcileOrphanedRunsDeps {
  store: EventStore;
  runs: Pick<RunsQueries, 'listRunningRequestedBefore'>;
  jobs: Pick<JobStatusQueries, 'existing'>;
}

export type ReconcileOrphanedRunsResult = { kind: 'reconciled'; queued: string[] };

export async function reconcileOrphanedRuns(
  deps: ReconcileOrphanedRunsDeps, context: CommandContext, graceMs = ORPHANED_RUN_GRACE_MS,
): Promise<ReconcileOrphanedRunsResult> {
  const running = await deps.runs.listRunningRequestedBefore(new Date(context.now.getTime() - graceMs));
  // The read models narrow the list; the log decides (a job may not be projected yet).
  const withJob = await deps.jobs.existing(running);
  const queued: string[] = [];
  for (const runId of running.filter((id) => !withJob.has(id))) {
    if (await queueMissingJob(deps.store, context, runId)) queued.push(runId);
  }
  return { kind: 'reconciled', queued };
}

async function queueMissingJob(store: EventStore, context: CommandContext, runId: string): Promise<boolean> {
  try {
    const run = await loadRun(store, runId);
    if (run.phase !== 'requested') return false;
    const job = submitWorkspaceJob(runId, run.request!, run.researcherId!, context.now.toISOString());
    const result = await handleCommand(store, jobStreamId(runId), jobDecider, job, context);
    return result.appended > 0;
  } catch (error) {
    // The job exists after all (written meanwhile), or its stream is gone: nothing to queue.
    if (error instanceof DomainError && error.code === 'job_exists') return false;
    if (error instanceof WrongExpectedRevisionError || error instanceof StreamDeletedError) return false;
    throw error;
  }
}
