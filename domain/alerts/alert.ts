// A review reminder's stream: raised once (its id derives from run + candidate, so raising it again is
// a no-op), then read by its owner. Reading stops future notification deliveries for it.
import { Decider, DomainError, DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';
import type { CandidateKind, MetricValues, TriggerReason } from './alert-rules';

export interface AlertData {
  alertId: string;
  researcherId: string;
  runId: string;
  previousRunId: string;
  diseaseId: string;
  candidateId: string;
  candidateType: CandidateKind;
  label: string;
  previous: MetricValues | null;
  current: MetricValues;
  reasons: TriggerReason[];
  newEvidenceIds: string[];
  at: string;
}

export type AlertEvent =
  | DomainEvent<'AlertRaised', AlertData>
  | DomainEvent<'AlertRead', { alertId: string; researcherId: string; at: string }>;

export const ALERT_EVENT_TYPES: readonly AlertEvent['type'][] = ['AlertRaised', 'AlertRead'];

export const ALERT_EVENT_SCHEMAS: EventSchemas<AlertEvent['type']> = { AlertRaised: { current: 1 }, AlertRead: { current: 1 } };

export interface AlertState {
  status: 'none' | 'unread' | 'read';
  alert?: AlertData;
  readAt?: string;
}

export type AlertCommand =
  | ({ type: 'RaiseAlert' } & AlertData)
  | { type: 'MarkAlertRead'; researcherId: string; at: string };

export const initialAlertState: AlertState = { status: 'none' };

export function evolveAlert(state: AlertState, event: AlertEvent): AlertState {
  switch (event.type) {
    case 'AlertRaised':
      return { status: 'unread', alert: event.data };
    case 'AlertRead':
      return { ...state, status: 'read', readAt: event.data.at };
    default:
      return state;
  }
}

export function decideAlert(command: AlertCommand, state: AlertState): AlertEvent[] {
  if (command.type === 'RaiseAlert') {
    if (state.status !== 'none') return []; // redelivered RunCompleted: already raised
    const { type: _type, ...data } = command;
    return [{ type: 'AlertRaised', data }];
  }
  // Another researcher's alert is answered exactly like a missing one.
  if (state.status === 'none' || state.alert!.researcherId !== command.researcherId) {
    throw new DomainError('alert_not_found', 'no such alert');
  }
  if (state.status === 'read') return [];
  return [{ type: 'AlertRead', data: { alertId: state.alert!.alertId, researcherId: command.researcherId, at: command.at } }];
}

export const alertDecider: Decider<AlertCommand, AlertEvent, AlertState> = {
  initialState: initialAlertState,
  evolve: evolveAlert,
  decide: decideAlert,
};

export function alertStreamId(alertId: string): string {
  return `alert-${alertId}`;
}
