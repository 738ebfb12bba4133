// A job is an event stream: submitted, started (once per delivery attempt), progressed, then
// succeeded, failed or revoked. Pure: times and ids arrive on the commands.
import { Decider, DomainError, DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';

export type JobEvent =
  | DomainEvent<'JobSubmitted', { jobId: string; module: string; params: Record<string, unknown>; body?: unknown; researcherId?: string; at: string }>
  | DomainEvent<'JobStarted', { attempt: number; worker: string; at: string }>
  | DomainEvent<'JobProgressed', { percent: number; message: string; at: string }>
  | DomainEvent<'JobSucceeded', { result: unknown; at: string }>
  | DomainEvent<'JobFailed', { error: string; at: string }>
  | DomainEvent<'JobRevoked', { reason: string; at: string }>;

export type JobEventType = JobEvent['type'];
export const JOB_EVENT_TYPES: readonly JobEventType[] = ['JobSubmitted', 'JobStarted', 'JobProgressed', 'JobSucceeded', 'JobFailed', 'JobRevoked'];

/** Schema versions of the job events (domain/event-versions.ts collects every capability's). */
export const JOB_EVENT_SCHEMAS: EventSchemas<JobEventType> = {
  JobSubmitted: { current: 1 }, JobStarted: { current: 1 }, JobProgressed: { current: 1 },
  JobSucceeded: { current: 1 }, JobFailed: { current: 1 }, JobRevoked: { current: 1 },
};

export type JobPhase = 'none' | 'pending' | 'started' | 'progress' | 'succeeded' | 'failed' | 'revoked';

export interface JobState {
  phase: JobPhase;
  jobId?: string;
  module?: string;
  params?: Record<string, unknown>;
  body?: unknown;
  researcherId?: string;
  attempts: number;
  progress?: { percent: number; message: string };
  result?: unknown;
  error?: string;
  submittedAt?: string;
  startedAt?: string;
  finishedAt?: string;
}

export type JobCommand =
  | { type: 'SubmitJob'; jobId: string; module: string; params: Record<string, unknown>; body?: unknown; researcherId?: string; at: string }
  | { type: 'StartJob'; worker: string; maxAttempts: number; at: string }
  // `attempt`: the attempt the reporting worker started. A report from an attempt a later start superseded
  // (its worker lost the job's lease and another worker took it over) records nothing: a fencing token.
  | { type: 'ReportProgress'; percent: number; message: string; attempt?: number; at: string }
  | { type: 'CompleteJob'; result: unknown; attempt?: number; at: string }
  | { type: 'FailJob'; error: string; attempt?: number; at: string }
  | { type: 'RevokeJob'; reason: string; at: string };

export const TERMINAL_PHASES: readonly JobPhase[] = ['succeeded', 'failed', 'revoked'];

export function isTerminal(state: JobState): boolean {
  return TERMINAL_PHASES.includes(state.phase);
}

export const initialJobState: JobState = { phase: 'none', attempts: 0 };

export function evolveJob(state: JobState, event: JobEvent): JobState {
  switch (event.type) {
    case 'JobSubmitted':
      return {
        ...state, phase: 'pending', jobId: event.data.jobId, module: event.data.module, params: event.data.params,
        body: event.data.body, researcherId: event.data.researcherId, submittedAt: event.data.at,
      };
    case 'JobStarted':
      return { ...state, phase: 'started', attempts: event.data.attempt, startedAt: event.data.at, progress: undefined };
    case 'JobProgressed':
      return { ...state, phase: 'progress', progress: { percent: event.data.percent, message: event.data.message } };
    case 'JobSucceeded':
      return { ...state, phase: 'succeeded', result: event.data.result, finishedAt: event.data.at };
    case 'JobFailed':
      return { ...state, phase: 'failed', error: event.data.error, finishedAt: event.data.at };
    case 'JobRevoked':
      return { ...state, phase: 'revoked', error: event.data.reason, finishedAt: event.data.at };
    default:
      return state;
  }
}

export function decideJob(command: JobCommand, state: JobState): JobEvent[] {
  if (command.type === 'SubmitJob') {
    if (state.phase !== 'none') throw new DomainError('job_exists', `job ${command.jobId} already exists`);
    const { jobId, module, params, body, researcherId, at } = command;
    return [{ type: 'JobSubmitted', data: { jobId, module, params, ...(body === undefined ? {} : { body }), ...(researcherId ? { researcherId } : {}), at } }];
  }
  if (state.phase === 'none') throw new DomainError('job_not_found', 'no such job');
  // A finished job ignores late reports from a redelivered or slow worker: nothing to record.
  if (isTerminal(state)) return [];
  if ('attempt' in command && command.attempt !== undefined && command.attempt !== state.attempts) return [];
  switch (command.type) {
    case 'StartJob':
      // A start on a started job means the previous worker died: a new attempt, until the limit.
      if (state.attempts >= command.maxAttempts) {
        return [{ type: 'JobFailed', data: { error: `worker lost ${state.attempts} time(s): giving up`, at: command.at } }];
      }
      return [{ type: 'JobStarted', data: { attempt: state.attempts + 1, worker: command.worker, at: command.at } }];
    case 'ReportProgress': {
      if (state.phase === 'pending') throw new DomainError('job_not_started', 'progress before start');
      const percent = Math.max(0, Math.min(100, Math.round(command.percent * 10) / 10));
      if (state.progress && state.progress.percent === percent && state.progress.message === command.message) return [];
      return [{ type: 'JobProgressed', data: { percent, message: command.message.slice(0, 500), at: command.at } }];
    }
    case 'CompleteJob':
      return [{ type: 'JobSucceeded', data: { result: command.result, at: command.at } }];
    case 'FailJob':
      return [{ type: 'JobFailed', data: { error: command.error.slice(0, 2000), at: command.at } }];
    case 'RevokeJob':
      return [{ type: 'JobRevoked', data: { reason: command.reason.slice(0, 500), at: command.at } }];
  }
}

export const jobDecider: Decider<JobCommand, JobEvent, JobState> = {
  initialState: initialJobState,
  evolve: evolveJob,
  decide: decideJob,
};

export function jobStreamId(jobId: string): string {
  return `job-${jobId}`;
}
