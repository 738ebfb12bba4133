// API benchmark (issue 6): conditions search at a FIXED request rate. On a fresh database it imports the
// full HPO release (shared/data) and the MONDO (+ SSSOM) and HPOA fixtures through the real import path,
// starts the whole HTTP app in this process, then drives GET /api/v1/conditions/search?q=... with
// autocannon at a fixed overall rate (not as fast as possible), cycling through realistic queries.
// A short warm-up at the same rate runs first and is not counted. Prints p50/p99 latency beside the
// target (p99 <= 20 ms) and the non-2xx / error counts.
//
// Environment:
//   BENCH_DATABASE_URL  use this database (must not hold biomed snapshots of these artifacts); otherwise a
//                       fresh database bench_api_v1_<timestamp> is created via BENCH_ADMIN_URL and dropped
//   BENCH_ADMIN_URL     default postgres://postgres@127.0.0.1:5432/test
//   SHARED_DATA_DIR     the shared/data folder (default ../shared/data next to the project)
//   BENCH_RATE          requests per second, all connections together (default 1000)
//   BENCH_CONNECTIONS   default 20
//   BENCH_DURATION      seconds (default 10)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { withScratchDatabase } from './scratch-database';
import { createApp } from '../api/app';
import { importSnapshot } from '../commands/biomed/import-snapshot';
import type { BiomedDeps } from '../commands/biomed/snapshot-events';
import { openRuntime } from '../infra/app/runtime';
import { loadSettings } from '../infra/config/settings';
import { silentLogger } from '../infra/logging/logger';

// autocannon ships no type declarations: the part used here.
interface AutocannonRequest { method?: string; path?: string; setupRequest?: (req: { path?: string }) => { path?: string } }
interface AutocannonResult {
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
  requests: { total: number; average: number };
  non2xx: number; errors: number; timeouts: number; duration: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string; connections: number; duration: number; overallRate: number; requests: AutocannonRequest[]; pipelining?: number;
}) => Promise<AutocannonResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

const ROOT = path.resolve(__dirname, '..', '..');
const SHARED = process.env.SHARED_DATA_DIR ?? path.resolve(ROOT, '..', 'shared', 'data');
const FIXTURES = path.join(ROOT, 'fixtures', 'biomed');
const HP_FILE = path.join(SHARED, 'hp', 'hp-2017-04-13.obo.gz');
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_P99_MS = 20;

/** What a researcher types: diseases, phenotypes, prefixes, synonyms, multi-word phrases, rare and common. */
export const QUERIES = [
  'lupus', 'arthritis', 'seizure', 'short stature', 'intellectual disability', 'cleft palate', 'microcephaly',
  'abnormality of the', 'rheumatoid', 'sjogren', 'scleroderma', 'rash', 'fever', 'hypoplasia', 'kidney',
  'photosensitivity', 'hearing loss', 'cardiomyopathy', 'ataxia', 'anemia', 'joint swelling', 'alopecia',
  'systemic lupus erythematosus', 'juvenile', 'polyarthritis', 'nephritis', 'thrombocytopenia', 'hyp',
];


function searchRequests(): AutocannonRequest[] {
  let n = 0;
  return [{
    method: 'GET',
    setupRequest: (req) => {
      const q = QUERIES[n++ % QUERIES.length]!;
      return { ...req, path: `/api/v1/conditions/search?q=${encodeURIComponent(q)}&limit=50` };
    },
  }];
}

async function main(): Promise<void> {
  if (!fs.existsSync(HP_FILE)) throw new Error(`${HP_FILE} is missing: the benchmark needs the shared data (set SHARED_DATA_DIR)`);
  await withScratchDatabase('bench_api_v1', async (databaseUrl) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-v1-'));
    const settings = { ...loadSettings({ ...process.env, RATE_LIMIT_REQUESTS: '0', LOG_LEVEL: 'silent' }), databaseUrl, dataDir };
    const runtime = await openRuntime(settings, silentLogger);
    const http = createApp(runtime);
    const server: Server = http.app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const deps: BiomedDeps = { knex: runtime.db.knex, store: runtime.store, logInDatabase: true };
      for (const [resource, files] of [
        ['hp', [HP_FILE]],
        ['mondo', [path.join(FIXTURES, 'mondo-fixture.obo'), path.join(FIXTURES, 'mondo-fixture.sssom.tsv')]],
        ['hpoa', [path.join(FIXTURES, 'hpoa-fixture.hpoa')]],
      ] as const) {
        const started = Date.now();
        const result = await importSnapshot(deps, { resource, files: [...files] });
        if (result.outcome !== 'imported') throw new Error(`${resource}: ${result.message}`);
        console.log(`imported ${resource} as ${result.snapshot.snapshot_id} (${result.report.rows_written} rows, ${Date.now() - started} ms)`);
      }
      await runtime.db.knex.raw('analyze biomed.terms');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const sample = await (await fetch(`${url}/api/v1/conditions/search?q=lupus`)).json() as { count: number };
      console.log(`sanity: q=lupus -> ${sample.count} hit(s)`);

      await autocannon({ url, connections: CONNECTIONS, duration: 2, overallRate: RATE, requests: searchRequests() }); // warm-up, not counted
      const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, overallRate: RATE, requests: searchRequests() });
      const met = r.latency.p99 <= TARGET_P99_MS && r.non2xx === 0 && r.errors === 0;
      console.log('');
      console.log(`GET /api/v1/conditions/search?q=<${QUERIES.length} queries, cycled>&limit=50`);
      console.log(`fixed rate ${RATE} req/s, ${CONNECTIONS} connections, ${DURATION} s (after a 2 s warm-up)`);
      console.log(`requests: ${r.requests.total} (${r.requests.average.toFixed(0)} req/s achieved)`);
      console.log(`latency ms: p50 ${r.latency.p50}  p90 ${r.latency.p90}  p99 ${r.latency.p99}  max ${r.latency.max}  (target p99 <= ${TARGET_P99_MS} ms)`);
      console.log(`non-2xx: ${r.non2xx}  errors: ${r.errors}  timeouts: ${r.timeouts}`);
      console.log(met ? 'target met' : 'TARGET NOT MET');
      // Let the requests still queued in the server (behind the database pool) finish before closing it.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    } finally {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await http.close();
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
