// POST /api/jobs/run-all: queue the full pipeline. Its parameters were checked against
// runAllQuerySchema by the caller (the route's own query schema); the job runner builds the module.
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { submitJob } from './job-commands';
import { RUN_ALL } from './run-all';
import type { PendingJobCap } from './pending-job-cap';

export type SubmitRunAllResult = { kind: 'submitted'; jobId: string; module: typeof RUN_ALL } | { kind: 'too_many_pending'; pending: number; max: number };

/** `client` and `pendingCap`: the pending-job cap (pending-job-cap.ts); no cap without them. */
export async function submitRunAll(store: EventStore, context: CommandContext, input: { params: Record<string, unknown>; researcherId?: string; client?: string }, pendingCap?: PendingJobCap): Promise<SubmitRunAllResult> {
  const jobId = context.newId();
  const queue = () => submitJob(store, context, { jobId, module: RUN_ALL, params: input.params, ...(input.researcherId ? { researcherId: input.researcherId } : {}) });
  if (pendingCap && input.client !== undefined) {
    const admission = await pendingCap.admit(input.client, jobId, context.now, queue);
    if (admission.kind === 'too_many') return { kind: 'too_many_pending', pending: admission.pending, max: admission.max };
  } else {
    await queue();
  }
  return { kind: 'submitted', jobId, module: RUN_ALL };
}
