// The entry of one analysis worker thread (app/analysis-threads.compose.ts starts them): it opens its own
// connection pool to the service's PostgreSQL, loads the disease registry, and answers analysis route calls
// and the heavy knowledge-graph reads with the same use cases the main thread would run
// (commands/analysis/run-analysis-route.ts, commands/kg-reads/kg-heavy-reads.ts). Its knowledge graph is its
// own: loaded on the first call and rebuilt only when the set of active snapshots changes
// (infra/kg/store-graph-cache.ts checks the set on every call); whole-graph metrics are cached with it.
// A `warm` task builds that graph before any caller waits for it (sent once the start-up seed import ends).
// The thread runs below the serving loop's priority (infra/threads/thread-priority.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { ANALYSIS_MODULES } from '../commands/analysis';
import { analysisDeps } from '../commands/analysis/analysis-deps';
import { analysisRouteRunner, type AnalysisRouteCall } from '../commands/analysis/run-analysis-route';
import { kgHeavyReadRunner, type KgHeavyCall } from '../commands/kg-reads/kg-heavy-reads';
import type { Settings } from '../infra/config/settings';
import { openDatabase } from '../infra/db/database';
import { silentLogger } from '../infra/logging/logger';
import { serveTasks } from '../infra/threads/serve-tasks';
import { lowerThisThreadPriority } from '../infra/threads/thread-priority';
import { serviceDiseaseRegistry } from './disease-registry.compose';
import { providerRateLimit } from './provider-rate.compose';

/** What the main thread sends one thread. Structured-cloneable. */
export type AnalysisThreadTask = { kind: 'analysis'; call: AnalysisRouteCall } | { kind: 'kg'; call: KgHeavyCall } | { kind: 'warm' };

/** Connections per thread: a thread runs one call at a time; a few for its parallel reads. */
const THREAD_POOL_MAX = 4;

async function start(settings: Settings) {
  const db = await openDatabase({ url: settings.databaseUrl, poolMax: THREAD_POOL_MAX });
  const diseases = serviceDiseaseRegistry(settings, silentLogger);
  const sharedRate = providerRateLimit(settings, silentLogger, []);
  const deps = analysisDeps({ db, diseases, settings, ...(sharedRate ? { sharedRate } : {}) });
  return {
    warm: async () => (await deps.graph()).graph.nodeCount,
    analysis: analysisRouteRunner(ANALYSIS_MODULES, deps),
    kg: kgHeavyReadRunner({ db: db.knex, diseases }),
  };
}

if (parentPort) {
  lowerThisThreadPriority();
  const ready = start((workerData as { settings: Settings }).settings);
  serveTasks(parentPort, async (message) => {
    const task = message as AnalysisThreadTask;
    const runners = await ready;
    if (task.kind === 'warm') return runners.warm();
    return task.kind === 'kg' ? runners.kg(task.call) : runners.analysis(task.call);
  });
}
