// The dead-letter list both bus implementations park failed events in (table bus_dead_letters).
import type { Knex } from 'knex';
import type { RecordedEvent } from '../event-store/event-store';
import type { DeadLetter } from './message-bus';
import { describeError } from './retry';

export async function parkDeadLetter(
  db: Knex | Knex.Transaction,
  group: string,
  event: RecordedEvent,
  attempts: number,
  error: unknown,
): Promise<void> {
  await db('bus_dead_letters')
    .insert({
      consumer_group: group,
      event_id: event.id,
      stream_id: event.streamId,
      event_type: event.type,
      commit_position: event.position.commit,
      prepare_position: event.position.prepare,
      attempts,
      last_error: describeError(error),
    })
    .onConflict(['consumer_group', 'event_id'])
    .merge({ attempts, last_error: describeError(error), parked_at: db.fn.now(), resolved_at: null });
}

export async function listDeadLetters(
  db: Knex,
  options: { group?: string; includeResolved?: boolean } = {},
): Promise<DeadLetter[]> {
  const query = db('bus_dead_letters').select('*').orderBy('id', 'desc');
  if (options.group) query.where('consumer_group', options.group);
  if (!options.includeResolved) query.whereNull('resolved_at');
  const rows = await query;
  return rows.map((row) => ({
    id: Number(row.id),
    group: row.consumer_group,
    eventId: row.event_id,
    streamId: row.stream_id,
    eventType: row.event_type,
    position: { commit: Number(row.commit_position), prepare: Number(row.prepare_position) },
    attempts: row.attempts,
    lastError: row.last_error,
    parkedAt: new Date(row.parked_at),
    resolvedAt: row.resolved_at ? new Date(row.resolved_at) : null,
  }));
}

export async function getDeadLetter(db: Knex, id: number): Promise<DeadLetter | undefined> {
  const [letter] = (await listDeadLetters(db, { includeResolved: true })).filter((d) => d.id === id);
  return letter;
}

export async function resolveDeadLetter(db: Knex, id: number): Promise<void> {
  await db('bus_dead_letters').where({ id }).update({ resolved_at: db.fn.now() });
}

export async function countUnresolved(db: Knex, group: string): Promise<number> {
  const row = await db('bus_dead_letters').where({ consumer_group: group }).whereNull('resolved_at').count<{ n: string }[]>('* as n').first();
  return Number(row?.n ?? 0);
}
