// node dist/bench/run-all.js: run-all on sle over the seed slice (a scratch database seeded like a fresh
// service), timed: the default set one at a time, the default set with parallel=true (max_parallel 2),
// and full=true. Prints the wall time of each and per module (each module timed inside the run).
// Environment: BENCH_DATABASE_URL / BENCH_ADMIN_URL (scratch-database.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withScratchDatabase } from './scratch-database';
import { openRuntime } from '../app/runtime';
import { ModuleDefinition, ModuleRegistry } from '../commands/jobs/module-registry';
import { runAllModule, RunAllResult } from '../commands/jobs/run-all';
import { newCommandContext } from '../commands/shared/command-context';
import { loadSettings } from '../infra/config/settings';
import { silentLogger } from '../infra/logging/logger';

/** The registry with each module's run timed into `times`. */
function timed(registry: ModuleRegistry, times: Map<string, number>): ModuleRegistry {
  return new ModuleRegistry(registry.list().map((m): ModuleDefinition => ({
    ...m,
    async run(request, context) {
      const t0 = process.hrtime.bigint();
      try { return await m.run(request, context); } finally { times.set(m.id, Number(process.hrtime.bigint() - t0) / 1e6); }
    },
  })));
}

async function main(): Promise<void> {
  await withScratchDatabase('bench_run_all', async (databaseUrl) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-run-all-'));
    const settings = { ...loadSettings({ ...process.env, LOG_LEVEL: 'silent', BIOMED_SEED: 'true' }), databaseUrl, dataDir };
    const runtime = await openRuntime(settings, silentLogger);
    try {
      await runtime.preloads.runAll();
      for (const [label, params] of [
        ['default set, sequential', { disease_id: 'sle', export_html: true }],
        ['default set, parallel (max 2)', { disease_id: 'sle', parallel: true, max_parallel: 2 }],
        ['full (with the slow modules)', { disease_id: 'sle', full: true }],
      ] as const) {
        const times = new Map<string, number>();
        const module = runAllModule(timed(runtime.modules, times), path.join(dataDir, 'reports'));
        const t0 = Date.now();
        const result = await module.run({ params: { ...params } }, {
          jobId: `bench-${Date.now()}`, progress: async () => undefined, signal: new AbortController().signal, logger: silentLogger,
          command: newCommandContext(runtime.clock, { kind: 'operator', id: 'bench' }),
        }) as RunAllResult;
        console.log(`${label}: ${Date.now() - t0} ms wall, ${result.modules_completed.length} completed, ${Object.keys(result.errors).length} failed`);
        for (const [id, ms] of [...times].sort()) console.log(`  ${id.padEnd(24)} ${ms.toFixed(0).padStart(7)} ms${result.errors[id] ? `  (${result.errors[id]!.slice(0, 80)})` : ''}`);
      }
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
