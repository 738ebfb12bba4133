// Where the analysis GETs compute (issue 23: a permutation test on the event loop held /api/health for
// seconds): on PostgreSQL, in a bounded pool of worker threads (ANALYSIS_THREADS, default cores − 1, at
// least 1; ANALYSIS_QUEUE_MAX calls wait, more are answered 503 with Retry-After). In this thread when
// ANALYSIS_THREADS=0, on the embedded PGlite (a thread cannot reach an in-process database) and when a
// test replaced the runtime's disease registry (a thread loads the configured one).
import path from 'node:path';
import { ANALYSIS_MODULES } from '../commands/analysis';
import { analysisDeps } from '../commands/analysis/analysis-deps';
import { analysisRouteRunner, type AnalysisRouteAnswer, type AnalysisRouteRunner } from '../commands/analysis/run-analysis-route';
import type { ModuleParts } from '../commands/jobs/shipped-modules';
import { WorkerPool } from '../infra/threads/worker-pool';

/** Seconds a refused caller is told to wait: about one heavy analysis. */
export const ANALYSIS_BUSY_RETRY_AFTER_SECONDS = 5;

export function analysisRouteRunnerFor(parts: ModuleParts, options: { inThreadOnly: boolean }, cleanups: (() => Promise<void>)[]): AnalysisRouteRunner {
  const { settings } = parts;
  if (options.inThreadOnly || settings.analysisThreads === 0 || parts.db.kind !== 'postgres' || !settings.databaseUrl) {
    return analysisRouteRunner(ANALYSIS_MODULES, analysisDeps(parts));
  }
  const pool = new WorkerPool({
    script: path.join(__dirname, 'analysis-thread.js'),
    size: settings.analysisThreads, maxQueue: settings.analysisQueueMax,
    workerData: { settings },
  });
  cleanups.push(() => pool.close());
  return async (call) => {
    const answer = await pool.run<AnalysisRouteAnswer>(call);
    if (answer.kind === 'done') return answer.value;
    return {
      kind: 'busy', retryAfterSeconds: ANALYSIS_BUSY_RETRY_AFTER_SECONDS,
      detail: `every analysis thread is busy and ${answer.waiting} calls are waiting (ANALYSIS_THREADS=${settings.analysisThreads}, ANALYSIS_QUEUE_MAX=${settings.analysisQueueMax}): ask again after the Retry-After seconds`,
    };
  };
}
