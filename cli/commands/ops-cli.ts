// Operations from the terminal: `evidence live` (is each source's live endpoint reachable?), `evidence
// run-all` (the module pipeline in-process, results recorded for export) and `evidence disease
// corpus-status` (the readiness batch report, recorded for GET /api/system/corpus-status).
import { checkLiveSources, LiveCheck } from '../../commands/live/check-live-sources';
import { SOURCE_NAMES, SourceName } from '../../domain/workspace/sources';
import { loadSettings } from '../../infra/config/settings';
import { printTable } from '../print';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { resultRecorder } from '../../commands/export/record-module-result';
import { corpusStatusRows, reportCorpusStatus } from '../../commands/corpus-status/corpus-status';
import { RunAllFailed, RunAllResult, runAllModule, runAllQuerySchema } from '../../commands/jobs/run-all';
import { newCommandContext } from '../../commands/shared/command-context';
import { CORPUS_TIERS } from '../../domain/operations/corpus-status';
import { validate } from '../../domain/shared/schema-validation';
import { BlobStore } from '../../infra/blobs/blob-store';
import { withRuntime } from './lifecycle';

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

export async function live(options: { source?: string[]; timeoutMs?: string; json?: boolean }): Promise<void> {
  const unknown = (options.source ?? []).filter((s) => !(SOURCE_NAMES as readonly string[]).includes(s));
  if (unknown.length > 0) refuse(`unknown source(s) ${unknown.join(', ')}: choose among ${SOURCE_NAMES.join(', ')}`);
  const timeoutMs = options.timeoutMs === undefined ? 5000 : Number(options.timeoutMs);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 120_000) refuse('--timeout-ms must be an integer from 100 to 120000');
  const settings = loadSettings();
  const sources = options.source && options.source.length > 0 ? options.source as SourceName[] : undefined;
  const checks = await checkLiveSources({ baseUrls: settings.sourceBaseUrls, timeoutMs, ...(sources ? { sources } : {}) });
  if (options.json) console.log(JSON.stringify({ mode: settings.evidenceSourceMode, sources: checks }, null, 2));
  else printChecks(checks, settings.evidenceSourceMode);
  if (checks.some((c) => !c.reachable)) process.exitCode = 1;
}

function printChecks(checks: LiveCheck[], mode: string): void {
  printTable(['source', 'reachable', 'status', 'latency', 'rate limit', 'url / error'], checks.map((c) => [
    c.source, c.reachable ? 'yes' : 'NO', c.status === null ? '-' : String(c.status), `${c.latency_ms} ms`,
    !c.reachable ? '-' : Object.entries(c.rate_limit).map(([k, v]) => `${k}=${v}`).join(' ') || `(none sent; adapter spaces ${c.min_interval_ms} ms)`,
    c.reachable ? c.url : `${c.url}: ${c.error}`,
  ]));
  const down = checks.filter((c) => !c.reachable).length;
  if (down === checks.length) {
    console.log(`\nno source is reachable: this machine looks offline. With EVIDENCE_SOURCE_MODE=${mode}, `
      + (mode === 'live' ? 'research runs will fail their sources; use auto or offline to fall back to the bundled corpus.' : 'research runs use the bundled offline corpus (synthetic examples).'));
  } else if (down > 0) {
    console.log(`\n${down} of ${checks.length} source(s) unreachable; ${mode === 'live' ? 'their results will be missing' : 'they fall back to the offline corpus'} (EVIDENCE_SOURCE_MODE=${mode}).`);
  } else {
    console.log(`\nall ${checks.length} source(s) reachable.`);
  }
}

export interface RunAllCliOptions {
  disease?: string; full?: boolean; parallel?: boolean; maxParallel?: string; skipMl?: boolean; exportHtml?: boolean; cache?: boolean; out?: string; json?: boolean;
}

/** The run-all parameters from the options, checked against the route's own schema (defaults applied). */
function runAllParams(options: RunAllCliOptions): Record<string, unknown> {
  const params: Record<string, unknown> = {
    disease_id: options.disease ?? 'sle', full: options.full === true, parallel: options.parallel === true, skip_ml: options.skipMl === true,
    export_html: options.exportHtml === true, no_cache: options.cache === false,
    ...(options.maxParallel !== undefined ? { max_parallel: Number(options.maxParallel) } : {}),
  };
  const problems = validate(runAllQuerySchema, params, 'query');
  if (problems.length > 0) refuse(problems.map((p) => `${p.loc.slice(1).join('.')}: ${p.msg}`).join('; '));
  return params;
}

export async function runAllCli(options: RunAllCliOptions): Promise<void> {
  const params = runAllParams(options);
  await withRuntime(async (runtime) => {
    await runtime.preloads.runAll();
    const jobId = `cli-${randomUUID()}`;
    const command = newCommandContext(runtime.clock, { kind: 'operator', id: 'cli' });
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort(new Error('interrupted')));
    const module = runAllModule(runtime.modules, options.out ?? path.join(runtime.settings.dataDir, 'reports'));
    const started = Date.now();
    const result = await module.run({ params }, {
      jobId, command, logger: runtime.logger, signal: controller.signal,
      progress: async (percent, message) => { process.stderr.write(`${Math.round(percent)}% ${message}\n`); },
      recordResult: resultRecorder({ store: runtime.store, blobs: new BlobStore(runtime.db.knex), now: () => runtime.clock.now() }, command, jobId),
    }).catch((error: Error) => error);
    printRunAll(result, params.disease_id as string, Date.now() - started, options.json === true);
  });
}

function printRunAll(result: unknown, disease: string, ms: number, json: boolean): void {
  if (result instanceof RunAllFailed) {
    if (json) console.log(JSON.stringify({ status: 'FAILURE', error: result.message, errors: result.errors }, null, 2));
    else console.error(`run-all on ${disease} failed: ${result.message}`);
    process.exitCode = 1;
    return;
  }
  if (result instanceof Error) throw result;
  const r = result as RunAllResult;
  if (json) return void console.log(JSON.stringify({ status: 'SUCCESS', wall_ms: ms, ...r }, null, 2));
  printTable(['module', 'outcome', 'report / error'], [
    ...r.modules_completed.map((id) => [id, 'completed', r.report_paths?.[id] ?? '']),
    ...Object.entries(r.errors).map(([id, e]) => [id, 'FAILED', e]),
  ]);
  console.log(`\nrun-all on ${disease}: ${r.modules_completed.length} completed, ${Object.keys(r.errors).length} failed in ${ms} ms (research use only).`);
}

export async function corpusStatusCli(options: { json?: boolean; details?: boolean }): Promise<void> {
  await withRuntime(async (runtime) => {
    const deps = { db: runtime.db.knex, store: runtime.store, blobs: new BlobStore(runtime.db.knex), diseases: runtime.diseases };
    const report = await reportCorpusStatus(deps, newCommandContext(runtime.clock, { kind: 'operator', id: 'cli' }));
    const rows = options.details ? await corpusStatusRows(deps, report) : undefined;
    if (options.json) return void console.log(JSON.stringify({ ...report, ...(rows ? { rows } : {}) }, null, 2));
    printTable(['tier', 'diseases'], CORPUS_TIERS.map((t) => [t, String(report.tiers[t])]));
    if (rows) { console.log(''); printTable(['disease', 'mondo_id', 'tier'], rows.map((r) => [r.disease_id, r.mondo_id ?? '-', r.tier])); }
    console.log(`\n${report.diseases} registry disease(s) from ${report.snapshots.length} active snapshot(s); report recorded (GET /api/system/corpus-status).`);
  });
}
