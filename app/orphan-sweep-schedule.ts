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
import { startPeriodicDuty } from './periodic-duty';

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
  const sweep = async () => {
    const context = newCommandContext(runtime.clock, { kind: 'system', id: 'orphaned-run-sweep' });
    const { queued } = await reconcileOrphanedRuns(deps, context);
    if (queued.length > 0) logger.warn({ runIds: queued }, 'runs had no job (submission interrupted): their jobs are queued now');
  };
  return startPeriodicDuty(sweep, intervalMs, logger, 'orphaned-run sweep failed');
}
