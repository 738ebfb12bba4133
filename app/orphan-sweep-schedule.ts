// The orphaned-run sweep's timer (commands/workspace/reconcile-orphaned-runs.ts). Started by the
// runtime's startScheduler, under the scheduler lease, so one process sweeps: once at start (which
// also picks up runs orphaned before submissions became atomic), then every interval.
import { newCommandContext } from '../commands/shared/command-context';
import { reconcileOrphanedRuns } from '../commands/workspace/reconcile-orphaned-runs';
import type { Clock } from '../infra/clock/clock';
import type { Database } from '../infra/db/database';
import type { EventStore } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logging/logger';
import { jobStatusQueries } from '../projections/jobs/job-status.queries';
import { runsQueries } from '../projections/workspace/runs.queries';

export const ORPHAN_SWEEP_INTERVAL_MS = 60_000;

export interface OrphanSweepRuntime {
  store: EventStore;
  db: Pick<Database, 'knex'>;
  clock: Clock;
  logger: Logger;
}

/** Starts the sweep (one run at once, then every interval); returns its stop function, which waits for a sweep in flight. */
export function startOrphanSweep(runtime: OrphanSweepRuntime, intervalMs = ORPHAN_SWEEP_INTERVAL_MS): () => Promise<void> {
  const logger = runtime.logger.child({ duty: 'orphaned-run-sweep' });
  const deps = { store: runtime.store, runs: runsQueries(runtime.db.knex), jobs: jobStatusQueries(runtime.db.knex) };
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    const context = newCommandContext(runtime.clock, { kind: 'system', id: 'orphaned-run-sweep' });
    running = reconcileOrphanedRuns(deps, context)
      .then(({ queued }) => { if (queued.length > 0) logger.warn({ runIds: queued }, 'runs had no job (submission interrupted): their jobs are queued now'); })
      .catch((err) => logger.warn({ err }, 'orphaned-run sweep failed'))
      .finally(() => { busy = false; });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
