// A throwaway PostgreSQL database for one bench run: BENCH_DATABASE_URL when given, else a fresh
// database created through BENCH_ADMIN_URL (default: the local trust-auth server) and dropped after.
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function withScratchDatabase<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  if (process.env.BENCH_DATABASE_URL) return work(process.env.BENCH_DATABASE_URL);
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
