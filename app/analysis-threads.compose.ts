// Where the analysis GETs and the heavy knowledge-graph reads (/api/kg/centrality, /api/kg/communities)
// compute (issue 23: a permutation test or a whole-graph betweenness on the event loop held /api/health for
// seconds): on PostgreSQL, in one bounded pool of worker threads (ANALYSIS_THREADS, default cores − 1, at
// least 1; ANALYSIS_QUEUE_MAX calls wait, default one per thread, more are answered 503 with Retry-After).
// What needs no computing (an unknown disease, invalid parameters, a module without its tool) is answered in the
// serving thread, never queued for a thread. Once the start-up seed import has ended, `warm` has every thread
// build its knowledge graph, so the first callers do not wait for it (issue 23: 14 s under bench:fuzz).
// In this thread when ANALYSIS_THREADS=0, on the embedded PGlite (a thread cannot reach an in-process
// database) and when a test replaced the runtime's disease registry (a thread loads the configured one).
import path from 'node:path';
import { ANALYSIS_MODULES } from '../commands/analysis';
import { analysisDeps } from '../commands/analysis/analysis-deps';
import { analysisRouteRunner, answeredBeforeComputing, type AnalysisRouteAnswer, type AnalysisRouteRunner } from '../commands/analysis/run-analysis-route';
import type { ModuleParts } from '../commands/jobs/shipped-modules';
import { kgHeavyReadRunner, type KgHeavyAnswer, type KgHeavyReadRunner } from '../commands/kg-reads/kg-heavy-reads';
import { WorkerPool } from '../infra/threads/worker-pool';
import type { AnalysisThreadTask } from './analysis-thread';

/** Seconds a refused caller is told to wait: about one heavy analysis. */
export const ANALYSIS_BUSY_RETRY_AFTER_SECONDS = 5;

export interface AnalysisRunners {
  analysisRuns: AnalysisRouteRunner;
  kgHeavyReads: KgHeavyReadRunner;
  /** The analysis modules' jobs, in the same pool (waiting for a thread, never refused); absent without a pool. */
  analysisJobRuns?: AnalysisRouteRunner;
  /** Builds each thread's knowledge graph now and says how many nodes each holds (none without a pool: this thread builds its own on first use). */
  warmAnalysisThreads(): Promise<number[]>;
}

export function analysisRunnersFor(parts: ModuleParts, options: { inThreadOnly: boolean }, cleanups: (() => Promise<void>)[]): AnalysisRunners {
  const { settings } = parts;
  if (options.inThreadOnly || settings.analysisThreads === 0 || parts.db.kind !== 'postgres' || !settings.databaseUrl) {
    return {
      analysisRuns: analysisRouteRunner(ANALYSIS_MODULES, analysisDeps(parts)),
      kgHeavyReads: kgHeavyReadRunner({ db: parts.db.knex, diseases: parts.diseases }),
      warmAnalysisThreads: async () => [],
    };
  }
  const pool = new WorkerPool({
    script: path.join(__dirname, 'analysis-thread.js'),
    size: settings.analysisThreads, maxQueue: settings.analysisQueueMax,
    workerData: { settings },
  });
  cleanups.push(() => pool.close());
  const inPool = async <R>(task: AnalysisThreadTask, wait = false): Promise<R | { kind: 'busy'; retryAfterSeconds: number; detail: string }> => {
    const answer = await pool.run<R>(task, { wait });
    if (answer.kind === 'done') return answer.value;
    return {
      kind: 'busy', retryAfterSeconds: ANALYSIS_BUSY_RETRY_AFTER_SECONDS,
      detail: `every analysis thread is busy and ${answer.waiting} calls are waiting (ANALYSIS_THREADS=${settings.analysisThreads}, ANALYSIS_QUEUE_MAX=${settings.analysisQueueMax}): ask again after the Retry-After seconds`,
    };
  };
  return {
    analysisRuns: answeredBeforeComputing(ANALYSIS_MODULES, analysisDeps(parts), (call) => inPool<AnalysisRouteAnswer>({ kind: 'analysis', call })),
    kgHeavyReads: (call) => inPool<KgHeavyAnswer>({ kind: 'kg', call }),
    analysisJobRuns: (call) => inPool<AnalysisRouteAnswer>({ kind: 'analysis', call }, true),
    // One task per thread, all sent at once: each starts a thread of its own.
    warmAnalysisThreads: async () => {
      const answers = await Promise.all(Array.from({ length: settings.analysisThreads }, () => pool.run<number>({ kind: 'warm' } satisfies AnalysisThreadTask, { wait: true })));
      return answers.map((answer) => (answer.kind === 'done' ? answer.value : 0));
    },
  };
}
