// EventStoreDB event store (@eventstore/db-client v6, server 22.6 or later: older servers return no
// positions on stream reads, which idempotent retries need). Behaviour matches the PostgreSQL adapter
// except where noted: see LIMITATIONS below.
//
// LIMITATIONS
// - Idempotency by event id looks at the last `idempotencyWindow` events of the target stream only
//   (default 1000). A retry arriving after the stream grew by more than that is appended again.
// - Reusing an event id in *another* stream is not detected: EventStoreDB has no index by event id, and
//   scanning $all on every append is not an option. (The contract case for it is skipped for this adapter.)
// - $all keeps a tombstoned stream's events until a scavenge removes them, so readAll/subscribers stop
//   seeing them afterwards (the STREAM_DELETED marker goes too).
// - countAfter reads $all forwards from the position: O(lag), fine for a status command.
// - No appendAtomically: EventStoreDB has no transaction across streams. Writers of several streams
//   append one stream at a time; where a crash between them matters, a reconciler closes the gap (the
//   Workspace's orphaned-run sweep, commands/workspace/reconcile-orphaned-runs.ts).
import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  AllStreamRecordedEvent,
  ANY,
  AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  JSONType,
  NO_STREAM,
  Position as EsdbPosition,
  ReadPosition,
  ResolvedEvent,
  START as ESDB_START,
  StreamDeletedError as EsdbStreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  AppendResult,
  BatchHandler,
  comparePositions,
  DuplicateEventIdError,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  START,
  STREAM_DELETED,
  StreamDeletedError,
  SubscribeOptions,
  Subscription,
  WrongExpectedRevisionError,
} from './event-store';
import { validateAppend, validateTarget } from './validate-append';
import { startCatchUpSubscription } from './catch-up-subscription';

export interface EventStoreDbEventStoreOptions {
  /** How many of a stream's last events an append checks for its event ids (default 1000). */
  idempotencyWindow?: number;
  pollIntervalMs?: number;
  onReadError?: (error: unknown) => void;
}

/** Events per $all read round trip. */
const PAGE = 500;
/** An 'any'/'stream_exists' append retries this often when other writers keep moving the stream. */
const MAX_CAS_RETRIES = 20;
/** Revision of the server's own tombstone record (long.MaxValue); it shows up in $all as '$streamDeleted'. */
const SERVER_TOMBSTONE_REVISION = 2n ** 63n - 1n;

/** What the idempotency check needs of a stored event. */
interface StoredRef {
  id: string;
  revision: number;
  position: Position;
}

export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  // Local appends wake this store's subscriptions at once; other writers are seen by polling.
  private readonly appended = new EventEmitter();

  /** A client passed in is owned by the store from then on: close() disposes it. */
  constructor(connection: string | EventStoreDBClient, private readonly options: EventStoreDbEventStoreOptions = {}) {
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
    this.appended.setMaxListeners(0);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision = 'any'): Promise<AppendResult> {
    validateAppend(streamId, events, expected);
    const result = await this.appendIdempotent(streamId, events, expected);
    this.appended.emit('appended');
    return result;
  }

  /**
   * Check-then-append: look for the ids in the stream's tail, append only if absent. The append always
   * carries a precise expectation (exact revision or no_stream), so a concurrent write between the
   * check and the append fails the compare-and-swap and we check again. EventStoreDB's own dedup is
   * not relied on: it is best-effort unless the expected revision is exact.
   */
  private async appendIdempotent(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // 'any' and 'stream_exists' are turned into the revision we just read, so they may retry on conflict.
    const derived = expected === 'any' || expected === 'stream_exists';
    let conflicted = false;
    for (let attempt = 0; ; attempt++) {
      const tail = await this.readTail(streamId);
      const replay = findStored(streamId, events, tail);
      if (replay) return replay;
      const current = tail[0] ? tail[0].revision : 'no_stream';
      if (conflicted && (!derived || attempt > MAX_CAS_RETRIES)) {
        throw new WrongExpectedRevisionError(streamId, expected, current);
      }
      if (expected === 'stream_exists' && current === 'no_stream') {
        throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
      }
      const write: AppendExpectedRevision = derived
        ? (current === 'no_stream' ? NO_STREAM : BigInt(current))
        : (expected === 'no_stream' ? NO_STREAM : BigInt(expected));
      try {
        const result = await this.client.appendToStream(streamId, events.map(toEventData), { expectedRevision: write });
        // Only a client built with throwOnAppendFailure=false reports a conflict this way.
        if (!result.success) {
          conflicted = true;
          continue;
        }
        return { nextExpectedRevision: Number(result.nextExpectedRevision), position: fromEsdbPosition(result.position) };
      } catch (error) {
        // Someone else wrote first; possibly this very append (a concurrent retry), so check the ids again.
        if (error instanceof WrongExpectedVersionError) {
          conflicted = true;
          continue;
        }
        throw mapError(streamId, error);
      }
    }
  }

  /** The newest events of a stream, newest first ([] when it does not exist). */
  private async readTail(streamId: string): Promise<StoredRef[]> {
    const events = await this.readStream(streamId, { direction: 'backwards', maxCount: this.options.idempotencyWindow ?? 1000 });
    return events.map(({ id, revision, position }) => ({ id, revision, position }));
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const backwards = options.direction === 'backwards';
    const read = this.client.readStream(streamId, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : ESDB_START,
      maxCount: options.maxCount,
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw mapError(streamId, error);
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const maxCount = options.maxCount ?? 1000;
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    await this.walkAll(FORWARDS, toReadPosition(after), (event) => {
      // The server's read is inclusive of its start; ours is exclusive.
      if (!isStart(after) && comparePositions(fromEsdbPosition(event.position), after) <= 0) return true;
      if (isVisible(event)) events.push(toRecordedEvent(event));
      return events.length < maxCount;
    });
    return events;
  }

  subscribeToAll(handler: BatchHandler, options: SubscribeOptions = {}): Subscription {
    // Polling readAll keeps one code path for history and live events, the same as the PostgreSQL adapter;
    // $all is append-only here, so nothing can ever commit behind a position already handed out.
    const subscription = startCatchUpSubscription(this, handler, {
      ...options,
      pollIntervalMs: this.options.pollIntervalMs,
      wakeups: this.appended,
      onReadError: this.options.onReadError,
    });
    this.subscriptions.add(subscription);
    subscription.done.finally(() => this.subscriptions.delete(subscription)).catch(() => undefined);
    return subscription;
  }

  async headPosition(): Promise<Position> {
    let head = START;
    await this.walkAll(BACKWARDS, END, (event) => {
      if (!isVisible(event)) return true;
      head = fromEsdbPosition(event.position);
      return false;
    });
    return head;
  }

  async countAfter(position: Position): Promise<number> {
    let count = 0;
    await this.walkAll(FORWARDS, toReadPosition(position), (event) => {
      if (isVisible(event) && (isStart(position) || comparePositions(fromEsdbPosition(event.position), position) > 0)) count++;
      return true;
    });
    return count;
  }

  async tombstone(streamId: string, expected: ExpectedRevision = 'any'): Promise<void> {
    validateTarget(streamId, expected);
    // The marker goes through the idempotent append (bypassing validateEvents: its type starts with '$'),
    // so the expected revision is honoured and, its id being derived from the stream id, a retry after a
    // crash between the two steps finds the marker and just finishes the tombstone.
    await this.appendIdempotent(streamId, [tombstoneEvent(streamId)], expected);
    try {
      await this.client.tombstoneStream(streamId, { expectedRevision: ANY });
    } catch (error) {
      throw mapError(streamId, error);
    }
    this.appended.emit('appended');
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }

  /**
   * Reads $all page by page from a position, handing every record (system ones included) to visit until
   * it returns false or the log ends. Pages are read whole rather than broken off mid-stream.
   */
  private async walkAll(
    direction: typeof FORWARDS | typeof BACKWARDS,
    from: ReadPosition,
    visit: (event: AllStreamRecordedEvent) => boolean,
  ): Promise<void> {
    let cursor: EsdbPosition | undefined;
    let stopped = false;
    while (!stopped) {
      let read = 0;
      for await (const resolved of this.client.readAll({ fromPosition: cursor ?? from, maxCount: PAGE, direction })) {
        read++;
        const event = resolved.event;
        if (!event || stopped) continue;
        // A page starting at the cursor may repeat the record it ended on.
        if (cursor && !isBeyond(event.position, cursor, direction)) continue;
        cursor = event.position;
        if (!visit(event)) stopped = true;
      }
      if (read < PAGE || !cursor) return;
    }
  }
}

/**
 * The idempotency decision against a stream's tail: the original result when every id of this append is
 * stored consecutively, undefined when none is, DuplicateEventIdError for anything in between.
 */
function findStored(streamId: string, events: NewEvent[], tail: StoredRef[]): AppendResult | undefined {
  const byId = new Map(tail.map((e) => [e.id.toLowerCase(), e]));
  const first = byId.get(events[0]!.id.toLowerCase());
  if (!first) {
    const reused = events.find((e) => byId.has(e.id.toLowerCase()));
    if (reused) throw new DuplicateEventIdError(reused.id, streamId);
    return undefined;
  }
  let last = first;
  for (let i = 0; i < events.length; i++) {
    const id = events[i]!.id;
    const stored = byId.get(id.toLowerCase());
    if (!stored || stored.revision !== first.revision + i) throw new DuplicateEventIdError(id, streamId);
    last = stored;
  }
  return { nextExpectedRevision: last.revision, position: last.position };
}

/** Our events plus our STREAM_DELETED marker; not system streams, system events or the server's tombstone record. */
function isVisible(event: AllStreamRecordedEvent): boolean {
  if (event.streamId.startsWith('$')) return false;
  if (!event.type.startsWith('$')) return true;
  return event.type === STREAM_DELETED && event.isJson && event.revision < SERVER_TOMBSTONE_REVISION;
}

function toEventData(event: NewEvent) {
  return jsonEvent({ id: event.id, type: event.type, data: (event.data ?? null) as JSONType, metadata: event.metadata });
}

function toRecordedEvent(event: NonNullable<ResolvedEvent['event']>): RecordedEvent {
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: fromEsdbPosition(event.position),
    data: event.data,
    metadata: event.metadata as EventMetadata,
    createdAt: event.created,
  };
}

function tombstoneEvent(streamId: string): NewEvent {
  return {
    id: nameUuid(`eventstoredb-tombstone:${streamId}`),
    type: STREAM_DELETED,
    data: {},
    metadata: { correlationId: randomUUID(), causationId: randomUUID(), principal: { kind: 'system', id: 'event-store' } },
  };
}

/** A name-based (version 5 layout, SHA-1) UUID: the same name always gives the same id. */
function nameUuid(name: string): string {
  const hash = createHash('sha1').update(name).digest().subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mapError(streamId: string, error: unknown): unknown {
  return error instanceof EsdbStreamDeletedError ? new StreamDeletedError(streamId) : error;
}

function isStart(position: Position): boolean {
  return position.commit === 0 && position.prepare === 0;
}

function toReadPosition(position: Position): ReadPosition {
  return isStart(position) ? ESDB_START : { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

/** Server positions are byte offsets in the log: far below 2^53, so numbers are exact. */
function fromEsdbPosition(position: EsdbPosition | undefined): Position {
  return position ? { commit: Number(position.commit), prepare: Number(position.prepare) } : START;
}

function isBeyond(position: EsdbPosition, cursor: EsdbPosition, direction: typeof FORWARDS | typeof BACKWARDS): boolean {
  const order = position.commit === cursor.commit
    ? (position.prepare === cursor.prepare ? 0 : position.prepare > cursor.prepare ? 1 : -1)
    : position.commit > cursor.commit ? 1 : -1;
  return direction === FORWARDS ? order > 0 : order < 0;
}
