// npm run bench:fuzz — fuzzes every HTTP and SSE route of a real service (workers running, embedded bus,
// a scratch PostgreSQL database; the job WebSocket is not fuzzed here) with inputs derived from each
// route's own JSON Schemas, free text often carrying NUL bytes and lone UTF-16 surrogates. Prints the
// number of requests, the count per status class and every 5xx (method, URL).
// FUZZ_REQUESTS (default 50000; under BENCH_SMOKE=1 one request a route) sets the total, FUZZ_SEED the seed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { withScratchDatabase } from './scratch-database';
import { printFigures, sized } from './smoke';
import { createApp } from '../app/http-app';
import { openRuntime } from '../app/runtime';
import { loadSettings } from '../infra/config/settings';
import { silentLogger } from '../infra/logging/logger';
import { arbitraryFor } from '../test/support/schema-arbitrary';

const TOTAL = sized('FUZZ_REQUESTS', 50_000, 1);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CONCURRENCY = 8;
const BAD = ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'ok\uDBFFthen', '\uD83D\uDE00 fine'];
const PATH_BAD = ['a\u0000b', '\u0000', '%', '..', 'not-a-uuid', 'MONDO:0007915', '00000000-0000-4000-8000-000000000000'];

async function run(databaseUrl: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fuzz-'));
  const settings = { ...loadSettings({ DEBUG: 'true', RATE_LIMIT_REQUESTS: '0', LOG_LEVEL: 'silent' }), databaseUrl, dataDir };
  const runtime = await openRuntime(settings, silentLogger);
  await runtime.startWorkers();
  await runtime.preloads.runAll();
  const http = createApp(runtime);
  const server = http.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const routes = http.registry.routes.filter((r) => r.transport !== 'websocket' && r.handler); // HTTP and SSE routes
    const text = fc.oneof(fc.constantFrom(...BAD), fc.constantFrom('lupus', 'sle', 'ra', 'TNF'), fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 6 }));
    const pathText = fc.oneof(fc.constantFrom(...PATH_BAD), fc.string({ maxLength: 10 }));
    const perRoute = Math.ceil(TOTAL / routes.length);
    const statuses = new Map<string, number>();
    const fiveHundreds: string[] = [];
    let sent = 0;
    const started = Date.now();
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
          let status: string;
          try {
            const res = await fetch(`${base}${url}`, {
              method: route.method.toUpperCase(),
              headers: { 'content-type': 'application/json', 'x-researcher-id': `fuzz-${next % 3}` },
              body: hasBody ? JSON.stringify(body) : undefined,
            });
            await res.arrayBuffer();
            status = String(res.status);
            if (res.status >= 500) fiveHundreds.push(`${route.method.toUpperCase()} ${url} -> ${res.status}`);
          } catch (error) {
            status = `error:${(error as Error).message}`;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          sent += 1;
        }
      }));
    }
    const seconds = (Date.now() - started) / 1000;
    const byClass = [...statuses].reduce<Record<string, number>>((acc, [status, n]) => {
      const key = /^\d/.test(status) ? `${status[0]}xx` : status;
      acc[key] = (acc[key] ?? 0) + n;
      return acc;
    }, {});
    console.log(`routes=${routes.length} requests=${sent} seconds=${seconds.toFixed(1)} by_class=${JSON.stringify(byClass)}`);
    console.log(`by_status=${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    for (const line of fiveHundreds.slice(0, 50)) console.log(`5xx: ${line}`);
    printFigures('fuzz', { routes: routes.length, requests: sent, status_5xx: fiveHundreds.length });
  } finally {
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
    await http.close();
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

withScratchDatabase('bench_fuzz', run).catch((error) => {
  console.error(error);
  process.exit(1);
});
