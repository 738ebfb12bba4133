// The entry of the serving process's workers thread (app/workers-thread.compose.ts starts it): `evidence serve`
// with WORKERS_IN_PROCESS=true on PostgreSQL runs the projections, processors (jobs: Workspace dossiers, monitor
// snapshots, analysis jobs) and scheduler duties here, in a runtime of its own, instead of on the serving event
// loop. Issue 23: under bench:fuzz a monitor snapshot's or a Workspace job's research pipeline (dossier building,
// entity linking, paths) held /api/health for 150–250 ms at a time. The thread is to the serving thread what a
// `worker` process is to a `serve` process (WORKERS_IN_PROCESS=false): it reaches the same PostgreSQL through
// its own connection pool, and the bus hands it the jobs the serving thread queues. Its analysis jobs still
// compute in an analysis thread pool of its own, so its loop keeps renewing its leases.
// Messages: out { kind: 'started' } once the workers run; in 'stop', out { kind: 'stopped' } once closed.
import { parentPort, workerData } from 'node:worker_threads';
import type { Settings } from '../infra/config/settings';
import { createLogger } from '../infra/logging/logger';
import { lowerThisThreadPriority } from '../infra/threads/thread-priority';
import { openRuntime } from './runtime';

async function start(port: NonNullable<typeof parentPort>, settings: Settings): Promise<void> {
  const logger = createLogger({ level: settings.logLevel });
  const runtime = await openRuntime(settings, logger);
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
  start(port, (workerData as { settings: Settings }).settings).catch((error: unknown) => {
    // An uncaught error ends the thread; the host reports it (and the process exits).
    throw error;
  });
}
