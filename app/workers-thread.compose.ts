// Where `evidence serve` runs its workers when WORKERS_IN_PROCESS=true (the default): on PostgreSQL, in one
// worker thread (app/workers-thread.ts) with a runtime of its own, so a job's synchronous work (a research
// pipeline: 150–250 ms at a time under bench:fuzz, issue 23) never holds the serving event loop; on the
// embedded PGlite in this thread, as before (a thread cannot reach an in-process database).
// The thread's analysis jobs compute in this thread's analysis pool (ANALYSIS_THREADS), asked over the thread's
// message port: one pool per process, as before the thread, so jobs and GETs share its threads and its graphs.
// The thread ending by itself (an error, or the scheduler lease lost) ends the process with code 1, as the
// scheduler's lease loss always has: a service whose jobs silently stopped is worse than a restart.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Settings } from '../infra/config/settings';
import type { Logger } from '../infra/logging/logger';
import type { AnalysisRouteCall, AnalysisRouteRunner } from '../commands/analysis/run-analysis-route';

export interface InProcessWorkers {
  /** 'thread': in the workers thread; 'event-loop': on the serving thread (PGlite). */
  where: 'thread' | 'event-loop';
  stop(): Promise<void>;
}

/** Messages of the analysis-job bridge (workers thread -> serving thread -> back). */
export type AnalysisJobAsk = { kind: 'analysis-job'; id: number; call: AnalysisRouteCall };
export type AnalysisJobReply = { kind: 'analysis-job-answer'; id: number; ok: true; value: unknown } | { kind: 'analysis-job-answer'; id: number; ok: false; error: { message: string; stack?: string } };

export const WORKERS_THREAD_SCRIPT = path.join(__dirname, 'workers-thread.js');

/**
 * Starts the workers thread and resolves once its projections and processors run (the scheduler then waits
 * for its lease there). `onUnexpectedExit` is called if it ends without being asked (default: exit the process).
 */
export function startWorkersThread(settings: Settings, logger: Logger, options: { script?: string; onUnexpectedExit?: (code: number) => void; analysisJobRuns?: AnalysisRouteRunner } = {}): Promise<InProcessWorkers> {
  const { analysisJobRuns } = options;
  // Without a pool here the thread computes its analysis jobs itself (analysisThreads 0 keeps it from starting a pool).
  const worker = new Worker(options.script ?? WORKERS_THREAD_SCRIPT, { workerData: { settings: { ...settings, analysisThreads: 0 }, bridged: analysisJobRuns !== undefined } });
  if (analysisJobRuns) {
    worker.on('message', (message: AnalysisJobAsk) => {
      if (message?.kind !== 'analysis-job') return;
      analysisJobRuns(message.call).then(
        (value) => worker.postMessage({ kind: 'analysis-job-answer', id: message.id, ok: true, value } satisfies AnalysisJobReply),
        (error: unknown) => {
          const e = error instanceof Error ? error : new Error(String(error));
          worker.postMessage({ kind: 'analysis-job-answer', id: message.id, ok: false, error: { message: e.message, ...(e.stack ? { stack: e.stack } : {}) } } satisfies AnalysisJobReply);
        },
      );
    });
  }
  let stopping = false;
  let started = false;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  return new Promise<InProcessWorkers>((resolve, reject) => {
    worker.on('error', (err) => {
      logger.error({ err }, 'the workers thread failed');
      if (!started) reject(err);
    });
    void exited.then((code) => {
      if (stopping) return;
      if (!started) return reject(new Error(`the workers thread ended (code ${code}) before its workers started`));
      logger.fatal({ code }, 'the workers thread ended (projections, jobs and scheduler stopped); exiting');
      (options.onUnexpectedExit ?? ((c) => process.exit(c || 1)))(code);
    });
    worker.on('message', (message: { kind?: string }) => {
      if (message?.kind !== 'started' || started) return;
      started = true;
      logger.info('workers (projections, processors, scheduler) run in the workers thread, off the serving event loop');
      resolve({
        where: 'thread',
        async stop() {
          if (stopping) return;
          stopping = true;
          const stopped = new Promise<void>((done) => worker.on('message', (m: { kind?: string }) => { if (m?.kind === 'stopped') done(); }));
          worker.postMessage('stop');
          await Promise.race([stopped, exited]);
          await worker.terminate();
        },
      });
    });
  });
}
