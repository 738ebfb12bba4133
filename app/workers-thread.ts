// The entry of the serving process's workers thread (app/workers-thread.compose.ts starts it): `evidence serve`
// with WORKERS_IN_PROCESS=true on PostgreSQL runs the projections, processors (jobs: Workspace dossiers, monitor
// snapshots, analysis jobs) and scheduler duties here, in a runtime of its own, instead of on the serving event
// loop. Issue 23: under bench:fuzz a monitor snapshot's or a Workspace job's research pipeline (dossier building,
// entity linking, paths) held /api/health for 150–250 ms at a time. The thread is to the serving thread what a
// `worker` process is to a `serve` process (WORKERS_IN_PROCESS=false): it reaches the same PostgreSQL through
// its own connection pool, and the bus hands it the jobs the serving thread queues. Its analysis jobs compute in
// the serving thread's analysis pool, asked over the port, so this loop keeps renewing its leases meanwhile.
// Messages: out { kind: 'started' } once the workers run; in 'stop', out { kind: 'stopped' } once closed.
import { parentPort, workerData } from 'node:worker_threads';
import type { Settings } from '../infra/config/settings';
import { createLogger } from '../infra/logging/logger';
import { lowerThisThreadPriority } from '../infra/threads/thread-priority';
import type { AnalysisRouteAnswer, AnalysisRouteRunner } from '../commands/analysis/run-analysis-route';
import { openRuntime } from './runtime';
import type { AnalysisJobAsk, AnalysisJobReply } from './workers-thread.compose';

/** The analysis jobs' runner: asks the serving thread's analysis pool over the port. */
function bridgedAnalysisJobs(port: NonNullable<typeof parentPort>): AnalysisRouteRunner {
  const waiting = new Map<number, { resolve(value: AnalysisRouteAnswer): void; reject(error: Error): void }>();
  let next = 1;
  port.on('message', (message: AnalysisJobReply) => {
    if (message?.kind !== 'analysis-job-answer') return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.ok) pending.resolve(message.value as AnalysisRouteAnswer);
    else pending.reject(Object.assign(new Error(message.error.message), message.error.stack ? { stack: message.error.stack } : {}));
  });
  return (call) => new Promise<AnalysisRouteAnswer>((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    port.postMessage({ kind: 'analysis-job', id, call } satisfies AnalysisJobAsk);
  });
}

async function start(port: NonNullable<typeof parentPort>, settings: Settings, bridged: boolean): Promise<void> {
  const logger = createLogger({ level: settings.logLevel });
  const runtime = await openRuntime(settings, logger, bridged ? { analysisJobRuns: bridgedAnalysisJobs(port) } : {});
  let stopping = false;
  port.on('message', (message: unknown) => {
    if (message !== 'stop' || stopping) return;
    stopping = true;
    runtime.close()
      .catch((err) => logger.warn({ err }, 'closing the workers thread failed'))
      .finally(() => port.postMessage({ kind: 'stopped' }));
  });
  await runtime.startWorkers();
  port.postMessage({ kind: 'started' });
  // Waits for the scheduler lease (exactly one scheduler runs); losing it ends this thread with code 1,
  // which ends the process (workers-thread.compose.ts), as it ends a `serve` without the thread.
  runtime.startScheduler().catch((err) => logger.error({ err }, 'scheduler failed'));
}

if (parentPort) {
  const port = parentPort;
  // Below the serving loop's priority, as the analysis threads: /api/health first when both want a core.
  lowerThisThreadPriority();
  const data = workerData as { settings: Settings; bridged: boolean };
  start(port, data.settings, data.bridged).catch((error: unknown) => {
    // An uncaught error ends the thread; the host reports it (and the process exits).
    throw error;
  });
}
