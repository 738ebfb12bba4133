// The test command: creates a fresh PostgreSQL database for this run, runs mocha over the compiled
// specs, and drops the database whatever happens. PG_ADMIN_URL picks the server (default: local trust).
import path from 'node:path';
import fs from 'node:fs';
import Mocha from 'mocha';
import pg from 'pg';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function findSpecs(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findSpecs(full);
    return entry.name.endsWith('.spec.js') ? [full] : [];
  });
}

async function main(): Promise<number> {
  const dbName = `evidence_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  process.env.TEST_DATABASE_URL = url.toString();
  try {
    const mocha = new Mocha({ timeout: 60_000, reporter: process.env.MOCHA_REPORTER ?? 'spec' });
    const grep = process.argv[2];
    const specs = findSpecs(path.resolve(__dirname, '..')).sort();
    for (const spec of specs) if (!grep || spec.includes(grep)) mocha.addFile(spec);
    const failures = await new Promise<number>((resolve) => mocha.run(resolve));
    return failures;
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

main().then(
  (failures) => process.exit(failures > 0 ? 1 : 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
