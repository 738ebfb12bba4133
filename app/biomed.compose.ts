// Composition of the biomedical store: what its use cases need from the runtime (the database, the
// event log, whether that log lives in the same database, the clock) and what its /api/v1 routes need.
import path from 'node:path';
import type { BiomedRouteDeps } from '../api/biomed/biomed.routes';
import type { BiomedCliServices } from '../cli/commands/biomed';
import type { BiomedDeps } from '../commands/biomed/snapshot-events';
import { recordComparison } from '../commands/biomed/record-comparison';
import { biomedDeps } from './biomed-deps.compose';
import { getResearchRun } from '../infra/biomed/read/research-runs';
import { Clock, systemClock } from '../infra/clock/clock';
import type { Settings } from '../infra/config/settings';
import { Database, openDatabase } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import type { EventStore } from '../infra/event-store/event-store';
import { openEventStore } from './event-store.compose';
import { snapshotQueries } from '../projections/biomed/snapshots.queries';
import type { Runtime } from './runtime';

export { biomedDeps } from './biomed-deps.compose';

export function biomedRouteDeps(runtime: Pick<Runtime, 'settings' | 'db' | 'store' | 'clock'>): BiomedRouteDeps {
  const deps = biomedDeps(runtime.settings, runtime.db, runtime.store, runtime.clock);
  const knex = runtime.db.knex;
  return {
    db: knex,
    snapshots: snapshotQueries(knex),
    comparisons: {
      recordComparison: (input, context) => recordComparison(deps, input, context),
      researchRun: (runId) => getResearchRun(knex, runId),
    },
    settings: runtime.settings,
  };
}

/**
 * The biomed CLI commands' store: the migrated database and the event log the settings choose, without
 * the rest of the runtime (bus, processors, modules). The entry point passes it to
 * `useBiomedCliServices` (cli/commands/biomed.ts).
 */
export const biomedCliServices: BiomedCliServices = {
  async openBiomed(settings) {
    const db = await openDatabase({ url: settings.databaseUrl, pgliteDir: path.join(settings.dataDir, 'pglite') });
    try {
      const applied = await migrateToLatest(db.knex);
      const store: EventStore = openEventStore(settings, db);
      return {
        deps: biomedDeps(settings, db, store, systemClock),
        applied,
        async close() {
          try { await store.close(); } finally { await db.close(); }
        },
      };
    } catch (error) {
      await db.close();
      throw error;
    }
  },
};
