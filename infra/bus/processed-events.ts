// Processor dedup: the (processor, event id) key is written in the same transaction as the record of
// the processor's effect, so an at-least-once redelivery finds the key and does nothing.
import type { Knex } from 'knex';

/** Runs `effect` once per (processor, event id); returns false when the event was already processed. */
export async function processOnce(
  db: Knex,
  processor: string,
  eventId: string,
  effect: (trx: Knex.Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const inserted = await trx('processed_events')
      .insert({ processor, event_id: eventId })
      .onConflict(['processor', 'event_id'])
      .ignore()
      .returning('event_id');
    if (inserted.length === 0) return false;
    await effect(trx);
    return true;
  });
}
