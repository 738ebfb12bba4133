// Job commands: each loads the job's stream, decides, and appends with the expected revision.
import { jobDecider, JobCommand, JobState, jobStreamId } from '../../domain/jobs/job';
import { loadState } from '../shared/load-state';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';

export interface SubmitJobInput {
  /** Defaults to a new id; the Workspace uses its run id so job and run share one id. */
  jobId?: string;
  module: string;
  params: Record<string, unknown>;
  body?: unknown;
  researcherId?: string;
}

export async function submitJob(store: EventStore, context: CommandContext, input: SubmitJobInput): Promise<string> {
  const { jobId = context.newId(), ...job } = input;
  await handleCommand(store, jobStreamId(jobId), jobDecider,
    { type: 'SubmitJob', jobId, ...job, at: context.now.toISOString() }, context);
  return jobId;
}

type WithoutTime<C> = C extends unknown ? Omit<C, 'at'> : never;

/** Commands from workers race with revocations and retries: re-decide on conflict. Stamped with context.now. */
export async function updateJob(store: EventStore, context: CommandContext, jobId: string, command: WithoutTime<Exclude<JobCommand, { type: 'SubmitJob' }>>): Promise<JobState> {
  const result = await handleCommand(store, jobStreamId(jobId), jobDecider,
    { ...command, at: context.now.toISOString() } as JobCommand, context, { retries: 5 });
  return result.state;
}

export async function loadJob(store: EventStore, jobId: string): Promise<JobState> {
  return (await loadState(store, jobStreamId(jobId), jobDecider)).state;
}
