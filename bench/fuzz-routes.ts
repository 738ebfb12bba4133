// npm run bench:fuzz — fuzzes every HTTP and SSE route of a real service (workers running, embedded bus,
// a scratch PostgreSQL database; the job WebSocket is not fuzzed here) with inputs derived from each
// route's own JSON Schemas, free text often carrying NUL bytes and lone UTF-16 surrogates. Prints the
// number of requests, the count per status class and every 5xx (method, URL); a 503 with Retry-After (the analysis
// thread pool shedding load, ANALYSIS_QUEUE_MAX) is counted apart as shed_503_retry_after.
// Every 10th request of a route carries a deeply nested JSON body (depth 10 to the body size limit, as
// `[[[…]]]`), GETs included (sent with node:http: fetch refuses GET bodies), and /api/health is probed every
// 50 ms beside the fuzzing by a process of its own (bench/health-prober.ts): the final line gives the slowest
// request, how many took over 2 s and the health probe's p99 (issue 23: one deep body used to stall every
// request for a minute). Once the server and the prober run, this load generator lowers its own priority to
// nice FUZZ_CLIENT_NICE (default 10; 0 keeps it level): on one 2-core machine it otherwise takes the server's
// cores, which a deployment's clients on other machines never do. The load offered is the same either way.
// Beside the figures it prints the serving thread's event-loop delay during the load (bench/loop-delay-preload.ts),
// each server thread's CPU time and time spent waiting for a core (/proc schedstat), and this client's own loop
// delay: a slow probe with a short loop delay waited for a core, not behind a request (FUZZ_THREADS_BY_TID=1 lists
// the server's threads one by one).
// Analysis GETs compute in ANALYSIS_THREADS worker threads (default cores − 1); peak_rss_mb is the server
// process's peak resident memory (VmHWM; each thread holds its own graph), server_cpu_s its CPU time.
// The service runs as `evidence serve` in its own process (bench/service-process.ts), as an operator runs it, so the
// health probe times the server, not this process's own sample generation and body building; its errors go to
// its log file, and the first of them are printed after the figures.
// FUZZ_REQUESTS (default 50000; under BENCH_SMOKE=1 one request a route) sets the total, FUZZ_SEED the seed;
// FUZZ_SERVER_NODE_ARGS (space-separated) go to the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
// find what holds its event loop (a profile per thread, written when the service stops).
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { withScratchDatabase } from './scratch-database';
import { printFigures, sized } from './smoke';
import { createApp } from '../app/http-app';
import { openRuntime } from '../app/runtime';
import { loadSettings } from '../infra/config/settings';
import { silentLogger } from '../infra/logging/logger';
import { lowerThisProcessPriority } from './client-priority';
import { procThreadSchedstats, startService } from './service-process';
import { arbitraryFor } from '../test/support/schema-arbitrary';

const TOTAL = sized('FUZZ_REQUESTS', 50_000, 1);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CONCURRENCY = 8;
/** Nice value of this load generator once the server and the health prober run (0 keeps it level with them). */
const CLIENT_NICE = sized('FUZZ_CLIENT_NICE', 10, 10);
const BAD = ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'ok\uDBFFthen', '\uD83D\uDE00 fine'];
const PATH_BAD = ['a\u0000b', '\u0000', '%', '..', 'not-a-uuid', 'MONDO:0007915', '00000000-0000-4000-8000-000000000000'];

/** Any method with any body (GET included); resolves with the status and Retry-After, or rejects on a transport error. */
function send(base: string, method: string, url: string, body: string | undefined, headers: Record<string, string>): Promise<{ code: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, {
      method, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
    }, (response) => {
      response.resume();
      const retryAfter = response.headers['retry-after'];
      response.on('end', () => resolve({ code: response.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Nesting depths of the deep bodies: around the parse-time cap, then up to what the size limit allows. */
function nestedBody(round: number, maxBytes: number): string {
  const depths = [10, 64, 65, 1_000, 100_000, 1_000_000, Math.floor((maxBytes - 2) / 2)];
  const depth = Math.min(depths[round % depths.length]!, Math.floor((maxBytes - 2) / 2));
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** The routes to fuzz, read from the app's own registry (built here, never served from this process). */
async function fuzzedRoutes(settings: ReturnType<typeof loadSettings>) {
  const runtime = await openRuntime(settings, silentLogger);
  try {
    const app = createApp(runtime);
    await app.close();
    return app.registry.routes.filter((r) => r.transport !== 'websocket' && r.handler); // HTTP and SSE routes
  } finally {
    await runtime.close();
  }
}

/** Waits for /api/ready (the bundled seed imported), so the fuzzing meets the service a user meets. */
async function untilReady(base: string, timeoutMs = 600_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try { if ((await fetch(`${base}/api/ready`)).ok) return; } catch { /* not yet */ }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`/api/ready not 200 within ${timeoutMs} ms`);
}

/** The server's loop-delay figures, once its preload has written them (undefined after 10 s). */
async function readWhenWritten(file: string): Promise<Record<string, number> | undefined> {
  for (let i = 0; i < 100; i += 1) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** The first error lines of the server's log (pino JSON), shortened: what the 5xx were. */
function serverErrors(logFile: string, max = 5): string[] {
  const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n') : [];
  return lines.filter((line) => /"level":(50|60)/.test(line)).slice(0, max).map((line) => line.slice(0, 600));
}

async function run(databaseUrl: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fuzz-'));
  const settings = { ...loadSettings({ DEBUG: 'true', RATE_LIMIT_REQUESTS: '0', LOG_LEVEL: 'silent' }), databaseUrl, dataDir };
  const routes = await fuzzedRoutes(settings);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  // KAFKA_BROKERS emptied: the service fuzzed is the embedded-bus one, whatever the shell exports (CI exports it).
  Object.assign(env, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEBUG: 'true', RATE_LIMIT_REQUESTS: '0', LOG_LEVEL: 'error', KAFKA_BROKERS: '' });
  const logFile = path.join(dataDir, 'service.log');
  const loopDelayFile = path.join(dataDir, 'loop-delay.json');
  env.LOOP_DELAY_FILE = loopDelayFile;
  const nodeArgs = ['--require', path.join(__dirname, 'loop-delay-preload.js'),
    ...(process.env.FUZZ_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '')];
  const service = await startService(env, logFile, nodeArgs);
  const base = service.url;
  let prober: ChildProcess | undefined;
  try {
    await untilReady(base);
    const text = fc.oneof(fc.constantFrom(...BAD), fc.constantFrom('lupus', 'sle', 'ra', 'TNF'), fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 6 }));
    const pathText = fc.oneof(fc.constantFrom(...PATH_BAD), fc.string({ maxLength: 10 }));
    const perRoute = Math.ceil(TOTAL / routes.length);
    const statuses = new Map<string, number>();
    const fiveHundreds: string[] = [];
    // 503 with Retry-After is the analysis thread pool shedding load on purpose (ANALYSIS_QUEUE_MAX), not a
    // failure: counted apart so a real 5xx stands out, and shown so the shedding is never hidden.
    let shed = 0;
    let sent = 0;
    let nested = 0;
    let getBodies = 0;
    let slowest = 0;
    let over2s = 0;
    const started = Date.now();
    // Liveness beside the load: one /api/health every 50 ms, timed in a process of its own at the server's
    // priority; then this client steps back (FUZZ_CLIENT_NICE) so it does not take the server's cores.
    const probe = fork(path.join(__dirname, 'health-prober.js'), [base], { stdio: 'inherit' });
    prober = probe;
    const health = new Promise<number[]>((resolve, reject) => {
      probe.once('message', (timings) => resolve(timings as number[]));
      probe.once('exit', (code) => reject(new Error(`health prober exited with ${code} before reporting`)));
    });
    const clientNice = lowerThisProcessPriority(CLIENT_NICE);
    const slowByRoute = new Map<string, number>();
    const cpuBefore = service.cpuMs() ?? 0;
    const threadsBefore = procThreadSchedstats(service.pid);
    process.kill(service.pid, 'SIGUSR2'); // the server's loop-delay histogram starts now
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    for (const [index, route] of routes.entries()) {
      const sample = fc.sample(fc.tuple(pathText, route.query ? arbitraryFor(route.query, pathText) : fc.constant({}),
        route.body ? arbitraryFor(route.body, text) : fc.constant({})), { numRuns: perRoute, seed: SEED + index });
      let next = 0;
      await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
        while (next < sample.length) {
          const [pathValue, query, body] = sample[next++]!;
          const search = new URLSearchParams(Object.entries(query as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
          const url = `${route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathValue).replace(/%25/g, '%'))}${search.size ? `?${search}` : ''}`;
          const hasBody = route.method !== 'get' && route.method !== 'delete';
          const round = next;
          // Every 10th request: a deep body, on any method; every 10th GET otherwise: a small JSON body.
          const deep = round % 10 === 5;
          const payload = deep ? nestedBody(Math.floor(round / 10), settings.maxRequestBodyBytes)
            : hasBody ? JSON.stringify(body) : round % 10 === 7 ? JSON.stringify(body) : undefined;
          if (deep) nested += 1;
          if (!hasBody && payload !== undefined) getBodies += 1;
          let status: string;
          const t0 = performance.now();
          try {
            const { code, retryAfter } = await send(base, route.method.toUpperCase(), url, payload, { 'content-type': 'application/json', 'x-researcher-id': `fuzz-${next % 3}` });
            status = String(code);
            if (code === 503 && retryAfter !== undefined) shed += 1;
            else if (code >= 500) fiveHundreds.push(`${route.method.toUpperCase()} ${url} -> ${code}`);
          } catch (error) {
            status = `error:${(error as Error).message}`;
          }
          const ms = performance.now() - t0;
          slowest = Math.max(slowest, ms);
          if (ms > 2000) {
            over2s += 1;
            slowByRoute.set(`${route.method.toUpperCase()} ${route.path}`, (slowByRoute.get(`${route.method.toUpperCase()} ${route.path}`) ?? 0) + 1);
            if (over2s <= 20) console.log(`slow: ${route.method.toUpperCase()} ${url.slice(0, 120)} ${deep ? `(nested body ${payload!.length} B) ` : ''}${ms.toFixed(0)} ms -> ${status}`);
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          sent += 1;
        }
      }));
    }
    prober.send('stop');
    const healthSorted = (await health).sort((a, b) => a - b);
    clientLoop.disable();
    const threadsAfter = procThreadSchedstats(service.pid);
    process.kill(service.pid, 'SIGUSR2');
    const serverLoop = await readWhenWritten(loopDelayFile);
    const byName = new Map<string, { cpuMs: number; waitMs: number; n: number }>();
    for (const after of threadsAfter) {
      const before = threadsBefore.find((t) => t.tid === after.tid);
      const name = after.tid === service.pid ? 'serving' : process.env.FUZZ_THREADS_BY_TID ? `${after.name}#${after.tid}` : after.name;
      const entry = byName.get(name) ?? { cpuMs: 0, waitMs: 0, n: 0 };
      entry.cpuMs += after.cpuMs - (before?.cpuMs ?? 0);
      entry.waitMs += after.waitMs - (before?.waitMs ?? 0);
      entry.n += 1;
      byName.set(name, entry);
    }
    for (const [name, t] of [...byName].sort((a, b) => b[1].cpuMs - a[1].cpuMs)) console.log(`server thread ${name} x${t.n}: cpu ${(t.cpuMs / 1000).toFixed(1)} s, waiting for a core ${(t.waitMs / 1000).toFixed(1)} s`);
    console.log(`server loop delay: ${JSON.stringify(serverLoop)}; client loop delay p99 ${(clientLoop.percentile(99) / 1e6).toFixed(1)} ms max ${(clientLoop.max / 1e6).toFixed(1)} ms; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (const [where, n] of [...slowByRoute].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`over 2 s: ${n} ${where}`);
    const seconds = (Date.now() - started) / 1000;
    const byClass = [...statuses].reduce<Record<string, number>>((acc, [status, n]) => {
      const key = /^\d/.test(status) ? `${status[0]}xx` : status;
      acc[key] = (acc[key] ?? 0) + n;
      return acc;
    }, {});
    console.log(`routes=${routes.length} requests=${sent} seconds=${seconds.toFixed(1)} by_class=${JSON.stringify(byClass)}`);
    console.log(`by_status=${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    for (const line of fiveHundreds.slice(0, 50)) console.log(`5xx: ${line}`);
    for (const line of serverErrors(logFile)) console.log(`server error: ${line}`);
    printFigures('fuzz', {
      routes: routes.length, requests: sent, nested_bodies: nested, get_bodies: getBodies, status_5xx: fiveHundreds.length, shed_503_retry_after: shed,
      transport_errors: [...statuses].filter(([k]) => k.startsWith('error:')).reduce((n, [, c]) => n + c, 0),
      over_2s: over2s, slowest_ms: slowest.toFixed(0), health_probes: healthSorted.length,
      health_p50_ms: percentile(healthSorted, 0.5).toFixed(1), health_p99_ms: percentile(healthSorted, 0.99).toFixed(1),
      health_max_ms: (healthSorted.at(-1) ?? 0).toFixed(1), peak_rss_mb: Math.round(service.peakRssMb() ?? 0),
      server_cpu_s: (((service.cpuMs() ?? 0) - cpuBefore) / 1000).toFixed(1), server_loop_p99_ms: serverLoop?.p99_ms ?? 'n/a', server_loop_max_ms: serverLoop?.max_ms ?? 'n/a',
      serving_cpu_s: ((byName.get('serving')?.cpuMs ?? 0) / 1000).toFixed(1), serving_core_wait_s: ((byName.get('serving')?.waitMs ?? 0) / 1000).toFixed(1),
      analysis_threads: settings.analysisThreads, client_nice: clientNice ?? 'n/a', seconds: seconds.toFixed(1),
    });
  } finally {
    if (prober?.exitCode === null) prober.kill();
    await service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

withScratchDatabase('bench_fuzz', run).catch((error) => {
  console.error(error);
  process.exit(1);
});
