// A researcher's weekly digest for one period: a stream per (researcher, period). Queued by the
// scheduler (or POST …/digest/send), then attempted; each attempt is claimed first (so a manual send
// and the scheduler cannot both send), channels that succeeded are recorded one by one (a retry only
// re-sends the channels still missing), and a failed attempt is retried with exponential backoff up to
// `maxRetries` times before the digest is abandoned. force=true queues a delivered period again as a
// new round (new Message-IDs: it is meant to arrive again).
import { Decider, DomainError, DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';
import type { Channel } from '../notifications/delivery';

export type DigestTrigger = 'schedule' | 'manual';

interface Round {
  round: number;
  attempt: number;
  at: string;
}

export type DigestEvent =
  | DomainEvent<'DigestQueued', { researcherId: string; period: string; windowStart: string; windowEnd: string; round: number; trigger: DigestTrigger; force: boolean; at: string }>
  | DomainEvent<'DigestAttemptStarted', Round>
  | DomainEvent<'DigestChannelDelivered', Round & { channel: Channel; messageId: string }>
  | DomainEvent<'DigestDelivered', Round & { channels: Channel[] }>
  | DomainEvent<'DigestSuppressed', Round>
  | DomainEvent<'DigestAttemptFailed', Round & { error: string; nextAttemptAt: string }>
  | DomainEvent<'DigestAbandoned', Round & { error: string }>;

export const DIGEST_EVENT_TYPES: readonly DigestEvent['type'][] = [
  'DigestQueued', 'DigestAttemptStarted', 'DigestChannelDelivered', 'DigestDelivered', 'DigestSuppressed', 'DigestAttemptFailed', 'DigestAbandoned',
];

export const DIGEST_EVENT_SCHEMAS: EventSchemas<DigestEvent['type']> = {
  DigestQueued: { current: 1 }, DigestAttemptStarted: { current: 1 }, DigestChannelDelivered: { current: 1 }, DigestDelivered: { current: 1 },
  DigestSuppressed: { current: 1 }, DigestAttemptFailed: { current: 1 }, DigestAbandoned: { current: 1 },
};

export type DigestStatus = 'none' | 'queued' | 'in_flight' | 'retrying' | 'delivered' | 'suppressed' | 'failed';

export interface DigestState {
  status: DigestStatus;
  researcherId?: string;
  period?: string;
  round: number;
  /** Attempts in the current round. */
  attempts: number;
  deliveredChannels: Channel[];
  lastAttemptAt?: string;
  nextAttemptAt?: string;
  lastError?: string;
}

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
}

/** Spec §8: up to 5 retries, exponential backoff (1, 2, 4, 8, 16 minutes with the default base). */
export const DIGEST_RETRY_POLICY: RetryPolicy = { maxRetries: 5, baseDelayMs: 60_000 };

export type DigestCommand =
  | { type: 'QueueDigest'; researcherId: string; period: string; windowStart: string; windowEnd: string; trigger: DigestTrigger; force: boolean; at: string }
  | { type: 'StartDigestAttempt'; at: string; staleAfterMs: number }
  | { type: 'RecordDigestChannel'; channel: Channel; messageId: string; at: string }
  | { type: 'CompleteDigest'; suppressed: boolean; at: string }
  | { type: 'FailDigestAttempt'; error: string; at: string; policy: RetryPolicy };

export const initialDigestState: DigestState = { status: 'none', round: 0, attempts: 0, deliveredChannels: [] };

export function evolveDigest(state: DigestState, event: DigestEvent): DigestState {
  switch (event.type) {
    case 'DigestQueued':
      return { status: 'queued', researcherId: event.data.researcherId, period: event.data.period, round: event.data.round, attempts: 0, deliveredChannels: [] };
    case 'DigestAttemptStarted':
      return { ...state, status: 'in_flight', attempts: event.data.attempt, lastAttemptAt: event.data.at, nextAttemptAt: undefined };
    case 'DigestChannelDelivered':
      return { ...state, deliveredChannels: [...new Set([...state.deliveredChannels, event.data.channel])] };
    case 'DigestDelivered':
      return { ...state, status: 'delivered', lastError: undefined };
    case 'DigestSuppressed':
      return { ...state, status: 'suppressed', lastError: undefined };
    case 'DigestAttemptFailed':
      return { ...state, status: 'retrying', lastError: event.data.error, nextAttemptAt: event.data.nextAttemptAt };
    case 'DigestAbandoned':
      return { ...state, status: 'failed', lastError: event.data.error };
    default:
      return state;
  }
}

/** Delay before retry n (1-based): base × 2^(n-1). */
export function backoffDelayMs(retry: number, policy: RetryPolicy): number {
  return policy.baseDelayMs * 2 ** (retry - 1);
}

export function decideDigest(command: DigestCommand, state: DigestState): DigestEvent[] {
  if (command.type === 'QueueDigest') {
    const { type: _type, ...data } = command;
    const queue = (): DigestEvent[] => [{ type: 'DigestQueued', data: { ...data, round: state.round + 1 } }];
    switch (state.status) {
      case 'none':
        return queue();
      case 'delivered':
      case 'suppressed':
        return command.force ? queue() : [];
      case 'failed':
        return command.trigger === 'manual' ? queue() : [];
      default:
        return []; // queued, in flight or waiting for a retry: already on its way
    }
  }
  const ref = { round: state.round, attempt: state.attempts, at: command.at };
  switch (command.type) {
    case 'StartDigestAttempt': {
      const stale = state.status === 'in_flight' && Date.parse(command.at) - Date.parse(state.lastAttemptAt!) >= command.staleAfterMs;
      if (state.status !== 'queued' && state.status !== 'retrying' && !stale) throw new DomainError('not_pending', `digest is ${state.status}`);
      return [{ type: 'DigestAttemptStarted', data: { ...ref, attempt: state.attempts + 1 } }];
    }
    case 'RecordDigestChannel':
      if (state.status !== 'in_flight' || state.deliveredChannels.includes(command.channel)) return [];
      return [{ type: 'DigestChannelDelivered', data: { ...ref, channel: command.channel, messageId: command.messageId } }];
    case 'CompleteDigest':
      if (state.status !== 'in_flight') return [];
      return command.suppressed
        ? [{ type: 'DigestSuppressed', data: ref }]
        : [{ type: 'DigestDelivered', data: { ...ref, channels: state.deliveredChannels } }];
    case 'FailDigestAttempt': {
      if (state.status !== 'in_flight') return [];
      const retriesUsed = state.attempts - 1;
      if (retriesUsed >= command.policy.maxRetries) return [{ type: 'DigestAbandoned', data: { ...ref, error: command.error } }];
      const nextAttemptAt = new Date(Date.parse(command.at) + backoffDelayMs(retriesUsed + 1, command.policy)).toISOString();
      return [{ type: 'DigestAttemptFailed', data: { ...ref, error: command.error, nextAttemptAt } }];
    }
  }
}

export const digestDecider: Decider<DigestCommand, DigestEvent, DigestState> = {
  initialState: initialDigestState,
  evolve: evolveDigest,
  decide: decideDigest,
};

export function digestStreamId(researcherId: string, period: string): string {
  return `digest-${period}.${researcherId}`;
}
