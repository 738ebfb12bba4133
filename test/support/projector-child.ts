// A projection runner in its own process, so a test can SIGKILL it mid-catch-up.
// argv: <projection name> <batch size> <delay per batch ms> <lease ms>
// (a short lease by default, so the next runner takes over soon after a kill)
import { openDatabase } from '../../infra/db/database';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { ledgerProjector } from './projectors';

async function main(): Promise<void> {
  const [name = 'crash_ledger', batchSize = '50', delayMs = '5', leaseMs = '1000'] = process.argv.slice(2);
  const db = await openDatabase({ url: process.env.TEST_DATABASE_URL });
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  const runner = new ProjectionRunner(db.knex, store, [ledgerProjector(name, { delayMs: Number(delayMs) })], {
    batchSize: Number(batchSize),
    leaseMs: Number(leaseMs),
  });
  await runner.start();
  process.send?.('started');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
