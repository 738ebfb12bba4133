// The message bus port that processors consume through. Two implementations: the embedded bus
// (consumer groups reading the event log directly) and Kafka (a relay publishes the log to topics).
// Delivery is at least once either way, so processors deduplicate (see processed-events.ts).
// A group is either ordered (one instance at a time reads it in log order; the default) or competing
// (independent work such as jobs: each event is leased to one instance, any idle instance in any process
// takes the next; work-queue.ts).
import type { Position, RecordedEvent } from '../event-store/event-store';

export interface HandlerContext {
  group: string;
  /** 1 on first delivery, higher on retries. */
  attempt: number;
  /**
   * Competing groups only: aborted when this instance lost the event's lease (its renewals failed for longer
   * than the lease), so another instance may be handling it now. Stop, and record nothing more.
   */
  signal?: AbortSignal;
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
  /**
   * 'ordered' (default): the group reads events in log order, one instance at a time, the others standing by.
   * 'competing': events are independent work; each is leased to one instance and any idle instance takes
   * the next, so instances in several processes share the load (order is not kept).
   */
  delivery?: 'ordered' | 'competing';
  /** Competing groups: events this instance handles at once. Default 1. */
  concurrency?: number;
  /**
   * Competing groups: leases of one event that lapsed (its holder died or hung) before it is parked as a
   * dead letter rather than handed out again, so an event that kills every worker cannot loop. Default 10.
   */
  maxDeliveries?: number;
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
  /** Events not handled yet: in the log after the group's checkpoint, plus a competing group's queued work (null when the bus cannot tell). */
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
