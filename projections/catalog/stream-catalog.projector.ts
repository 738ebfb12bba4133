// Operators' view of the log: one row per stream (category, revision, last event, deleted flag).
// Idempotent by construction: a row only moves forward to a higher revision, so replaying a batch
// leaves the same rows.
import type { Knex } from 'knex';
import { RecordedEvent, STREAM_DELETED, streamCategory } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../projector';
import { STREAM_CATALOG_TABLE as TABLE } from './stream-catalog.tables';

export const streamCatalogProjector: Projector = {
  name: 'stream_catalog',
  version: 1,
  tables: [TABLE],
  async createTables(trx: Knex.Transaction, names: TableNames) {
    await trx.schema.createTable(names[TABLE]!, (t) => {
      t.text('stream_id').primary();
      t.text('category').notNullable().index(`${names[TABLE]}_category_idx`);
      t.bigInteger('last_revision').notNullable();
      t.text('last_event_type').notNullable();
      t.timestamp('last_event_at', { useTz: true }).notNullable();
      t.boolean('deleted').notNullable().defaultTo(false);
    });
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    const latest = new Map<string, RecordedEvent>();
    for (const event of events) latest.set(event.streamId, event);
    const rows = [...latest.values()].map((e) => ({
      stream_id: e.streamId,
      category: streamCategory(e.streamId),
      last_revision: e.revision,
      last_event_type: e.type,
      last_event_at: e.createdAt,
      deleted: e.type === STREAM_DELETED,
    }));
    if (rows.length === 0) return;
    await trx.raw(
      `? on conflict (stream_id) do update set last_revision = excluded.last_revision,
         last_event_type = excluded.last_event_type, last_event_at = excluded.last_event_at, deleted = excluded.deleted
       where ??.last_revision < excluded.last_revision`,
      [trx(names[TABLE]!).insert(rows), names[TABLE]!],
    );
  },
};
