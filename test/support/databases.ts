// Databases for tests: the run's fresh PostgreSQL database (see run-tests.ts) or an in-memory PGlite.
import { Database, openDatabase } from '../../infra/db/database';
import { migrateToLatest } from '../../infra/db/migrate';

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the suite with `npm test`');
  return url;
}

/** A pool on the run's PostgreSQL database, migrated. */
export async function openTestPostgres(poolMax = 20): Promise<Database> {
  const db = await openDatabase({ url: testDatabaseUrl(), poolMax });
  await migrateToLatest(db.knex);
  return db;
}

/** A fresh in-memory PGlite database, migrated. */
export async function openTestPglite(): Promise<Database> {
  const db = await openDatabase({ pgliteDir: 'memory://' });
  await migrateToLatest(db.knex);
  return db;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until the predicate holds, failing with the message after the timeout. */
export async function eventually(predicate: () => boolean | Promise<boolean>, message: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${message}`);
    await sleep(20);
  }
}
