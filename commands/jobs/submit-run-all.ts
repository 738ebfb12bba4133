// POST /api/jobs/run-all: queue the full pipeline. Its parameters were checked against
// runAllQuerySchema by the caller (the route's own query schema); the job runner builds the module.
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { submitJob } from './job-commands';
import { RUN_ALL } from './run-all';

export type SubmitRunAllResult = { kind: 'submitted'; jobId: string; module: typeof RUN_ALL };

export async function submitRunAll(store: EventStore, context: CommandContext, input: { params: Record<string, unknown>; researcherId?: string }): Promise<SubmitRunAllResult> {
  const jobId = await submitJob(store, context, { module: RUN_ALL, params: input.params, ...(input.researcherId ? { researcherId: input.researcherId } : {}) });
  return { kind: 'submitted', jobId, module: RUN_ALL };
}
