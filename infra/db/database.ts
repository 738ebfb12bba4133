// Opens the service's PostgreSQL: a real server when DATABASE_URL is set, otherwise an in-process
// PGlite database under data/ so the service runs on a fresh machine with nothing installed.
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { Knex } from 'knex';
import pg from 'pg';
import { lockEmbeddedDatabase } from './pglite-lock';

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  kind: DatabaseKind;
  knex: Knex;
  /** Where the data lives: the URL with its password removed, or the PGlite directory. */
  describe: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; 'memory://' keeps everything in memory. */
  pgliteDir?: string;
  poolMax?: number;
}

// int8 and numeric come back as strings by default; our counters and revisions fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolMax ?? 10);
  return openPglite(options.pgliteDir ?? path.resolve('data', 'pglite'));
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const knex = knexFactory({
    client: 'pg',
    connection: url,
    pool: { min: 0, max: poolMax },
  });
  await knex.raw('select 1');
  return { kind: 'postgres', knex, describe: redactUrl(url), close: () => knex.destroy() };
}

async function openPglite(dir: string): Promise<Database> {
  // knex-pglite pins the pool to one connection, which serialises transactions: correct, if not fast.
  const ClientPgLite = (await import('knex-pglite')).default;
  const inMemory = dir.startsWith('memory://');
  let unlock = () => undefined as void;
  if (!inMemory) {
    fs.mkdirSync(dir, { recursive: true });
    unlock = lockEmbeddedDatabase(dir);
  }
  try {
    const knex = knexFactory({
      client: ClientPgLite as unknown as typeof Knex.Client,
      dialect: 'postgres',
      connection: inMemory ? {} : { filename: dir },
    } as Knex.Config);
    await knex.raw('select 1');
    const close = async () => {
      await knex.destroy();
      unlock();
    };
    return { kind: 'pglite', knex, describe: inMemory ? 'pglite (memory)' : `pglite ${dir}`, close };
  } catch (error) {
    unlock();
    throw error;
  }
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres (unparseable url)';
  }
}
