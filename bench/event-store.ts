// Event store benchmark: ours (PostgresEventStore + ProjectionRunner) against
// @event-driven-io/emmett-postgresql, on the same PostgreSQL, doing the same work:
//   1. single-event appends from 8 concurrent writers, each to its own stream;
//   2. appends in batches of 100 events, one sequential writer;
//   3. read-all of the 100k events written by (2), from the start, in pages;
//   4. projection catch-up of those 100k events into a per-stream counter table.
// Each library runs in its own child process (bench/ours-runner.ts, bench/emmett-runner.ts) so one
// library's process-wide settings (pg type parsers) cannot affect the other; the workload driver,
// the event payloads and the checks are shared (bench/workload.ts). Runs alternate which library
// goes first; every figure is the median of BENCH_RUNS (default 3) runs, in events per second.
//
// Environment:
//   BENCH_DATABASE_URL  use this database (its es_* / emt_* tables are truncated; refused when they
//                       hold events, unless BENCH_ALLOW_TRUNCATE=1); otherwise a fresh database
//                       bench_<timestamp> is created via BENCH_ADMIN_URL and dropped at the end.
//   BENCH_ADMIN_URL     default postgres://postgres@127.0.0.1:5432/test
//   BENCH_SCALE         scales event counts (default 1: 8 x 1000 single appends, 100k batch events)
//   BENCH_SMOKE=1       one run at BENCH_SCALE 0.01 (the whole path, no meaningful figures)
//   BENCH_RUNNER_TIMEOUT_MS  a library run still going after this fails the bench (default 30 min)
//   BENCH_RUNS, BENCH_WRITERS, BENCH_APPENDS_PER_WRITER, BENCH_BATCH_SIZE, BENCH_BATCH_STREAMS,
//   BENCH_READ_PAGE, BENCH_PROJECTION_BATCH, BENCH_POOL_MAX (ours only; emmett keeps pg's default 10)
import { ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildReport, ScenarioRow } from './report';
import { BenchConfig, configFromEnv, RESULT_PREFIX, ScenarioTimes } from './workload';
import { sized } from './smoke';

type Library = 'ours' | 'emmett';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let currentChild: ChildProcess | undefined;
let interrupted = false;

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable url)';
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface BenchDatabase {
  url: string;
  dispose(): Promise<void>;
}

async function prepareDatabase(): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    await withClient(given, async (client) => {
      for (const table of ['es_events', 'emt_messages']) {
        const { rows } = await client.query(`select to_regclass($1) is not null as present`, [table]);
        if (!rows[0].present) continue;
        const count = await client.query(`select count(*)::int as n from ${table}`);
        if (count.rows[0].n > 0 && process.env.BENCH_ALLOW_TRUNCATE !== '1') {
          throw new Error(`${table} in BENCH_DATABASE_URL holds ${count.rows[0].n} rows; the bench truncates it. ` +
            'Point it at a scratch database or set BENCH_ALLOW_TRUNCATE=1.');
        }
      }
    });
    return { url: given, dispose: async () => undefined };
  }
  const name = `bench_${Date.now()}`;
  await withClient(ADMIN_URL, (admin) => admin.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dispose: () => withClient(ADMIN_URL, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

function runLibrary(library: Library, url: string): Promise<ScenarioTimes> {
  const script = path.join(__dirname, `${library}-runner.js`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, BENCH_RUNNER_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    currentChild = child;
    // A runner that hangs (a lock, a lost connection) ends the bench with a message instead of a silent wait.
    const timeoutMs = sized('BENCH_RUNNER_TIMEOUT_MS', 30 * 60_000, 5 * 60_000);
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${library} runner still running after ${timeoutMs} ms: stopped`));
    }, timeoutMs);
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      currentChild = undefined;
      const line = stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
      if (code !== 0 || !line) {
        reject(new Error(`${library} runner failed (exit ${code ?? signal})${stdout ? `:\n${stdout}` : ''}`));
        return;
      }
      resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as ScenarioTimes);
    });
  });
}

/**
 * Samples, once a second, how many client backends are busy in OTHER databases of the server (other
 * engineers' test suites share this PostgreSQL and this 2-core machine): the bench cannot prevent that
 * load, but it reports it so noisy figures can be recognised.
 */
class LoadMonitor {
  private readonly samples: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private busy = false;

  private constructor(private readonly client: pg.Client) {}

  static async start(url: string): Promise<LoadMonitor> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const monitor = new LoadMonitor(client);
    monitor.timer = setInterval(() => void monitor.sample(), 1000);
    return monitor;
  }

  private async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { rows } = await this.client.query(
        `select count(*)::int as n from pg_stat_activity
          where backend_type = 'client backend' and state = 'active' and datname is distinct from current_database()`,
      );
      this.samples.push(Number(rows[0].n));
    } catch {
      // monitoring is best effort
    } finally {
      this.busy = false;
    }
  }

  /** Summary of the samples taken since the last call. */
  take(): string {
    const taken = this.samples.splice(0);
    if (taken.length === 0) return 'other-db active backends: n/a';
    const avg = taken.reduce((a, b) => a + b, 0) / taken.length;
    const busyShare = taken.filter((n) => n > 0).length / taken.length;
    return `other-db active backends: avg ${avg.toFixed(1)}, max ${Math.max(...taken)}, busy ${(busyShare * 100).toFixed(0)}% of samples`;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.client.end().catch(() => undefined);
  }
}

const ROWS: ScenarioRow[] = [
  { key: 'append', label: 'append: 1 event/append, 8 concurrent writers' },
  { key: 'batch', label: 'append: batches of 100, 1 writer' },
  { key: 'readall', label: 'read-all from start, paged' },
  { key: 'projection', label: 'projection catch-up from 0 to head' },
];

function describeConfig(config: BenchConfig, runs: number): string {
  return [
    `runs=${runs} (median reported), writers=${config.writers} x ${config.appendsPerWriter} single appends,`,
    `batch: ${config.batchEvents} events in batches of ${config.batchSize} over ${config.batchStreams} streams,`,
    `read-all page=${config.readPageSize}, projection batch=${config.projectionBatchSize}, pool max=${config.poolMax}`,
  ].join(' ');
}

const NOTES = [
  'Notes:',
  '- Each library runs in its own Node process per run (alternating which goes first), after an untimed warm-up',
  '  of every scenario; the driver, payloads (~100 B JSON data + correlationId/causationId/principal metadata,',
  '  client-chosen UUID ids) and result checks are shared code. Logs are truncated between scenarios.',
  '- Appends use no concurrency check on both sides: ours expected=\'any\', emmett no expectedStreamVersion.',
  '- Pools: ours knex pool max 10; emmett getPostgreSQLEventStore(connectionString) default pg.Pool (max 10).',
  '- Read-all: emmett\'s event store has no read-all method; we page with its exported readMessagesBatch',
  '  ({ after, batchSize }), the function its consumers poll with. Same page size as ours.',
  '- Projection: same read model and upsert SQL on both sides. Ours: ProjectionRunner (one transaction per batch,',
  '  one multi-row upsert per batch, CAS checkpoint), timed start() -> waitForCatchUp(). Emmett: eventStore.consumer(',
  '  { stopWhen: { noMessagesLeft: true }, pulling: { batchSize, pullingFrequencyInMs: 0 } }).projector(...) with a',
  '  postgreSQLRawBatchSQLProjection; its projector hands events to evolve one at a time and stores a checkpoint',
  '  per event (one transaction per pulled batch). pullingFrequencyInMs lowered from its 50 ms default, which would',
  '  otherwise sleep between every batch; its puller still sleeps a fixed 100 ms after the first batch.',
  '- Emmett decodes jsonb with dumbo\'s BigInt-aware JSON reviver and int8 as BigInt (its defaults).',
];

async function main(): Promise<void> {
  const config = configFromEnv();
  const runs = Math.max(1, Math.round(sized('BENCH_RUNS', 3, 1)));
  const db = await prepareDatabase();
  const onSignal = () => {
    interrupted = true;
    if (currentChild?.pid) process.kill(currentChild.pid, 'SIGTERM');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const results: Record<Library, ScenarioTimes[]> = { ours: [], emmett: [] };
  const loadNotes: string[] = [];
  let monitor: LoadMonitor | undefined;
  try {
    monitor = await LoadMonitor.start(db.url);
    console.log(`event store benchmark: ours vs @event-driven-io/emmett-postgresql`);
    console.log(`database: ${redact(db.url)} (${os.cpus().length} CPUs, node ${process.version})`);
    console.log(describeConfig(config, runs));
    for (let run = 1; run <= runs; run++) {
      const order: Library[] = run % 2 === 1 ? ['ours', 'emmett'] : ['emmett', 'ours'];
      for (const library of order) {
        if (interrupted) throw new Error('interrupted');
        console.log(`run ${run}/${runs}: ${library}`);
        monitor.take();
        results[library].push(await runLibrary(library, db.url));
        const load = monitor.take();
        console.log(`  ${library}: ${load}`);
        loadNotes.push(`run ${run} ${library}: ${load}`);
      }
    }
  } finally {
    await monitor?.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await db.dispose().catch((error: unknown) => console.error('could not drop the bench database:', error));
  }
  const report = buildReport(ROWS, results.ours, results.emmett);
  console.log('');
  console.log(report.table);
  console.log('');
  console.log('ratio = ours / emmett (higher is better for ours); runs listed in run order.');
  console.log(NOTES.join('\n'));
  console.log('- Concurrent load from other databases on the same server during each run (sampled every second):');
  for (const note of loadNotes) console.log(`    ${note}`);
  console.log('');
  console.log(report.finalLine);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
