// npm run bench:dossier — Workspace latency in offline mode (max_evidence 50, 20 runs):
// submit→SUCCESS through the real HTTP API and job worker, and the pipeline alone.
// Prints p50/p95 of each. Uses a scratch database (bench/scratch-database.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { withScratchDatabase } from './scratch-database';
import { createApp } from '../app/http-app';
import { parseResearchRequest } from '../domain/workspace/research-request';
import { openRuntime } from '../app/runtime';
import { loadSettings } from '../infra/config/settings';
import { silentLogger } from '../infra/logging/logger';
import { pipelineDeps } from '../commands/workspace/research-pipeline-deps';
import { runResearchPipeline } from '../commands/workspace/research-pipeline';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BODY = { disease_id: 'sle', question: 'Which drugs and targets are most promising for lupus nephritis?', max_evidence: 50 };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  await withScratchDatabase('bench_dossier', run);
}

async function run(databaseUrl: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dossier-'));
  const settings = {
    ...loadSettings({ DEBUG: 'true', EVIDENCE_SOURCE_MODE: 'offline', RATE_LIMIT_REQUESTS: '0', LOG_LEVEL: 'silent' }),
    databaseUrl,
    dataDir,
  };
  const runtime = await openRuntime(settings, silentLogger);
  try {
    await runtime.startWorkers();
    await runtime.preloads.runAll();
    const http = createApp(runtime);
    const server = http.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const endToEnd = async (): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${base}/api/jobs/workspace`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'X-Researcher-ID': 'bench' }, body: JSON.stringify(BODY),
      });
      const { job_id } = (await response.json()) as { job_id: string };
      for (;;) {
        const status = (await (await fetch(`${base}/api/jobs/${job_id}`)).json()) as { status: string; error?: string };
        if (status.status === 'SUCCESS') return performance.now() - started;
        if (status.status === 'FAILURE') throw new Error(`run failed: ${status.error}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };

    const request = parseResearchRequest(BODY);
    const disease = runtime.diseases.require(request.disease_id);
    const graph = await runtime.knowledge.graph();
    const deps = pipelineDeps({ settings: { ...settings, useCache: false }, clock: runtime.clock });
    const pipelineOnly = async (): Promise<number> => {
      const started = performance.now();
      await runResearchPipeline({ runId: 'bench', request, disease, graph, startedAt: new Date() }, deps);
      return performance.now() - started;
    };

    await endToEnd(); // warm-up: JIT, caches, first connections
    await pipelineOnly();
    const e2e: number[] = [];
    for (let i = 0; i < RUNS; i++) e2e.push(await endToEnd());
    const pipe: number[] = [];
    for (let i = 0; i < RUNS; i++) pipe.push(await pipelineOnly());

    server.closeAllConnections();
    server.close();
    await http.close();
    console.log(`dossier benchmark: offline corpus, disease sle, max_evidence 50, sources pubmed+clinical_trials, ${RUNS} runs each`);
    console.log('| measure | p50 ms | p95 ms | target p50 |');
    console.log('|---|---:|---:|---:|');
    console.log(`| submit -> SUCCESS (HTTP, job worker, events) | ${percentile(e2e, 50).toFixed(1)} | ${percentile(e2e, 95).toFixed(1)} | 1000 |`);
    console.log(`| pipeline alone | ${percentile(pipe, 50).toFixed(1)} | ${percentile(pipe, 95).toFixed(1)} | 250 |`);
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
