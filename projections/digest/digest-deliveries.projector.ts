// Digest deliveries per (researcher, period): status, attempts, next retry time and a bounded history
// of what happened (GET …/digest/delivery-history, and the scheduler's list of digests to attempt).
// Idempotent: a row moves only to a higher stream revision.
import type { Knex } from 'knex';
import { DIGEST_DELIVERIES_TABLE } from './digest-deliveries.tables';
import { DIGEST_EVENT_TYPES, DigestEvent } from '../../domain/digest/digest';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../projector';

const HISTORY_LIMIT = 50;

export const digestDeliveriesProjector: Projector = {
  name: 'workspace_digest_deliveries',
  version: 1,
  eventTypes: DIGEST_EVENT_TYPES,
  tables: [DIGEST_DELIVERIES_TABLE],
  async createTables(trx: Knex.Transaction, names: TableNames) {
    const table = names[DIGEST_DELIVERIES_TABLE]!;
    await trx.schema.createTable(table, (t) => {
      t.text('stream_id').primary();
      t.text('researcher_id').notNullable();
      t.text('period').notNullable();
      t.timestamp('window_start', { useTz: true }).notNullable();
      t.timestamp('window_end', { useTz: true }).notNullable();
      t.text('status').notNullable();
      t.integer('round').notNullable();
      t.integer('attempts').notNullable();
      t.integer('total_attempts').notNullable();
      t.text('trigger').notNullable();
      t.boolean('forced').notNullable();
      t.jsonb('channels').notNullable();
      t.text('last_error');
      t.timestamp('queued_at', { useTz: true }).notNullable();
      t.timestamp('last_attempt_at', { useTz: true });
      t.timestamp('next_attempt_at', { useTz: true });
      t.timestamp('delivered_at', { useTz: true });
      t.jsonb('history').notNullable();
      t.bigInteger('last_revision').notNullable();
      t.unique(['researcher_id', 'period'], { indexName: `${table}_owner_period_key` });
      t.index(['status', 'next_attempt_at'], `${table}_pending_idx`);
    });
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    const table = names[DIGEST_DELIVERIES_TABLE]!;
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as DigestEvent;
      const row = await trx(table).where({ stream_id: recorded.streamId }).first();
      if (row && Number(row.last_revision) >= recorded.revision) continue; // replay
      const at = event.data.at;
      if (event.type === 'DigestQueued') {
        const d = event.data;
        const entry = { at, event: 'queued', round: d.round, trigger: d.trigger, force: d.force };
        const fields = {
          researcher_id: d.researcherId, period: d.period, window_start: d.windowStart, window_end: d.windowEnd, status: 'queued', round: d.round,
          attempts: 0, trigger: d.trigger, forced: d.force, channels: '[]', last_error: null, queued_at: at, next_attempt_at: at,
          delivered_at: null, last_revision: recorded.revision,
        };
        if (row) {
          await trx(table).where({ stream_id: recorded.streamId }).update({ ...fields, history: JSON.stringify(bounded([...row.history, entry])) });
        } else {
          await trx(table).insert({ stream_id: recorded.streamId, ...fields, total_attempts: 0, history: JSON.stringify([entry]) });
        }
        continue;
      }
      if (!row) continue; // cannot happen: every digest stream starts with DigestQueued
      const { change, entry } = changeFor(event, row);
      await trx(table).where({ stream_id: recorded.streamId }).update({
        ...change, history: JSON.stringify(bounded([...row.history, { at, ...entry }])), last_revision: recorded.revision,
      });
    }
  },
};

function changeFor(event: Exclude<DigestEvent, { type: 'DigestQueued' }>, row: { total_attempts: number; channels: string[] }): { change: Record<string, unknown>; entry: Record<string, unknown> } {
  const { round, attempt, at } = event.data;
  switch (event.type) {
    case 'DigestAttemptStarted':
      return { change: { status: 'in_flight', attempts: attempt, total_attempts: row.total_attempts + 1, last_attempt_at: at, next_attempt_at: null }, entry: { event: 'attempt_started', round, attempt } };
    case 'DigestChannelDelivered':
      return { change: { channels: JSON.stringify([...new Set([...row.channels, event.data.channel])]) }, entry: { event: 'channel_delivered', round, attempt, channel: event.data.channel } };
    case 'DigestDelivered':
      return { change: { status: 'delivered', delivered_at: at, last_error: null }, entry: { event: 'delivered', round, attempt, channels: event.data.channels } };
    case 'DigestSuppressed':
      return { change: { status: 'suppressed', delivered_at: at, last_error: null }, entry: { event: 'suppressed', round, attempt } };
    case 'DigestAttemptFailed':
      return { change: { status: 'retrying', last_error: event.data.error, next_attempt_at: event.data.nextAttemptAt }, entry: { event: 'attempt_failed', round, attempt, error: event.data.error, next_attempt_at: event.data.nextAttemptAt } };
    case 'DigestAbandoned':
      return { change: { status: 'failed', last_error: event.data.error, next_attempt_at: null }, entry: { event: 'abandoned', round, attempt, error: event.data.error } };
  }
}

function bounded<T>(entries: T[]): T[] {
  return entries.slice(-HISTORY_LIMIT);
}
