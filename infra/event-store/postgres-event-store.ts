// PostgreSQL event store (also runs on PGlite). Schema and append function: migrations/*_event_store.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import {
  AppendResult,
  BatchHandler,
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
  StreamAppend,
  SubscribeOptions,
  Subscription,
  WrongExpectedRevisionError,
} from './event-store';
import { validateAppend, validateAtomicAppend, validateTarget } from './validate-append';
import { startCatchUpSubscription } from './catch-up-subscription';
import { Settled, WriteCoalescer } from './append-coalescer';

export interface PostgresEventStoreOptions {
  pollIntervalMs?: number;
  /** Concurrent appends that may share one transaction (group commit). 1 turns coalescing off. */
  maxAppendsPerCommit?: number;
  /** Coalesced commits in flight at once (default 2). */
  maxConcurrentCommits?: number;
  onReadError?: (error: unknown) => void;
}

// Appends in this process wake this process's subscriptions at once; other processes poll.
const localAppends = new EventEmitter();
localAppends.setMaxListeners(0);

const EVENT_COLUMNS = `transaction_id::text as commit_position, position, stream_id, revision, event_id::text as event_id,
  type, data, metadata, created_at`;

// Only transactions older than every running one that could write here are final, so nothing can still
// commit behind them. Transaction ids are the whole server's: a transaction running in another database of
// the same server (another deployment's hour-long import, another team's tests) can never write this
// table, so its id does not hold the horizon back (issue 23: it held every job's pickup for minutes). An
// id is left out only when pg_stat_activity shows it running in another database; anything unknown (a
// prepared transaction, a row hidden by privileges, one that ended since the snapshot) still counts.
// One statement snapshot throughout, the one the events are read with.
const VISIBLE = `transaction_id < coalesce(
  (select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x
    where not exists (select 1 from pg_stat_activity a where a.backend_xid = x::xid and a.datname <> current_database())),
  pg_snapshot_xmax(pg_current_snapshot()))`;

interface EventRow {
  commit_position: string;
  position: number | string;
  stream_id: string;
  revision: number | string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date | string;
}

export class PostgresEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();

  private readonly inTransaction: boolean;
  private readonly coalescer: WriteCoalescer<AppendRequest, AppendResult> | undefined;

  /** `knex` may be a transaction: the appends then commit (or roll back) with the caller's work. */
  constructor(private readonly knex: Knex | Knex.Transaction, private readonly options: PostgresEventStoreOptions = {}) {
    this.inTransaction = (knex as Knex.Transaction).isTransaction === true;
    this.coalescer = this.inTransaction
      ? undefined
      : new WriteCoalescer((r) => this.appendOne('es_try_append', r), (rs) => this.appendMany(rs), {
        maxBatch: options.maxAppendsPerCommit ?? 50,
        maxWeight: 2000,
        maxInFlight: options.maxConcurrentCommits ?? 2,
      });
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision = 'any'): Promise<AppendResult> {
    validateAppend(streamId, events, expected);
    const request = { streamId, events, expected };
    // Inside a caller's transaction the append must run on that transaction, so it is never coalesced.
    const result = this.coalescer
      ? await this.coalescer.submit(request, events.length)
      : await this.appendOne('es_try_append', request);
    localAppends.emit('appended');
    return result;
  }

  /**
   * Several streams in one transaction (a savepoint inside a caller's transaction): the first refusal
   * throws its typed error, which rolls back what the earlier streams wrote. Never coalesced, so the
   * group-commit batch's "each append on its own" rule does not apply to it.
   */
  async appendAtomically(appends: StreamAppend[]): Promise<AppendResult[]> {
    validateAtomicAppend(appends);
    const requests: AppendRequest[] = appends.map(({ streamId, events, expected = 'any' }) => ({ streamId, events, expected }));
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await this.knex.transaction(async (trx) => {
          const out: AppendResult[] = [];
          for (const request of requests) {
            const { stream, expected, revision, events } = appendPayload(request);
            const { rows } = await trx.raw('select * from es_try_append(?, ?, ?, ?::jsonb)', [stream, expected, revision, JSON.stringify(events)]);
            out.push(interpretAppend(request, rows[0] as AppendRow));
          }
          return out;
        });
        localAppends.emit('appended');
        return results;
      } catch (error) {
        // As in appendOne: a concurrent writer of the same ids or streams won a race; run again to see it.
        if ((error as { code?: string }).code !== '23505') throw error;
        if (!this.inTransaction && attempt < 3) continue;
        throw new WrongExpectedRevisionError(requests[0]!.streamId, requests[0]!.expected, 'unknown');
      }
    }
  }

  private async appendOne(fn: 'es_try_append' | 'es_tombstone', request: AppendRequest): Promise<AppendResult> {
    // A unique violation means a concurrent append of the same ids or stream won the race; running the
    // function again sees its commit and answers idempotently or with the typed conflict.
    for (let attempt = 1; ; attempt++) {
      try {
        const { stream, expected, revision, events } = appendPayload(request);
        const { rows } = await this.knex.raw(`select * from ${fn}(?, ?, ?, ?::jsonb)`, [stream, expected, revision, JSON.stringify(events)]);
        return interpretAppend(request, rows[0] as AppendRow);
      } catch (error) {
        if ((error as { code?: string }).code !== '23505') throw error;
        // Inside a caller's transaction the failed statement aborted it: no retry, no lookup possible.
        if (this.inTransaction) throw new WrongExpectedRevisionError(request.streamId, request.expected, 'unknown');
        if (attempt < 3) continue;
        throw new WrongExpectedRevisionError(request.streamId, request.expected, await this.currentRevision(request.streamId));
      }
    }
  }

  private async appendMany(requests: AppendRequest[]): Promise<Settled<AppendResult>[]> {
    const { rows } = await this.knex.raw('select * from es_append_many(?::jsonb)', [JSON.stringify(requests.map(appendPayload))]);
    return (rows as AppendRow[]).map((row, i) => {
      try {
        return { ok: true, value: interpretAppend(requests[i]!, row) };
      } catch (error) {
        return { ok: false, error };
      }
    });
  }

  private async currentRevision(streamId: string): Promise<number | 'no_stream'> {
    const row = await this.knex('es_streams').where({ stream_id: streamId }).first('revision');
    return row ? Number(row.revision) : 'no_stream';
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const stream = await this.knex('es_streams').where({ stream_id: streamId }).first('deleted');
    if (!stream) return [];
    if (stream.deleted) throw new StreamDeletedError(streamId);
    const backwards = options.direction === 'backwards';
    const query = this.knex('es_events')
      .select(this.knex.raw(EVENT_COLUMNS))
      .where('stream_id', streamId)
      .orderBy('revision', backwards ? 'desc' : 'asc');
    if (options.fromRevision !== undefined) query.where('revision', backwards ? '<=' : '>=', options.fromRevision);
    if (options.maxCount !== undefined) query.limit(options.maxCount);
    return (await query as EventRow[]).map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const { rows } = await this.knex.raw(
      `select ${EVENT_COLUMNS} from es_events
        where (transaction_id, position) > (?::text::xid8, ?) and ${VISIBLE}
        order by transaction_id, position limit ?`,
      [String(after.commit), after.prepare, options.maxCount ?? 1000],
    );
    return (rows as EventRow[]).map(toRecordedEvent);
  }

  subscribeToAll(handler: BatchHandler, options: SubscribeOptions = {}): Subscription {
    const subscription = startCatchUpSubscription(this, handler, {
      ...options,
      pollIntervalMs: this.options.pollIntervalMs,
      wakeups: localAppends,
      onReadError: this.options.onReadError,
    });
    this.subscriptions.add(subscription);
    subscription.done.finally(() => this.subscriptions.delete(subscription)).catch(() => undefined);
    return subscription;
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.knex.raw(
      `select transaction_id::text as commit_position, position from es_events where ${VISIBLE}
        order by transaction_id desc, position desc limit 1`,
    );
    const row = rows[0] as { commit_position: string; position: number | string } | undefined;
    return row ? { commit: Number(row.commit_position), prepare: Number(row.position) } : START;
  }

  /**
   * Every committed event after `position`, including those above the xmin horizon that readAll does not
   * hand out yet: this is how far a reader at `position` still has to go. (Counting only events below the
   * horizon would read 0 while an unrelated open transaction holds the horizon back, and "caught up" would
   * be said before the reader had seen an event already committed.)
   */
  async countAfter(position: Position): Promise<number> {
    const { rows } = await this.knex.raw(
      `select count(*)::int as n from es_events where (transaction_id, position) > (?::text::xid8, ?)`,
      [String(position.commit), position.prepare],
    );
    return Number((rows[0] as { n: number }).n);
  }

  async tombstone(streamId: string, expected: ExpectedRevision = 'any'): Promise<void> {
    validateTarget(streamId, expected);
    await this.appendOne('es_tombstone', { streamId, events: [tombstoneEvent()], expected });
    localAppends.emit('appended');
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }
}

interface AppendRequest {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

interface AppendRow {
  status: 'appended' | 'duplicate' | 'wrong_revision' | 'deleted' | 'reused_id';
  last_revision: number | string | null;
  commit_position: string | null;
  prepare_position: number | string | null;
  detail: string | null;
}

/** The append function's arguments; es_append_many takes a list of these objects. */
function appendPayload({ streamId, events, expected }: AppendRequest) {
  return {
    stream: streamId,
    expected: typeof expected === 'number' ? 'exact' : expected,
    revision: typeof expected === 'number' ? expected : null,
    events: events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
  };
}

/** Turns the append function's status row into a result or the port's typed error. */
function interpretAppend({ streamId, expected }: AppendRequest, row: AppendRow): AppendResult {
  switch (row.status) {
    case 'appended':
    case 'duplicate':
      return {
        nextExpectedRevision: Number(row.last_revision),
        position: { commit: Number(row.commit_position), prepare: Number(row.prepare_position) },
      };
    case 'wrong_revision':
      throw new WrongExpectedRevisionError(streamId, expected, row.detail === 'no_stream' ? 'no_stream' : Number(row.detail));
    case 'deleted':
      throw new StreamDeletedError(streamId);
    case 'reused_id':
      throw new DuplicateEventIdError(row.detail ?? '', streamId);
    default:
      throw new Error(`unexpected append status ${String(row.status)}`);
  }
}

function tombstoneEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: STREAM_DELETED,
    data: {},
    metadata: { correlationId: randomUUID(), causationId: randomUUID(), principal: { kind: 'system', id: 'event-store' } },
  };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: { commit: Number(row.commit_position), prepare: Number(row.position) },
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  };
}
