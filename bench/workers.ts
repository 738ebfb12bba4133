// Worker scale-out benchmark (issue 23 item 4): the same CPU-bound module jobs against 1, 2 and 4 worker
// processes on one PostgreSQL (a scratch database). Each worker is the service's runtime with its projections
// and processors (bench/workers-child.ts) and WORKER_CONCURRENCY=1, so N processes can run N jobs at once;
// every job hashes a 32-byte value BENCH_JOB_ITERATIONS times. For each worker count, BENCH_REPEATS rounds
// (workers started and ready first, then BENCH_JOBS jobs queued at once); jobs/s = jobs / (first submission
// to last JobSucceeded, as the log dates it). Figures: the median round per count and its speed-up over one
// worker, and the CPU seconds each worker (and the database's backends) used in the round: the machine is
// shared, so CPU seconds and jobs per worker say where time went when wall time is stretched by other load.
// Caveats printed with the figures: the 1-minute load average (the machine is shared) and the core count.
// BENCH_SMOKE=1: 1 and 2 workers, one round of 4 small jobs. Final line: `workers: key=value ...`.
import { fork, ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { submitJob } from '../commands/jobs/job-commands';
import { jobStreamId } from '../domain/jobs/job';
import { newCommandContext } from '../commands/shared/command-context';
import { systemClock } from '../infra/clock/clock';
import { openDatabase } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import { PostgresEventStore } from '../infra/event-store/postgres-event-store';
import { withScratchDatabase } from './scratch-database';
import { procCpuMs } from './service-process';
import { pollUntil, printFigures, sized, SMOKE } from './smoke';
import { CPU_WORK_MODULE } from './workers-child';

const CHILD = path.resolve(__dirname, 'workers-child.js');
// BENCH_WORKER_COUNTS=1,2: only these worker counts (the first is the speed-ups' baseline).
const COUNTS = process.env.BENCH_WORKER_COUNTS ? process.env.BENCH_WORKER_COUNTS.split(',').map(Number) : SMOKE ? [1, 2] : [1, 2, 4];
const REPEATS = sized('BENCH_REPEATS', 3, 1);
const JOBS = sized('BENCH_JOBS', 16, 4);
const ITERATIONS = sized('BENCH_JOB_ITERATIONS', 400_000, 2_000);

interface Worker { child: ChildProcess; exited: Promise<void> }

// BENCH_CPU_PROF=<dir>: each worker writes a V8 CPU profile there when it stops (node --cpu-prof).
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

// The Node flags of docker-compose.yml's `worker` command (README, scaling rule): once jobs keep the cores busy,
// V8's parallel GC helper threads only take CPU from the jobs (this job's loop used about 15% less CPU without them).
// BENCH_WORKER_NODE_FLAGS="" (or other flags) measures workers started otherwise.
const WORKER_NODE_FLAGS = (process.env.BENCH_WORKER_NODE_FLAGS ?? '--single-threaded-gc').split(' ').filter(Boolean);

function startWorker(databaseUrl: string): Promise<Worker> {
  const child = fork(CHILD, [], {
    execArgv: [...WORKER_NODE_FLAGS, ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // The embedded bus on PostgreSQL is what this bench measures: a KAFKA_BROKERS inherited from CI would send the
    // workers to a Kafka nothing publishes these jobs to.
    env: { ...process.env, DATABASE_URL: databaseUrl, DEBUG: 'true', WORKER_CONCURRENCY: '1', LOG_LEVEL: 'silent', BIOMED_SEED: 'false', EVIDENCE_SOURCE_MODE: 'offline', KAFKA_BROKERS: '' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ child, exited }));
    child.once('exit', (code) => reject(new Error(`bench worker exited early with ${code}`)));
  });
}

async function stopWorkers(workers: Worker[]): Promise<void> {
  for (const worker of workers) worker.child.kill('SIGTERM');
  const timer = setTimeout(() => { for (const worker of workers) worker.child.kill('SIGKILL'); }, 20_000);
  await Promise.all(workers.map((w) => w.exited));
  clearTimeout(timer);
}

/** CPU seconds (user + system) each worker has used so far; NaN where /proc cannot tell. */
const cpuSeconds = (workers: Worker[]) => workers.map((w) => (procCpuMs(w.child.pid!) ?? NaN) / 1000);

/** CPU seconds used so far by the PostgreSQL backends serving `database` (their process title names it). */
function databaseCpuSeconds(database: string): number {
  let ms = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('postgres:')) continue;
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      ms += procCpuMs(Number(entry)) ?? 0;
    } catch { /* the process ended meanwhile */ }
  }
  return ms / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Where a round's time went: queued to started (pickup), started to succeeded (run), and how the jobs spread. */
async function jobTimings(store: PostgresEventStore, ids: readonly string[]): Promise<{ waitMs: number; runMs: number; perWorker: string }> {
  const waits: number[] = [];
  const runs: number[] = [];
  const workers = new Map<string, number>();
  for (const id of ids) {
    const events = await store.readStream(jobStreamId(id));
    const at = (type: string) => [...events].reverse().find((e) => e.type === type)?.createdAt.getTime();
    const [queued, begun, done] = [at('JobSubmitted'), at('JobStarted'), at('JobSucceeded')];
    if (queued !== undefined && begun !== undefined) waits.push(begun - queued);
    if (begun !== undefined && done !== undefined) runs.push(done - begun);
    const worker = ([...events].reverse().find((e) => e.type === 'JobStarted')?.data as { worker?: string } | undefined)?.worker ?? '?';
    workers.set(worker, (workers.get(worker) ?? 0) + 1);
  }
  return { waitMs: waits.length ? median(waits) : NaN, runMs: runs.length ? median(runs) : NaN, perWorker: [...workers.values()].sort((a, b) => b - a).join('/') };
}

async function main(): Promise<void> {
  await withScratchDatabase('bench_workers', async (url) => {
    const database = new URL(url).pathname.slice(1);
    const db = await openDatabase({ url, poolMax: 4 });
    await migrateToLatest(db.knex);
    const store = new PostgresEventStore(db.knex);
    const context = () => newCommandContext(systemClock, { kind: 'system', id: 'bench-workers' });
    const rate: Record<number, number> = {};
    const cpu: Record<number, number[]> = Object.fromEntries(COUNTS.map((c) => [c, []]));
    // CPU seconds per job, the workers' and the database's: less noisy than wall time on a shared machine.
    const cpuPerJob: Record<number, number[]> = Object.fromEntries(COUNTS.map((c) => [c, []]));
    const dbCpuPerJob: Record<number, number[]> = Object.fromEntries(COUNTS.map((c) => [c, []]));
    try {
      for (const count of COUNTS) {
        const rounds: number[] = [];
        for (let round = 0; round < REPEATS; round++) {
          const workers = await Promise.all(Array.from({ length: count }, () => startWorker(url)));
          try {
            // What a worker burns with nothing to do (tailing the log, polling leases): measured over an idle second.
            const idleFrom = cpuSeconds(workers);
            await new Promise((resolve) => setTimeout(resolve, 1000));
            const idle = cpuSeconds(workers).map((s, i) => s - idleFrom[i]!);
            const cpuFrom = cpuSeconds(workers);
            const dbFrom = databaseCpuSeconds(database);
            const started = Date.now();
            const ids: string[] = [];
            for (let i = 0; i < JOBS; i++) ids.push(await submitJob(store, context(), { module: CPU_WORK_MODULE, params: { iterations: ITERATIONS } }));
            const pending = new Set(ids);
            let finished = started;
            // The round ends at the last JobSucceeded as the log dates it, so this poll's interval adds nothing to
            // the figure; it is slow, and reads the pending jobs in submission order only up to the first one not
            // done (workers take the oldest first), so that the bench takes little of the CPU (its own and the
            // database's) that the workers share with it.
            await pollUntil(`${JOBS} jobs on ${count} worker(s)`, async () => {
              for (const id of [...pending]) {
                const last = (await store.readStream(jobStreamId(id))).at(-1);
                if (last?.type === 'JobFailed') throw new Error(`job ${id} failed: ${JSON.stringify(last.data)}`);
                if (last?.type !== 'JobSucceeded') break;
                pending.delete(id);
                finished = Math.max(finished, last.createdAt.getTime());
              }
              return pending.size === 0 ? true : undefined;
            }, 600_000, 250);
            const seconds = (finished - started) / 1000;
            const busy = cpuSeconds(workers).map((s, i) => s - cpuFrom[i]!);
            const dbBusy = databaseCpuSeconds(database) - dbFrom;
            rounds.push(JOBS / seconds);
            cpu[count]!.push(busy.reduce((a, b) => a + b, 0) / count);
            cpuPerJob[count]!.push(busy.reduce((a, b) => a + b, 0) / JOBS);
            dbCpuPerJob[count]!.push(dbBusy / JOBS);
            const timing = await jobTimings(store, ids);
            console.log(`${count} worker(s), round ${round + 1}: ${JOBS} jobs in ${seconds.toFixed(2)} s = ${(JOBS / seconds).toFixed(2)} jobs/s; `
              + `median wait ${timing.waitMs} ms, median run ${timing.runMs} ms, jobs per worker ${timing.perWorker}; `
              + `CPU s per worker ${busy.map((s) => s.toFixed(2)).join('/')} (idle CPU s/s ${idle.map((s) => s.toFixed(3)).join('/')}), PostgreSQL CPU s ${dbBusy.toFixed(2)} `
              + `(load average ${os.loadavg()[0]!.toFixed(1)})`);
          } finally {
            await stopWorkers(workers);
          }
        }
        rate[count] = median(rounds);
      }
    } finally {
      await store.close();
      await db.close();
    }
    const figures: Record<string, number | string> = { jobs: JOBS, iterations: ITERATIONS, rounds: REPEATS, node_flags: WORKER_NODE_FLAGS.join(',') || 'none' };
    for (const count of COUNTS) {
      figures[`w${count}_jobs_per_s`] = rate[count]!;
      figures[`w${count}_cpu_s_per_worker`] = median(cpu[count]!);
      figures[`w${count}_cpu_s_per_job`] = median(cpuPerJob[count]!);
      figures[`w${count}_db_cpu_s_per_job`] = median(dbCpuPerJob[count]!);
      if (count !== COUNTS[0]) figures[`speedup_${count}`] = rate[count]! / rate[COUNTS[0]!]!;
    }
    figures.cores = os.cpus().length;
    figures.load_avg = os.loadavg()[0]!;
    printFigures('workers', figures);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
