// A PostgreSQL database of its own for a test that needs a log nobody else writes to (the run's
// database is shared by every suite): created beside the run's database, migrated, dropped after.
import pg from 'pg';
import { Database, openDatabase } from '../../infra/db/database';
import { migrateToLatest } from '../../infra/db/migrate';
import { testDatabaseUrl } from './databases';

export interface ScratchDatabase {
  db: Database;
  /** For a child process that should write to the same database. */
  url: string;
  drop(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function openScratchPostgres(label: string): Promise<ScratchDatabase> {
  const url = new URL(testDatabaseUrl());
  const name = `${url.pathname.slice(1)}_${label}`.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 63);
  await admin(`create database ${name}`);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolMax: 5 });
  await migrateToLatest(db.knex);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
