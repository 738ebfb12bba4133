// Benchmark runner for @event-driven-io/emmett-postgresql, in its own process: emmett's dumbo sets
// process-wide pg type parsers (int8 -> BigInt, jsonb -> JSON.parse with a BigInt reviver), which
// must not leak into our side's process.
//
// Everything goes through emmett's public API, the way its docs use it:
// - getPostgreSQLEventStore(connectionString) with its default pool (a pg.Pool, max 10 by default);
// - schema: eventStore.schema.migrate() once, eventStore.schema.dangerous.truncate() between runs;
// - appends: eventStore.appendToStream(stream, events) without expectedStreamVersion (= no
//   concurrency check, like our 'any');
// - read-all: the event store object has no read-all method, so we page with the exported
//   readMessagesBatch(execute, { after, batchSize }) -- the function emmett's own consumers poll with --
//   on an executor from dumbo (emmett's connection library; dumbo() on the same connection string
//   reuses the same cached pg.Pool);
// - projection: an async projection (postgreSQLRawBatchSQLProjection) run by
//   eventStore.consumer({ stopWhen: { noMessagesLeft: true }, pulling }).projector({ projection }),
//   which is how emmett rebuilds/catches up projections (rebuildPostgreSQLProjections does the same).
import { dumbo, rawSql, sql, type Dumbo } from '@event-driven-io/dumbo';
import type { Event } from '@event-driven-io/emmett';
import {
  getPostgreSQLEventStore,
  postgreSQLRawBatchSQLProjection,
  readMessagesBatch,
  type PostgresEventStore,
} from '@event-driven-io/emmett-postgresql';
import { BenchAdapter, BenchConfig, BenchData, BenchEvent, EVENT_TYPE, ReadAllResult, ReadModelState, runnerMain } from './workload';

const READ_MODEL = 'bench_emmett_stream_counts';

type EmmettBenchEvent = Event<typeof EVENT_TYPE, BenchData, BenchEmmettMetadata>;
type BenchEmmettMetadata = BenchEvent['metadata'] & { messageId: string };

function countByStream(streamIds: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of streamIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * Same read model and same SQL as ours: one row per stream counting its events, one multi-row upsert
 * per call. Emmett's projector calls evolve once per event (inside one transaction per pulled batch,
 * with a checkpoint update per event), so here every call carries a single event.
 */
const streamCountsProjection = postgreSQLRawBatchSQLProjection<EmmettBenchEvent>({
  name: 'bench_stream_counts',
  canHandle: [EVENT_TYPE],
  init: () => rawSql(`create table if not exists ${READ_MODEL} (stream_id text primary key, events bigint not null)`),
  evolve: (events) => {
    const counts = countByStream(events.map((e) => (e.metadata as unknown as { streamName: string }).streamName));
    const values = [...counts].map(([stream, n]) => sql('(%L, %s)', stream, n)).join(', ');
    return [rawSql(
      `insert into ${READ_MODEL} as t (stream_id, events) values ${values}
       on conflict (stream_id) do update set events = t.events + excluded.events`,
    )];
  },
});

class EmmettAdapter implements BenchAdapter<EmmettBenchEvent> {
  readonly name = 'emmett';
  private readonly eventStore: PostgresEventStore;
  /** Same cached pg.Pool as the event store's (dumbo keys pools by connection string). */
  private readonly pool: Dumbo;

  constructor(private readonly url: string, config: BenchConfig) {
    if (config.poolMax !== 10) {
      // getPostgreSQLEventStore(connectionString) builds a default pg.Pool (max 10); passing our own
      // pool would be possible but is not the documented default path.
      process.stderr.write(`  emmett: BENCH_POOL_MAX=${config.poolMax} ignored, emmett uses pg's default pool (max 10)\n`);
    }
    this.eventStore = getPostgreSQLEventStore(url);
    this.pool = dumbo({ connectionString: url });
  }

  async setup(): Promise<void> {
    await this.eventStore.schema.migrate();
  }

  async reset(): Promise<void> {
    await this.eventStore.schema.dangerous.truncate({ resetSequences: true, truncateProjections: true });
    await this.pool.execute.command(rawSql(`drop table if exists ${READ_MODEL}`));
  }

  prepare(event: BenchEvent): EmmettBenchEvent {
    return { type: event.type, data: event.data, metadata: { ...event.metadata, messageId: event.id } };
  }

  async append(streamId: string, events: EmmettBenchEvent[]): Promise<void> {
    await this.eventStore.appendToStream<EmmettBenchEvent>(streamId, events);
  }

  async readAll(pageSize: number): Promise<ReadAllResult> {
    let after = 0n;
    let events = 0;
    let amountSum = 0;
    let ordered = true;
    for (;;) {
      const { messages } = await readMessagesBatch<EmmettBenchEvent>(this.pool.execute, { after, batchSize: pageSize });
      for (const message of messages) {
        const position = message.metadata.globalPosition;
        if (position <= after) ordered = false;
        after = position;
        amountSum += message.data.amount;
      }
      events += messages.length;
      if (messages.length < pageSize) break;
    }
    return { events, amountSum, ordered };
  }

  async projectCatchUp(batchSize: number): Promise<void> {
    const consumer = this.eventStore.consumer({
      stopWhen: { noMessagesLeft: true },
      // Same batch size as ours. pullingFrequencyInMs is the pause between two non-empty batches
      // (default 50 ms, which alone would cap catch-up at batchSize/0.05 ev/s); ours does not pause
      // between non-empty batches, so emmett gets 0 here.
      pulling: { batchSize, pullingFrequencyInMs: 0 },
    });
    consumer.projector<EmmettBenchEvent>({ projection: streamCountsProjection });
    try {
      await consumer.start();
    } finally {
      await consumer.stop();
    }
  }

  async readModel(): Promise<ReadModelState> {
    const { rows } = await this.pool.execute.query<{ rows: number; events: number }>(
      rawSql(`select count(*)::int as rows, coalesce(sum(events), 0)::int as events from ${READ_MODEL}`),
    );
    return { rows: Number(rows[0]!.rows), events: Number(rows[0]!.events) };
  }

  async countEvents(): Promise<number> {
    const { rows } = await this.pool.execute.query<{ n: number }>(rawSql(`select count(*)::int as n from emt_messages`));
    return Number(rows[0]!.n);
  }

  async invisibleEvents(): Promise<number> {
    const { rows } = await this.pool.execute.query<{ n: number }>(
      rawSql(`select count(*)::int as n from emt_messages where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())`),
    );
    return Number(rows[0]!.n);
  }

  async close(): Promise<void> {
    await this.eventStore.close();
    await this.pool.close();
  }
}

if (require.main === module) runnerMain((url, config) => new EmmettAdapter(url, config));
