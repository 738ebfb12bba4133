// Per-query CPU of the /api/kg path and neighbour reads (issue 25), in-process: on a loaded, shared machine the
// wall-clock p99 of bench:kg mostly measures waiting, so this times the domain calls themselves with
// process.cpuUsage() over the same query lists bench:kg sends (PharmacotherapyDB drug -> disease pairs forward
// and any-direction, 4 hops, k 5; neighbour pages of the nodes n * 7919 mod N, limit 50), and prints the
// slowest queries with the search figures that explain them (shortest length, nodes the backward search
// reached, expansions), the percentiles of each list, and what building the answer JSON costs.
// Imports the resources of bench:kg first (bench/kg-imports.ts) unless KG_CPU_SKIP_IMPORT=1 (a database that
// already holds them: BENCH_DATABASE_URL). BENCH_SMOKE=1: the seed slice (without sider and bgee), a few queries.
// Then loads the citation table the server keeps per snapshot set (its load time and heap cost: run with
// `node --expose-gc dist/bench/kg-path-cpu.js` for an exact heap figure; npm run bench:kg-cpu gives a rough one), answers the same lists from memory, and checks every answer's JSON
// equals the one the per-request query gave.
// Last line: `kg-cpu: forward_p99_cpu_ms=… forward_max_cpu_ms=… any_p99_cpu_ms=… neighbors_p99_cpu_ms=… … answers_differing=0`.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { withScratchDatabase } from './scratch-database';
import { benchImports } from './kg-imports';
import { printFigures, requireSharedData, SHARED_DATA_DIR, SMOKE, sized } from './smoke';
import { readSeedList } from '../commands/biomed/seed-store';
import { importSnapshot } from '../commands/biomed/import-snapshot';
import { openRuntime } from '../app/runtime';
import { loadSettings } from '../infra/config/settings';
import { silentLogger } from '../infra/logging/logger';
import { loadStoreGraph } from '../infra/kg/load-store-graph';
import { ServedGraph } from '../infra/kg/store-graph-cache';
import type { CitationTable } from '../infra/kg/citation-table';
import { kShortestPaths } from '../domain/knowledge-graph/paths';
import { neighbourPage } from '../domain/knowledge-graph/neighbourhood';
import { edgeTypeMask } from '../domain/knowledge-graph/typed-graph';
import { kgPaths } from '../commands/kg-reads/kg-paths';
import { kgNeighbors } from '../commands/kg-reads/kg-neighbors';

/** Smoke: as bench:kg, without the seed's side effects and expression rows (the slowest imports). */
const SMOKE_SKIPS = new Set(['sider', 'bgee']);
const SLOWEST = sized('KG_CPU_SLOWEST', 20, 3);
const NEIGHBOR_QUERIES = sized('KG_CPU_NEIGHBORS', 2000, 20);
const PAIR_LIMIT = sized('KG_CPU_PAIRS', 1_000_000, 20);

function pdbPairs(): [string, string][] {
  const file = SMOKE ? readSeedList().find((e) => e.resource === 'pharmacotherapydb')!.files[0]! : path.join(SHARED_DATA_DIR, 'pharmacotherapydb/indications.tsv');
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const header = lines[0]!.split('\t');
  return lines.slice(1).map((l) => l.split('\t')).filter((c) => c[header.indexOf('category')] !== 'NOT')
    .map((c): [string, string] => [`DRUGBANK:${c[header.indexOf('drugbank_id')]}`, c[header.indexOf('doid_id')]!]).slice(0, PAIR_LIMIT);
}

const cpuMs = (since: NodeJS.CpuUsage) => { const u = process.cpuUsage(since); return (u.user + u.system) / 1000; };

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Timed { label: string; ms: number; note: string }

function summary(name: string, timed: Timed[]): { p50: number; p99: number; max: number } {
  const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
  const s = { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0 };
  const total = sorted.reduce((a, b) => a + b, 0);
  console.log(`\n${name}: ${timed.length} queries, CPU p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  max ${s.max.toFixed(2)} ms  total ${total.toFixed(0)} ms; slowest ${SLOWEST}:`);
  for (const t of [...timed].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) console.log(`  ${t.ms.toFixed(2).padStart(8)} ms  ${t.label}  ${t.note}`);
  return s;
}

async function main(): Promise<void> {
  if (!SMOKE) requireSharedData('kg-path-cpu', [path.join(SHARED_DATA_DIR, 'pharmacotherapydb/indications.tsv')]);
  const figures: Record<string, number> = {};
  await withScratchDatabase('bench_kgcpu', async (databaseUrl) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-kgcpu-'));
    const settings = { ...loadSettings({ ...process.env, LOG_LEVEL: 'silent', BIOMED_SEED: 'false' }), databaseUrl, dataDir };
    const runtime = await openRuntime(settings, silentLogger);
    try {
      const db = runtime.db.knex;
      if (process.env.KG_CPU_SKIP_IMPORT !== '1') {
        for (const [resource, files] of benchImports()) {
          if (SMOKE && SMOKE_SKIPS.has(resource)) continue;
          if (files.some((f) => !fs.existsSync(f))) { console.log(`${resource}: skipped (file missing)`); continue; }
          const t = Date.now();
          const result = await importSnapshot({ knex: db, store: runtime.store, logInDatabase: true }, { resource, files });
          console.log(`${resource}: ${result.outcome} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
        }
        await db.raw('analyze');
      }
      const loaded = await loadStoreGraph(db);
      const served = new ServedGraph(loaded, 'cpu');
      const g = served.graph;
      console.log(`graph: ${g.nodeCount} nodes, ${g.edgeCount} edges`);
      const pairs = pdbPairs().map(([s, d]) => ({ s, d, from: g.lookup(s), to: g.lookup(d) }))
        .filter((p): p is { s: string; d: string; from: number; to: number } => p.from !== undefined && p.to !== undefined);

      /** Answers by the store query (table undefined) or from the citation table; their JSON is compared below. */
      const answerJson = new Map<string, string>();
      let differing = 0;
      const record = (key: string, json: string) => {
        const before = answerJson.get(key);
        if (before === undefined) answerJson.set(key, json);
        else if (before !== json) { differing++; if (differing <= 3) console.log(`  DIFFERS ${key}:\n    store  ${before.slice(0, 400)}\n    memory ${json.slice(0, 400)}`); }
      };
      const all = edgeTypeMask(undefined);
      const answerRounds = async (table: CitationTable | undefined, how: string) => {
        for (const mode of ['forward', 'any'] as const) {
          const whole: Timed[] = [];
          for (const p of pairs.slice(0, SMOKE ? pairs.length : 500)) {
            const before = process.cpuUsage();
            const answer = await kgPaths(db, served, { from: p.from, to: p.to, maxHops: 4, k: 5, mode, allowed: served.defaultMask }, table);
            const json = JSON.stringify(answer.paths);
            whole.push({ label: `${p.s} -> ${p.d}`, ms: cpuMs(before), note: `${json.length} bytes of JSON` });
            record(`path ${mode} ${p.s} ${p.d}`, json);
          }
          const w = summary(`kgPaths ${mode} (search + citations ${how} + JSON; this process's CPU only)`, whole);
          Object.assign(figures, { [`${mode}_answer${table ? '_memory' : ''}_p99_cpu_ms`]: w.p99 });
        }
        const answers: Timed[] = [];
        for (let n = 0; n < Math.min(NEIGHBOR_QUERIES, 500); n++) {
          const node = (n * 7919) % g.nodeCount;
          const before = process.cpuUsage();
          const answer = await kgNeighbors(db, g, table, node, all, 'both', 0, 50);
          const json = JSON.stringify(answer);
          answers.push({ label: g.id(node), ms: cpuMs(before), note: `total ${answer.total}, ${json.length} bytes of JSON` });
          record(`neighbors ${g.id(node)}`, json);
        }
        const w = summary(`kgNeighbors (page + citations ${how} + JSON; this process's CPU only)`, answers);
        Object.assign(figures, { [`neighbors_answer${table ? '_memory' : ''}_p99_cpu_ms`]: w.p99 });
      };

      for (const mode of ['forward', 'any'] as const) {
        // Warm the JIT on a few queries first (the server is warm too).
        for (const p of pairs.slice(0, 20)) kShortestPaths(g, { from: p.from, to: p.to, maxHops: 4, k: 5, mode, allowed: served.defaultMask });
        const search: Timed[] = [];
        for (const p of pairs) {
          const before = process.cpuUsage();
          const found = kShortestPaths(g, { from: p.from, to: p.to, maxHops: 4, k: 5, mode, allowed: served.defaultMask });
          search.push({ label: `${p.s} -> ${p.d}`, ms: cpuMs(before), note: `shortest ${found.shortest} paths ${found.paths.length} reached ${found.nodes_reaching_target} expansions ${found.expansions}${found.truncated ? ' TRUNCATED' : ''}` });
        }
        const s = summary(`kShortestPaths ${mode}`, search);
        Object.assign(figures, { [`${mode}_p50_cpu_ms`]: s.p50, [`${mode}_p99_cpu_ms`]: s.p99, [`${mode}_max_cpu_ms`]: s.max });
      }
      const neighbours: Timed[] = [];
      for (let n = 0; n < NEIGHBOR_QUERIES; n++) {
        const node = (n * 7919) % g.nodeCount;
        const before = process.cpuUsage();
        const page = neighbourPage(g, node, all, 'both', 0, 50);
        neighbours.push({ label: g.id(node), ms: cpuMs(before), note: `total ${page.total}` });
      }
      const s = summary('neighbourPage (random nodes, limit 50)', neighbours);
      Object.assign(figures, { neighbors_p99_cpu_ms: s.p99, neighbors_max_cpu_ms: s.max });

      await answerRounds(undefined, 'query');

      // The citation table the server keeps per snapshot set: its load and its heap cost (run with --expose-gc).
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const heapBefore = process.memoryUsage();
      const loadStarted = Date.now();
      const loadCpu = process.cpuUsage();
      const table = await served.citationsLoaded(db);
      const loadMs = Date.now() - loadStarted;
      const loadCpuMs = cpuMs(loadCpu);
      gc?.();
      const heapAfter = process.memoryUsage();
      const mb = (n: number) => n / 2 ** 20;
      const heapMb = mb(heapAfter.heapUsed - heapBefore.heapUsed);
      const arraysMb = mb(heapAfter.arrayBuffers - heapBefore.arrayBuffers);
      console.log(`\ncitation table: ${JSON.stringify(table.size)} loaded in ${loadMs} ms (${loadCpuMs.toFixed(0)} ms CPU); `
        + `heap +${heapMb.toFixed(1)} MB, typed arrays +${arraysMb.toFixed(1)} MB${gc ? '' : ' (no --expose-gc: rough)'}; RSS ${mb(heapAfter.rss).toFixed(0)} MB`);
      Object.assign(figures, { citations_load_ms: loadMs, citations_load_cpu_ms: Math.round(loadCpuMs), citations_heap_mb: Math.round(heapMb + arraysMb) });

      await answerRounds(table, 'from memory');
      console.log(`\nanswers from memory identical to the query's: ${differing === 0 ? 'yes' : `NO (${differing} differ)`} (${answerJson.size} answers compared)`);
      Object.assign(figures, { answers_differing: differing });
    } finally {
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
  printFigures('kg-cpu', figures);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
