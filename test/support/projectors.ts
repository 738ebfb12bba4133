// Read models used to test the projection runner and in the benchmark.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../../projections/projector';

/**
 * Deliberately NOT idempotent: one ledger row per applied event and a running total, so a duplicate
 * or a skipped event shows up in the table hash. Exactly-once must come from the runner.
 */
export function ledgerProjector(name = 'test_ledger', options: { delayMs?: number; version?: number } = {}): Projector {
  const ledger = `${name}_rows`;
  const totals = `${name}_totals`;
  return {
    name,
    version: options.version ?? 1,
    eventTypes: ['LedgerEntryAdded'],
    tables: [ledger, totals],
    async createTables(trx: Knex.Transaction, names: TableNames) {
      await trx.schema.createTable(names[ledger]!, (t) => {
        t.bigInteger('commit_position').notNullable();
        t.bigInteger('prepare_position').notNullable();
        t.uuid('event_id').notNullable();
        t.text('stream_id').notNullable();
        t.integer('amount').notNullable();
      });
      await trx.schema.createTable(names[totals]!, (t) => {
        t.integer('id').primary();
        t.bigInteger('entries').notNullable();
        t.bigInteger('sum').notNullable();
      });
    },
    async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      await trx(names[ledger]!).insert(events.map((e) => ({
        commit_position: e.position.commit,
        prepare_position: e.position.prepare,
        event_id: e.id,
        stream_id: e.streamId,
        amount: (e.data as { amount: number }).amount,
      })));
      const sum = events.reduce((acc, e) => acc + (e.data as { amount: number }).amount, 0);
      await trx.raw(
        `insert into ?? as t (id, entries, sum) values (1, ?, ?)
         on conflict (id) do update set entries = t.entries + excluded.entries, sum = t.sum + excluded.sum`,
        [names[totals]!, events.length, sum],
      );
    },
  };
}

/** A hash of every row of the ledger read model, in global order. */
export async function ledgerHash(knex: Knex, name = 'test_ledger'): Promise<{ hash: string; rows: number }> {
  const { rows } = await knex.raw(
    `select md5(coalesce(string_agg(concat_ws('|', commit_position, prepare_position, event_id, stream_id, amount), ','
       order by commit_position, prepare_position), '')) as hash, count(*)::int as rows from ??`,
    [`${name}_rows`],
  );
  const totals = await knex(`${name}_totals`).first();
  return { hash: `${rows[0].hash}:${totals?.entries ?? 0}:${totals?.sum ?? 0}`, rows: rows[0].rows };
}
