// A Workspace research run: requested (with the researcher's question), its sources retrieved one by
// one, then completed (the dossier stored once by content hash) or failed. A terminal run never
// changes; deleting it is an event of its own. The run id is the id of the job that computes it.
import { Decider, DomainError, DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';
import type { ResearchRequest } from './dossier-types';
import type { SourceStatus } from './sources';

export interface RunSummary {
  fingerprint: string;
  evidence_count: number;
  claim_count: number;
  top_drugs: { id: string; label: string; score: number }[];
  top_targets: { id: string; label: string; score: number }[];
  warning_count: number;
}

export type RunEvent =
  | DomainEvent<'RunRequested', { runId: string; researcherId: string; request: ResearchRequest; at: string }>
  | DomainEvent<'RunSourceRetrieved', { runId: string; status: SourceStatus }>
  | DomainEvent<'RunCompleted', { runId: string; dossierHash: string; htmlHash: string; summary: RunSummary; at: string }>
  | DomainEvent<'RunFailed', { runId: string; error: string; at: string }>
  | DomainEvent<'RunDeleted', { runId: string; at: string }>;

export const RUN_EVENT_TYPES: readonly RunEvent['type'][] = ['RunRequested', 'RunSourceRetrieved', 'RunCompleted', 'RunFailed', 'RunDeleted'];

export const RUN_EVENT_SCHEMAS: EventSchemas<RunEvent['type']> = {
  RunRequested: { current: 1 }, RunSourceRetrieved: { current: 1 }, RunCompleted: { current: 1 }, RunFailed: { current: 1 }, RunDeleted: { current: 1 },
};

export type RunPhase = 'none' | 'requested' | 'completed' | 'failed' | 'deleted';

export interface RunState {
  phase: RunPhase;
  runId?: string;
  researcherId?: string;
  request?: ResearchRequest;
  sources: SourceStatus[];
  dossierHash?: string;
  htmlHash?: string;
  summary?: RunSummary;
  error?: string;
}

export type RunCommand =
  | { type: 'RequestRun'; runId: string; researcherId: string; request: ResearchRequest; at: string }
  | { type: 'RecordSource'; status: SourceStatus }
  | { type: 'CompleteRun'; dossierHash: string; htmlHash: string; summary: RunSummary; at: string }
  | { type: 'FailRun'; error: string; at: string }
  | { type: 'DeleteRun'; researcherId: string; at: string };

export const initialRunState: RunState = { phase: 'none', sources: [] };

export function evolveRun(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'RunRequested':
      return { ...state, phase: 'requested', runId: event.data.runId, researcherId: event.data.researcherId, request: event.data.request };
    case 'RunSourceRetrieved':
      return { ...state, sources: [...state.sources.filter((s) => s.source !== event.data.status.source), event.data.status] };
    case 'RunCompleted':
      return { ...state, phase: 'completed', dossierHash: event.data.dossierHash, htmlHash: event.data.htmlHash, summary: event.data.summary };
    case 'RunFailed':
      return { ...state, phase: 'failed', error: event.data.error };
    case 'RunDeleted':
      return { ...state, phase: 'deleted' };
    default:
      return state;
  }
}

export function decideRun(command: RunCommand, state: RunState): RunEvent[] {
  if (command.type === 'RequestRun') {
    if (state.phase !== 'none') throw new DomainError('run_exists', `run ${command.runId} already exists`);
    const { runId, researcherId, request, at } = command;
    return [{ type: 'RunRequested', data: { runId, researcherId, request, at } }];
  }
  if (state.phase === 'none' || state.phase === 'deleted') throw new DomainError('run_not_found', 'no such run');
  const runId = state.runId!;
  switch (command.type) {
    case 'RecordSource':
      return state.phase === 'requested' ? [{ type: 'RunSourceRetrieved', data: { runId, status: command.status } }] : [];
    case 'CompleteRun':
      // Terminal runs are immutable: a redelivered job finishing again changes nothing.
      if (state.phase !== 'requested') return [];
      return [{ type: 'RunCompleted', data: { runId, dossierHash: command.dossierHash, htmlHash: command.htmlHash, summary: command.summary, at: command.at } }];
    case 'FailRun':
      if (state.phase !== 'requested') return [];
      return [{ type: 'RunFailed', data: { runId, error: command.error.slice(0, 2000), at: command.at } }];
    case 'DeleteRun':
      if (command.researcherId !== state.researcherId) throw new DomainError('run_not_found', 'no such run');
      return [{ type: 'RunDeleted', data: { runId, at: command.at } }];
  }
}

export const runDecider: Decider<RunCommand, RunEvent, RunState> = {
  initialState: initialRunState,
  evolve: evolveRun,
  decide: decideRun,
};

export function runStreamId(runId: string): string {
  return `run-${runId}`;
}
