// A projection runner in its own process, so a test can SIGKILL it mid-catch-up.
// argv: <projection name> <batch size> <delay per batch ms>
import { openDatabase } from '../../infra/db/database';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { ledgerProjector } from './projectors';

async function main(): Promise<void> {
  const [name = 'crash_ledger', batchSize = '50', delayMs = '5'] = process.argv.slice(2);
  const db = await openDatabase({ url: process.env.TEST_DATABASE_URL });
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  const runner = new ProjectionRunner(db.knex, store, [ledgerProjector(name, { delayMs: Number(delayMs) })], {
    batchSize: Number(batchSize),
  });
  await runner.start();
  process.send?.('started');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
