// Each biomed spec gets its own PostgreSQL database (created next to the run's test database and
// dropped afterwards), so snapshot streams and the biomed schema of one spec never meet another's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pg from 'pg';
import { biomedDeps } from '../../../app/biomed.compose';
import { createApp } from '../../../app/http-app';
import { importSnapshot, ImportRequest, ImportResult } from '../../../commands/biomed/import-snapshot';
import type { BiomedDeps } from '../../../commands/biomed/snapshot-events';
import { openRuntime, Runtime } from '../../../app/runtime';
import { loadSettings } from '../../../infra/config/settings';
import { silentLogger } from '../../../infra/logging/logger';
import { testDatabaseUrl } from '../../support/databases';

export const PROJECT_ROOT = path.resolve(__dirname, '../../../..');
export const FIXTURES = path.join(PROJECT_ROOT, 'fixtures', 'biomed');
export const SHARED_DATA = process.env.SHARED_DATA_DIR ?? path.resolve(PROJECT_ROOT, '..', 'shared', 'data');

export const fixture = (name: string) => path.join(FIXTURES, name);
export const shared = (rel: string) => path.join(SHARED_DATA, rel);

/** Skips the suite (with the reason on the console) when ../shared/data is not there. */
export function requireSharedData(context: Mocha.Context, ...files: string[]): void {
  const missing = files.map(shared).filter((f) => !fs.existsSync(f));
  if (missing.length > 0) {
    console.log(`      skipped: real data file(s) absent: ${missing.join(', ')} (set SHARED_DATA_DIR to the shared/data folder)`);
    context.skip();
  }
}

export interface ScratchDatabase { url: string; drop(): Promise<void> }

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const base = new URL(testDatabaseUrl());
  const name = `${base.pathname.slice(1)}_bm${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      try { await client.query(`drop database if exists ${name} with (force)`); } finally { await client.end(); }
    },
  };
}

export interface BiomedEnv {
  baseUrl: string;
  runtime: Runtime;
  deps: BiomedDeps;
  import(request: Omit<ImportRequest, 'files'> & { files: string[] }): Promise<ImportResult>;
  get(pathAndQuery: string): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  count(table: string, where?: string): Promise<number>;
  close(): Promise<void>;
}

/** A real HTTP service (the whole app) on a scratch database, plus direct access to the importer. */
export async function startBiomedEnv(): Promise<BiomedEnv> {
  const scratch = await createScratchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-biomed-'));
  // No start-up seed: each spec imports what it needs (and the seed preload never runs here, so it would stay
  // "pending" and every analysis route would answer 503 "still importing").
  const settings = { ...loadSettings({ DEBUG: 'true', RATE_LIMIT_REQUESTS: '0', BIOMED_SEED: 'false' }), databaseUrl: scratch.url, dataDir };
  const runtime = await openRuntime(settings, silentLogger);
  const http = createApp(runtime);
  const server: Server = http.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const deps: BiomedDeps = biomedDeps(settings, runtime.db, runtime.store, runtime.clock);
  return {
    baseUrl, runtime, deps,
    import: (request) => importSnapshot(deps, request),
    async get(pathAndQuery) {
      const response = await fetch(`${baseUrl}${pathAndQuery}`);
      return { status: response.status, body: await response.json() };
    },
    async count(table, where = 'true') {
      const { rows } = await runtime.db.knex.raw(`select count(*)::int as n from ${table} where ${where}`);
      return rows[0].n as number;
    },
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await http.close();
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}

/** Row counts of every biomed table and of the event log: "nothing changed" means these are equal. */
export async function storeFootprint(env: BiomedEnv): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['biomed.snapshots', 'biomed.terms', 'biomed.is_a_edges', 'biomed.mappings', 'biomed.claims', 'biomed.evidence_links', 'es_events']) {
    out[table] = await env.count(table);
  }
  return out;
}
