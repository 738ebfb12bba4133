// The event store port: one interface, implemented by PostgreSQL (also on PGlite) and EventStoreDB.
// Every adapter must pass test/infra/event-store/event-store.contract.ts.

/** Who caused an event: a researcher, an operator's CLI, or the system itself. */
export interface Principal {
  kind: 'researcher' | 'operator' | 'system';
  id: string;
}

/** Metadata every event carries so a request can be traced through commands, events and processors. */
export interface EventMetadata {
  correlationId: string;
  causationId: string;
  principal: Principal;
  /** Version of the data's shape (domain/event-versions.ts), stamped on append; absent means 1. */
  schemaVersion?: number;
  [extra: string]: unknown;
}

export interface NewEvent<T = unknown> {
  /** Client-chosen UUID; appending an event id that is already stored is an idempotent no-op. */
  id: string;
  type: string;
  data: T;
  metadata: EventMetadata;
}

/**
 * A point in the global order. PostgreSQL: commit = transaction id, prepare = sequence value;
 * EventStoreDB: its commit/prepare positions. Positions compare by (commit, prepare).
 */
export interface Position {
  commit: number;
  prepare: number;
}

/** Type of the marker event a tombstone appends, so subscribers learn a stream is gone. */
export const STREAM_DELETED = '$streamDeleted';

export const START: Position = Object.freeze({ commit: 0, prepare: 0 });

export function comparePositions(a: Position, b: Position): number {
  return a.commit - b.commit || a.prepare - b.prepare;
}

export interface RecordedEvent<T = unknown> {
  id: string;
  type: string;
  streamId: string;
  /** 0-based index of the event in its stream. */
  revision: number;
  position: Position;
  data: T;
  metadata: EventMetadata;
  createdAt: Date;
}

/** What the stream must look like for an append to go through. A number is the exact last revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream (the next exact expectation). */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: Position;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; defaults to the first (forwards) or last (backwards) event. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Defaults to the start of the log. */
  after?: Position;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive start; defaults to the start of the log. */
  after?: Position;
  /** Only events whose type is in this list (others are skipped, the position still advances). */
  eventTypes?: readonly string[];
  /** Events read per round trip while catching up. */
  batchSize?: number;
}

/** Called once per batch, in global order; the subscription waits for the promise before reading on. */
export type BatchHandler = (events: RecordedEvent[], lastPosition: Position) => Promise<void>;

export interface Subscription {
  /** Stops reading; resolves when the in-flight batch has been handled. */
  stop(): Promise<void>;
  /** Resolves when the handler failed (the subscription then stops) or after stop(). */
  readonly done: Promise<void>;
}

/** One stream's part of an atomic multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected?: ExpectedRevision;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], expected?: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams all-or-nothing: each stream's expected revision is checked, and one
   * refusal (conflict, deleted stream, reused id) writes nothing anywhere. Retrying the same events is
   * answered idempotently, like append. Results come in the order of `appends`. Only adapters with
   * multi-stream transactions offer it (PostgreSQL/PGlite); EventStoreDB has none, so it leaves this
   * undefined and callers fall back to one append per stream (and a reconciler for the gap between).
   */
  appendAtomically?(appends: StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription to the whole log: history first, then live, never skipping a late commit. */
  subscribeToAll(handler: BatchHandler, options?: SubscribeOptions): Subscription;
  /** Position of the newest event readers can see (START when the log is empty). */
  headPosition(): Promise<Position>;
  /** Number of visible events strictly after a position (used for lag). */
  countAfter(position: Position): Promise<number>;
  /** Hard delete: the stream can be neither read nor appended to again. */
  tombstone(streamId: string, expected?: ExpectedRevision): Promise<void>;
  close(): Promise<void>;
}

export class EventStoreError extends Error {
  override name = 'EventStoreError';
}

/** The stream was not at the expected revision. HTTP maps this to 409 (or 412 with If-Match). */
export class WrongExpectedRevisionError extends EventStoreError {
  override name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's last revision, 'no_stream', or 'unknown' when the race was lost inside a caller's transaction. */
    readonly actual: number | 'no_stream' | 'unknown',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

export class StreamDeletedError extends EventStoreError {
  override name = 'StreamDeletedError';
  constructor(readonly streamId: string) {
    super(`stream ${streamId} is deleted`);
  }
}

/** An event id was reused for a different append (other stream, other place, or a partial batch). */
export class DuplicateEventIdError extends EventStoreError {
  override name = 'DuplicateEventIdError';
  constructor(readonly eventId: string, readonly streamId: string) {
    super(`event id ${eventId} is already stored and does not match this append to ${streamId}`);
  }
}

export class InvalidAppendError extends EventStoreError {
  override name = 'InvalidAppendError';
}

/** Stream ids are "<category>-<id>"; the category routes events on the Kafka bus. */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}
