// One alert's delivery through one channel (email or chat): a stream per (alert, channel), so "exactly
// one successful delivery per alert, researcher and channel" is the stream's rule, enforced by appending
// with the expected revision.
//
// A dispatcher first claims an attempt (DeliveryAttempted, appended at the revision it read: two
// dispatchers cannot both claim), then sends outside any transaction, then records the outcome. A
// dispatcher that dies after sending leaves the claim open; after `staleAfterMs` another dispatcher may
// claim again and re-send with the same Message-ID / idempotency key, so a crash repeats a delivery at
// most once per stale claim and receivers can collapse the duplicate.
import { Decider, DomainError, DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';

export type Channel = 'email' | 'chat';
export const CHANNELS: readonly Channel[] = ['email', 'chat'];

interface DeliveryRef {
  alertId: string;
  researcherId: string;
  channel: Channel;
  attempt: number;
  at: string;
}

export type DeliveryEvent =
  | DomainEvent<'AlertDeliveryAttempted', DeliveryRef & { messageId: string }>
  | DomainEvent<'AlertDeliverySucceeded', DeliveryRef & { messageId: string }>
  | DomainEvent<'AlertDeliveryFailed', DeliveryRef & { error: string }>;

export const DELIVERY_EVENT_TYPES: readonly DeliveryEvent['type'][] = ['AlertDeliveryAttempted', 'AlertDeliverySucceeded', 'AlertDeliveryFailed'];

export const DELIVERY_EVENT_SCHEMAS: EventSchemas<DeliveryEvent['type']> = {
  AlertDeliveryAttempted: { current: 1 }, AlertDeliverySucceeded: { current: 1 }, AlertDeliveryFailed: { current: 1 },
};

export interface DeliveryState {
  status: 'none' | 'in_flight' | 'failed' | 'succeeded';
  attempts: number;
  lastAttemptAt?: string;
  lastError?: string;
  deliveredAt?: string;
}

export type DeliveryCommand =
  | { type: 'StartDelivery'; alertId: string; researcherId: string; channel: Channel; messageId: string; at: string; staleAfterMs: number }
  | { type: 'RecordDeliverySucceeded'; alertId: string; researcherId: string; channel: Channel; messageId: string; attempt: number; at: string }
  | { type: 'RecordDeliveryFailed'; alertId: string; researcherId: string; channel: Channel; attempt: number; error: string; at: string };

export const initialDeliveryState: DeliveryState = { status: 'none', attempts: 0 };

export function evolveDelivery(state: DeliveryState, event: DeliveryEvent): DeliveryState {
  switch (event.type) {
    case 'AlertDeliveryAttempted':
      return { ...state, status: 'in_flight', attempts: event.data.attempt, lastAttemptAt: event.data.at };
    case 'AlertDeliverySucceeded':
      return { ...state, status: 'succeeded', deliveredAt: event.data.at };
    case 'AlertDeliveryFailed':
      return { ...state, status: 'failed', lastError: event.data.error };
    default:
      return state;
  }
}

export function decideDelivery(command: DeliveryCommand, state: DeliveryState): DeliveryEvent[] {
  const { alertId, researcherId, channel, at } = command;
  switch (command.type) {
    case 'StartDelivery': {
      if (state.status === 'succeeded') throw new DomainError('already_delivered', 'delivered already');
      if (state.status === 'in_flight' && Date.parse(at) - Date.parse(state.lastAttemptAt!) < command.staleAfterMs) {
        throw new DomainError('in_flight', 'another dispatcher is sending it');
      }
      return [{ type: 'AlertDeliveryAttempted', data: { alertId, researcherId, channel, attempt: state.attempts + 1, messageId: command.messageId, at } }];
    }
    case 'RecordDeliverySucceeded':
      // A success is recorded once, whichever attempt made it.
      if (state.status === 'succeeded') return [];
      return [{ type: 'AlertDeliverySucceeded', data: { alertId, researcherId, channel, attempt: command.attempt, messageId: command.messageId, at } }];
    case 'RecordDeliveryFailed':
      // A stale attempt's failure must not overwrite a newer attempt or a success.
      if (state.status === 'succeeded' || state.attempts !== command.attempt) return [];
      return [{ type: 'AlertDeliveryFailed', data: { alertId, researcherId, channel, attempt: command.attempt, error: command.error, at } }];
  }
}

export const deliveryDecider: Decider<DeliveryCommand, DeliveryEvent, DeliveryState> = {
  initialState: initialDeliveryState,
  evolve: evolveDelivery,
  decide: decideDelivery,
};

export function deliveryStreamId(alertId: string, channel: Channel): string {
  return `alertdelivery-${alertId}.${channel}`;
}
