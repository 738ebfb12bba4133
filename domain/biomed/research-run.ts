// A research run of the biomedical store (spec §2.6): recorded once, terminal at once, never changed.
// Pure decider: the id, time and result arrive on the command.
import { Decider, DomainError, DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';

export interface RunSnapshotRef { snapshot_id: string; resource: string; version: string | null }

export interface RecordComparison {
  type: 'RecordComparison';
  runId: string;
  leftCurie: string;
  rightCurie: string;
  snapshots: RunSnapshotRef[];
  result: Record<string, unknown>;
  at: string;
}

export type ResearchRunCommand = RecordComparison;

export type ComparisonRecorded = DomainEvent<'ComparisonRecorded', {
  run_id: string; left_curie: string; right_curie: string; snapshots: RunSnapshotRef[]; result: Record<string, unknown>; recorded_at: string;
}>;
export type ResearchRunEvent = ComparisonRecorded;

export const RESEARCH_RUN_EVENT_SCHEMAS: EventSchemas<ResearchRunEvent['type']> = { ComparisonRecorded: { current: 1 } };

export interface ResearchRunState { status: 'none' | 'completed'; runId: string | null }

export const researchRunStreamId = (runId: string) => `biomed-run-${runId}`;

export const researchRunDecider: Decider<ResearchRunCommand, ResearchRunEvent, ResearchRunState> = {
  initialState: { status: 'none', runId: null },
  evolve(state, event) {
    switch (event.type) {
      case 'ComparisonRecorded': return { status: 'completed', runId: event.data.run_id };
      default: return state;
    }
  },
  decide(command, state) {
    if (state.status !== 'none') {
      throw new DomainError('research_run_immutable', `research run ${state.runId} is terminal and cannot be changed; start a new run`);
    }
    return [{
      type: 'ComparisonRecorded',
      data: {
        run_id: command.runId, left_curie: command.leftCurie, right_curie: command.rightCurie,
        snapshots: command.snapshots, result: command.result, recorded_at: command.at,
      },
    }];
  },
};
