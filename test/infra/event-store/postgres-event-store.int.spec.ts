import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { openTestPglite, openTestPostgres } from '../../support/databases';
import { eventStoreContract } from './event-store.contract';

eventStoreContract('PostgreSQL', async () => {
  const db = await openTestPostgres();
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  return { store, close: async () => { await store.close(); await db.close(); } };
});

eventStoreContract('PGlite (embedded)', async () => {
  const db = await openTestPglite();
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  return { store, close: async () => { await store.close(); await db.close(); } };
});
