// Benchmark runner for OUR event store (PostgresEventStore + ProjectionRunner), in its own process so
// nothing of emmett's (notably dumbo's global pg type parsers) is loaded next to it.
import type { Knex } from 'knex';
import { Database, openDatabase } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import { NewEvent, Position, RecordedEvent, START, comparePositions } from '../infra/event-store/event-store';
import { PostgresEventStore } from '../infra/event-store/postgres-event-store';
import type { Projector, TableNames } from '../projections/projector';
import { ProjectionRunner } from '../projections/runner/projection-runner';
import { BenchAdapter, BenchConfig, BenchEvent, EVENT_TYPE, ReadAllResult, ReadModelState, runnerMain } from './workload';

const READ_MODEL = 'bench_ours_stream_counts';

/** One row per stream counting its events; one multi-row upsert per batch the runner hands over. */
export function streamCountsProjector(): Projector {
  return {
    name: 'bench_stream_counts',
    version: 1,
    eventTypes: [EVENT_TYPE],
    tables: [READ_MODEL],
    async createTables(trx: Knex.Transaction, names: TableNames) {
      await trx.raw(`create table ?? (stream_id text primary key, events bigint not null)`, [names[READ_MODEL]!]);
    },
    async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
      const counts = countByStream(events.map((e) => e.streamId));
      const table = names[READ_MODEL]!;
      const values = [...counts].map(() => '(?, ?)').join(', ');
      await trx.raw(
        `insert into ?? as t (stream_id, events) values ${values}
         on conflict (stream_id) do update set events = t.events + excluded.events`,
        [table, ...[...counts].flat()],
      );
    },
  };
}

export function countByStream(streamIds: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of streamIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

class OursAdapter implements BenchAdapter<NewEvent> {
  readonly name = 'ours';
  private db: Database | undefined;
  private store: PostgresEventStore | undefined;

  constructor(private readonly url: string, private readonly config: BenchConfig) {}

  private get knex(): Knex {
    if (!this.db) throw new Error('setup() first');
    return this.db.knex;
  }

  async setup(): Promise<void> {
    this.db = await openDatabase({ url: this.url, poolMax: this.config.poolMax });
    await migrateToLatest(this.db.knex);
    this.store = new PostgresEventStore(this.db.knex);
  }

  async reset(): Promise<void> {
    await this.knex.raw(`truncate es_events, es_streams restart identity`);
    await this.knex.raw(`truncate projection_checkpoints, projection_rebuild_leases`);
    await this.knex.raw(`drop table if exists ??`, [READ_MODEL]);
  }

  prepare(event: BenchEvent): NewEvent {
    return event;
  }

  async append(streamId: string, events: NewEvent[]): Promise<void> {
    await this.store!.append(streamId, events, 'any');
  }

  async readAll(pageSize: number): Promise<ReadAllResult> {
    let after: Position = START;
    let events = 0;
    let amountSum = 0;
    let ordered = true;
    for (;;) {
      const page = await this.store!.readAll({ after, maxCount: pageSize });
      for (const event of page) {
        if (comparePositions(event.position, after) <= 0) ordered = false;
        after = event.position;
        amountSum += (event.data as { amount: number }).amount;
      }
      events += page.length;
      if (page.length < pageSize) break;
    }
    return { events, amountSum, ordered };
  }

  async projectCatchUp(batchSize: number, timeoutMs: number): Promise<void> {
    const runner = new ProjectionRunner(this.knex, this.store!, [streamCountsProjector()], { batchSize });
    try {
      await runner.start();
      await runner.waitForCatchUp(timeoutMs);
    } finally {
      await runner.stop();
    }
  }

  async readModel(): Promise<ReadModelState> {
    const { rows } = await this.knex.raw(`select count(*)::int as rows, coalesce(sum(events), 0)::int as events from ??`, [READ_MODEL]);
    return { rows: Number(rows[0].rows), events: Number(rows[0].events) };
  }

  async countEvents(): Promise<number> {
    const { rows } = await this.knex.raw(`select count(*)::int as n from es_events`);
    return Number(rows[0].n);
  }

  async invisibleEvents(): Promise<number> {
    const { rows } = await this.knex.raw(
      `select count(*)::int as n from es_events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())`,
    );
    return Number(rows[0].n);
  }

  async close(): Promise<void> {
    await this.store?.close();
    await this.db?.close();
  }
}

if (require.main === module) runnerMain((url, config) => new OursAdapter(url, config));
