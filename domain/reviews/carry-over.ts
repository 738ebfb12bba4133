// The researcher's decision not to carry over their reviews of an earlier run of the same question into
// this run (issue 30). It lives on the run's review stream, beside the reviews it is about, so every
// browser reads the same decision; bringing the carry-over back is an event of its own (nothing is erased).
// Deciding what is already decided appends nothing (idempotent).
import { Decider, DomainError, DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';

interface CarryOverDecisionData {
  runId: string;
  researcherId: string;
  /** The earlier run whose reviews were offered. */
  fromRunId: string;
  at: string;
}

/** "Undo carry-over": the earlier run's reviews are not offered on this run. */
export type CarryOverDeclinedEvent = DomainEvent<'CarryOverDeclined', CarryOverDecisionData>;
/** "Carry them over again": the decline is taken back and the reviews are offered again. */
export type CarryOverDeclineWithdrawnEvent = DomainEvent<'CarryOverDeclineWithdrawn', CarryOverDecisionData>;
export type CarryOverEvent = CarryOverDeclinedEvent | CarryOverDeclineWithdrawnEvent;

export const CARRY_OVER_EVENT_TYPES: ReadonlySet<string> = new Set<CarryOverEvent['type']>(['CarryOverDeclined', 'CarryOverDeclineWithdrawn']);

export const CARRY_OVER_EVENT_SCHEMAS: EventSchemas<CarryOverEvent['type']> = {
  CarryOverDeclined: { current: 1 },
  CarryOverDeclineWithdrawn: { current: 1 },
};

export interface CarryOverState {
  /** The stream's owner, from any event of it (a review or a carry-over decision). */
  researcherId?: string;
  /** The earlier run whose carry-over is declined, or null. */
  declinedFrom: string | null;
}

export interface DecideCarryOver {
  type: 'DecideCarryOver';
  runId: string;
  researcherId: string;
  fromRunId: string;
  declined: boolean;
  at: string;
}

export function evolveCarryOver(state: CarryOverState, event: DomainEvent): CarryOverState {
  const owner = (event.data as { researcherId?: string }).researcherId ?? state.researcherId;
  if (event.type === 'CarryOverDeclined') return { researcherId: owner, declinedFrom: (event.data as CarryOverDecisionData).fromRunId };
  if (event.type === 'CarryOverDeclineWithdrawn') return { researcherId: owner, declinedFrom: null };
  return { ...state, researcherId: owner };
}

export function decideCarryOver(command: DecideCarryOver, state: CarryOverState): CarryOverEvent[] {
  if (state.researcherId && state.researcherId !== command.researcherId) throw new DomainError('not_owner', 'only the run\'s owner decides its carry-over');
  if (command.fromRunId === command.runId) throw new DomainError('same_run', 'a run carries nothing over from itself');
  const { runId, researcherId, fromRunId, at } = command;
  if (command.declined) return state.declinedFrom === fromRunId ? [] : [{ type: 'CarryOverDeclined', data: { runId, researcherId, fromRunId, at } }];
  return state.declinedFrom === fromRunId ? [{ type: 'CarryOverDeclineWithdrawn', data: { runId, researcherId, fromRunId, at } }] : [];
}

export const carryOverDecider: Decider<DecideCarryOver, CarryOverEvent, CarryOverState> = {
  initialState: { declinedFrom: null },
  evolve: evolveCarryOver,
  decide: decideCarryOver,
};
