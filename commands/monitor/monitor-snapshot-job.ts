// POST /api/monitor/snapshot queues the snapshot as a job (issue 23: run inside the request, the research
// pipeline held it for ~30 s under load and took the serving process's time with it). The job's id is the
// snapshot's id, so a job redelivered after its worker died records the snapshot once. Queued only from
// here (ownSubmission): run-all leaves it out and export lists no result of it.
import type { MonitorSnapshot } from '../../domain/operations/monitor';
import type { EventStore } from '../../infra/event-store/event-store';
import { submitJob } from '../jobs/job-commands';
import type { ModuleDefinition } from '../jobs/module-registry';
import type { PendingJobCap } from '../jobs/pending-job-cap';
import type { CommandContext } from '../shared/command-context';
import { MonitorDeps, takeMonitorSnapshot } from './take-snapshot';

export const MONITOR_SNAPSHOT_MODULE = 'monitor-snapshot';

export function monitorSnapshotModule(deps: MonitorDeps): ModuleDefinition {
  return {
    id: MONITOR_SNAPSHOT_MODULE,
    title: 'Evidence monitor snapshot',
    description: 'Searches every source the disease configures and records what came back and the top rankings; queued by POST /api/monitor/snapshot.',
    querySchema: { type: 'object', properties: {} },
    contract: { description: 'The snapshot (as /api/monitor/status shows it)', resultSchema: { type: 'object' } },
    availability: () => ({ available: true }),
    ownSubmission: true,
    async run({ params }, context): Promise<MonitorSnapshot> {
      await context.progress(0, 'searching the sources');
      return takeMonitorSnapshot(deps, context.command, params.disease_id as string, 'on_demand', context.jobId);
    },
  };
}

export type SubmitMonitorSnapshotResult = { kind: 'submitted'; jobId: string } | { kind: 'too_many_pending'; pending: number; max: number };

export async function submitMonitorSnapshot(
  deps: { store: EventStore; pendingCap?: PendingJobCap },
  context: CommandContext,
  input: { diseaseId: string; researcherId?: string; client: string },
): Promise<SubmitMonitorSnapshotResult> {
  const jobId = context.newId();
  const queue = () => submitJob(deps.store, context, {
    jobId, module: MONITOR_SNAPSHOT_MODULE, params: { disease_id: input.diseaseId }, ...(input.researcherId ? { researcherId: input.researcherId } : {}),
  });
  if (deps.pendingCap) {
    const admission = await deps.pendingCap.admit(input.client, jobId, context.now, queue);
    if (admission.kind === 'too_many') return { kind: 'too_many_pending', pending: admission.pending, max: admission.max };
  } else {
    await queue();
  }
  return { kind: 'submitted', jobId };
}
