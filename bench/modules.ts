// npm run bench:modules (issue 15): every analysis module's use case on the full imported graph. On a fresh
// PostgreSQL it imports every drug-gene-disease resource of ../shared/data (as bench:kg does), builds the
// knowledge graph once, then times each case below twice (the first call includes caches a module builds on
// first use, e.g. the link-prediction model; the second is the steady state) and prints the figures beside
// the targets. Cases of modules this build does not ship are skipped and listed.
// BENCH_SMOKE=1: the seed slice instead of the full resources (bench/kg-imports.ts), each case once and
// repurposing with 100 permutations (its minimum); the whole path, no meaningful figures, no shared data needed.
// Last line: `modules: cases=… skipped=… targets_met=… met=… not_met=…`.
// Environment: BENCH_DATABASE_URL / BENCH_ADMIN_URL (scratch-database.ts), SHARED_DATA_DIR; BENCH_MODULES_CASES, a
// comma-separated list of label substrings, times only those cases (e.g. `repurposing,combinations`). Each case also
// prints the process CPU time of its steady call, the steadier figure on a machine shared with other work, and with
// BENCH_MODULES_DIGEST=1 a digest of its answer (to check that a speed-up leaves the results unchanged).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withScratchDatabase } from './scratch-database';
import { benchImports, KG_IMPORTS } from './kg-imports';
import { printFigures, requireSharedData, SMOKE } from './smoke';
import { importSnapshot } from '../commands/biomed/import-snapshot';
import { ANALYSIS_MODULES } from '../commands/analysis';
import { analysisDeps } from '../commands/analysis/analysis-deps';
import { openRuntime } from '../app/runtime';
import { validate } from '../domain/shared/schema-validation';
import { importerFor } from '../infra/biomed/importers/registry';
import { loadSettings } from '../infra/config/settings';
import { silentLogger } from '../infra/logging/logger';

interface Case { route: string; input: Record<string, unknown>; label: string; targetMs: number | null; steadyOnly?: boolean }

/** The targets: repurposing 1,000 permutations ≤ 3 s; ML training ≤ 120 s, prediction ≤ 300 ms; cross-disease similarity ≤ 10 s; enrichment ≤ 500 ms; screening 1,500 compounds ≤ 5 s. */
const CASES: Case[] = [
  { route: '/api/repurpose/candidates', input: { disease_id: 'ms', permutations: 1000 }, label: 'repurposing, MS, 1,000 permutations', targetMs: 3000 },
  { route: '/api/bioinformatics/ppi', input: { disease_id: 'sle' }, label: 'disease module (LCC z), SLE', targetMs: null },
  { route: '/api/bioinformatics/enrichment', input: { disease_id: 'ra' }, label: 'enrichment, RA', targetMs: 500 },
  { route: '/api/cross-disease/similarity', input: {}, label: 'cross-disease similarity, registry diseases', targetMs: 10_000 },
  { route: '/api/ml/predict', input: { disease_id: 'ms', top_n: 5000 }, label: 'link prediction, MS (first call trains)', targetMs: 300 },
  { route: '/api/synergy/pairs', input: { disease_id: 'ra' }, label: 'drug combinations, RA', targetMs: null },
  { route: '/api/screening', input: { gene_id: 'NCBIGene:1813', top_n: 1500 }, label: 'virtual screening, DRD2, 1,500 compounds', targetMs: 5000 },
  // Issue 16: each <= 1 s (stated target).
  { route: '/api/bioinformatics/gwas', input: { disease_id: 'sle' }, label: 'GWAS loci, SLE', targetMs: 1000 },
  { route: '/api/expression/correlate', input: { disease_id: 'sle', top_n: 500 }, label: 'expression profile, SLE (first call indexes Bgee)', targetMs: 1000 },
  { route: '/api/cart/suitability', input: { disease: 'sle', top_n: 500 }, label: 'CAR-T suitability, SLE', targetMs: 1000 },
  { route: '/api/biomarker/discover', input: { disease_id: 'sle', top_n: 500 }, label: 'biomarker discovery, SLE', targetMs: 1000 },
  // Modules reading evidence sources: timed on the offline corpus (EVIDENCE_SOURCE_MODE=offline below), never the network.
  { route: '/api/safety/profiles', input: { drug_id: 'DRUGBANK:DB00564' }, label: 'drug safety, carbamazepine (SIDER, offline)', targetMs: 1000 },
  { route: '/api/trials', input: { disease_id: 'sle' }, label: 'clinical trials, SLE (offline corpus)', targetMs: 1000 },
  { route: '/api/literature', input: { disease_id: 'sle' }, label: 'literature mining, SLE (offline corpus)', targetMs: 1000 },
  { route: '/api/evidence/gather', input: { q: 'lupus nephritis', disease_id: 'sle' }, label: 'evidence gathering, SLE (offline corpus)', targetMs: 1000 },
  { route: '/api/semantic/search', input: { query: 'lupus' }, label: 'semantic search, "lupus" (first call indexes)', targetMs: 1000 },
];

async function main(): Promise<void> {
  if (!SMOKE) requireSharedData('modules', KG_IMPORTS.flatMap(([, files]) => files));
  await withScratchDatabase('bench_modules', async (databaseUrl) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-modules-'));
    const settings = { ...loadSettings({ ...process.env, LOG_LEVEL: 'silent', BIOMED_SEED: 'false', EVIDENCE_SOURCE_MODE: 'offline' }), databaseUrl, dataDir };
    const runtime = await openRuntime(settings, silentLogger);
    try {
      const started = Date.now();
      for (const [resource, files] of benchImports()) {
        try { importerFor(resource); } catch { continue; }
        const result = await importSnapshot({ knex: runtime.db.knex, store: runtime.store, logInDatabase: true }, { resource, files });
        if (result.outcome !== 'imported') throw new Error(`${resource}: ${result.outcome}`);
      }
      console.log(`imported every resource in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const deps = analysisDeps(runtime);
      const t = Date.now();
      const served = await deps.graph();
      console.log(`graph: ${served.graph.nodeCount} nodes, ${served.graph.edgeCount} edges, built in ${Date.now() - t} ms\n`);
      const routes = new Map(ANALYSIS_MODULES.flatMap((m) => m.routes.map((r) => [r.path, r] as const)));
      const skipped: string[] = [];
      let met = 0;
      let notMet = 0;
      let filtered = 0;
      const only = (process.env.BENCH_MODULES_CASES ?? '').split(',').map((x) => x.trim()).filter((x) => x !== '');
      for (const c of CASES) {
        if (only.length > 0 && !only.some((x) => c.label.includes(x))) { filtered++; continue; }
        const route = routes.get(c.route);
        if (!route) { skipped.push(c.route); continue; }
        // Smoke: repurposing's permutations are its cost, not its path.
        const input = SMOKE && 'permutations' in c.input ? { ...c.input, permutations: 100 } : { ...c.input };
        const details = validate(route.query, input, 'query');
        if (details.length > 0) throw new Error(`${c.route}: ${JSON.stringify(details)}`);
        const times: number[] = [];
        let cpuMs = 0;
        let kind = '';
        let note = '';
        let digest = '';
        for (let i = 0; i < (SMOKE ? 1 : 2); i++) {
          const t0 = process.hrtime.bigint();
          const cpu0 = process.cpuUsage();
          const outcome = await route.run(deps, input, { progress: async () => undefined, signal: new AbortController().signal });
          times.push(Number(process.hrtime.bigint() - t0) / 1e6);
          const cpu = process.cpuUsage(cpu0);
          cpuMs = (cpu.user + cpu.system) / 1000;
          kind = outcome.kind;
          // A digest of the answer, to compare a speed-up's results with the code before it (same data and seed).
          if (process.env.BENCH_MODULES_DIGEST === '1' && outcome.kind === 'ok') digest = `  sha256 ${createHash('sha256').update(JSON.stringify(outcome.result)).digest('hex').slice(0, 16)}`;
          // Repurposing's adaptive permutations are its cost: say how far they went.
          const multiplicity = outcome.kind === 'ok' ? (outcome.result as { multiplicity?: { permutations_run: number; fdr: number } }).multiplicity : undefined;
          if (multiplicity) note = `  (${multiplicity.permutations_run} permutations run for FDR ${multiplicity.fdr})`;
        }
        const steady = times[times.length - 1]!;
        if (c.targetMs !== null) { if (steady <= c.targetMs) met++; else notMet++; }
        const verdict = c.targetMs === null ? '' : steady <= c.targetMs ? `  target <= ${c.targetMs} ms met` : `  target <= ${c.targetMs} ms NOT MET`;
        console.log(`${c.label.padEnd(46)} ${kind.padEnd(13)} first ${times[0]!.toFixed(0).padStart(7)} ms  steady ${steady.toFixed(0).padStart(7)} ms (cpu ${cpuMs.toFixed(0)} ms)${verdict}${note}${digest}`);
      }
      if (skipped.length > 0) console.log(`\nnot shipped in this build: ${skipped.join(', ')}`);
      printFigures('modules', { cases: CASES.length - skipped.length - filtered, skipped: skipped.length, targets_met: notMet === 0, met, not_met: notMet });
    } finally {
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
