import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { EmbeddedBus } from '../../../infra/bus/embedded-bus';
import { processOnce } from '../../../infra/bus/processed-events';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { Database } from '../../../infra/db/database';
import { openTestPglite, openTestPostgres } from '../../support/databases';
import { messageBusContract } from './message-bus.contract';
import { competingDeliveryContract } from './competing-delivery.contract';

async function embeddedHarness(db: Database) {
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  const bus = new EmbeddedBus(db.knex, store, { pollIntervalMs: 20, leaseMs: 2000 });
  return { bus, store, db, close: async () => { await bus.close(); await store.close(); await db.close(); } };
}

messageBusContract('embedded on PostgreSQL', async () => embeddedHarness(await openTestPostgres()));
messageBusContract('embedded on PGlite', async () => embeddedHarness(await openTestPglite()));
competingDeliveryContract('embedded on PostgreSQL', async () => embeddedHarness(await openTestPostgres()));
competingDeliveryContract('embedded on PGlite', async () => embeddedHarness(await openTestPglite()));

describe('Processor deduplication by (processor, event id)', function () {
  let db: Database;
  before(async function () {
    db = await openTestPostgres();
    await db.knex.schema.createTable('test_effects', (t) => {
      t.increments('id');
      t.uuid('event_id');
    });
  });
  after(async function () {
    await db.knex.schema.dropTable('test_effects');
    await db.close();
  });

  it('records the effect once however often the event is redelivered', async function () {
    const eventId = randomUUID();
    const effect = (trx: Parameters<Parameters<typeof processOnce>[3]>[0]) => trx('test_effects').insert({ event_id: eventId });
    const outcomes = await Promise.all([1, 2, 3].map(() => processOnce(db.knex, 'mailer', eventId, async (trx) => { await effect(trx); })));
    expect(outcomes.filter(Boolean)).to.have.length(1);
    expect(await processOnce(db.knex, 'digest', eventId, async (trx) => { await effect(trx); })).to.equal(true);
    expect(await db.knex('test_effects').where({ event_id: eventId }).count('* as n').then((r) => Number(r[0]!.n))).to.equal(2);
  });

  it('an effect that fails leaves no dedup key, so the redelivery runs it', async function () {
    const eventId = randomUUID();
    try {
      await processOnce(db.knex, 'mailer', eventId, async () => { throw new Error('smtp down'); });
    } catch {
      // expected
    }
    expect(await processOnce(db.knex, 'mailer', eventId, async (trx) => { await trx('test_effects').insert({ event_id: eventId }); })).to.equal(true);
  });
});
