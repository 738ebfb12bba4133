// The message bus port that processors consume through. Two implementations: the embedded bus
// (consumer groups reading the event log directly) and Kafka (a relay publishes the log to topics).
// Delivery is at least once either way, so processors deduplicate (see processed-events.ts).
import type { Position, RecordedEvent } from '../event-store/event-store';

export interface HandlerContext {
  group: string;
  /** 1 on first delivery, higher on retries. */
  attempt: number;
}

export interface ConsumerOptions {
  /** Consumer group: each group sees every event once (at least once); instances of a group share. */
  group: string;
  /** Event types this group wants; others are skipped. */
  eventTypes?: readonly string[];
  handle(event: RecordedEvent, context: HandlerContext): Promise<void>;
  /** Attempts before the event is parked in the dead-letter list and the group moves on. Default 5. */
  maxAttempts?: number;
  /** First retry delay; doubles on each further attempt. Default 200 ms. */
  initialBackoffMs?: number;
}

export interface Consumer {
  readonly group: string;
  stop(): Promise<void>;
}

export interface DeadLetter {
  id: number;
  group: string;
  eventId: string;
  streamId: string;
  eventType: string;
  position: Position;
  attempts: number;
  lastError: string;
  parkedAt: Date;
  resolvedAt: Date | null;
}

export interface GroupStatus {
  group: string;
  position: Position;
  /** Events in the log after the group's checkpoint (null when the bus cannot tell). */
  lag: number | null;
  deadLetters: number;
}

export interface MessageBus {
  readonly kind: 'embedded' | 'kafka';
  consume(options: ConsumerOptions): Promise<Consumer>;
  /** Parked events, newest first; unresolved only unless includeResolved. */
  deadLetters(options?: { group?: string; includeResolved?: boolean }): Promise<DeadLetter[]>;
  /** Hands a parked event to its group's handler again; marks it resolved when it succeeds. */
  redeliver(deadLetterId: number, handle: ConsumerOptions['handle']): Promise<void>;
  status(): Promise<GroupStatus[]>;
  close(): Promise<void>;
}
