// The operations routes (issue 16: export, cache and disease administration, stats, monitor) wired to the
// runtime's parts: one place, so http-app.ts adds them with one line.
import { exportRoutes } from '../api/export/export.routes';
import { cacheRoutes } from '../api/system/cache.routes';
import { PostgresResponseCache } from '../infra/sources/response-cache';
import { statsRoutes } from '../api/system/stats.routes';
import { diseaseAdminRoutes } from '../api/admin/disease-admin.routes';
import { monitorRoutes } from '../api/monitor/monitor.routes';
import type { PendingJobCap } from '../commands/jobs/pending-job-cap';
import { storeGraphCache } from '../infra/kg/store-graph-cache';
import { activityQueries } from '../projections/operations/activity.queries';
import type { RouteDefinition } from '../api/http/registry';
import { BlobStore } from '../infra/blobs/blob-store';
import { moduleResultQueries } from '../projections/module-results/module-results.queries';
import type { Runtime } from './runtime';

export function operationsRoutes(runtime: Runtime, pendingCap?: PendingJobCap): RouteDefinition[] {
  const blobs = new BlobStore(runtime.db.knex);
  const results = moduleResultQueries(runtime.db.knex);
  return [
    ...exportRoutes({ modules: runtime.modules, results, blobs }),
    ...statsRoutes({ db: runtime.db.knex, graph: () => storeGraphCache(runtime.db.knex).current(), activity: activityQueries(runtime.db.knex), results, store: runtime.store }),
    ...diseaseAdminRoutes({ knex: runtime.db.knex, store: runtime.store, blobs, results, diseases: runtime.diseases, modules: runtime.modules }),
    ...monitorRoutes({ store: runtime.store, ...(pendingCap ? { pendingCap } : {}), diseaseKnown: (id) => runtime.diseases.entry(id)?.module !== undefined, intervalHours: runtime.settings.monitorIntervalHours }),
    ...cacheRoutes({ cache: new PostgresResponseCache(runtime.db.knex), modules: runtime.modules, store: runtime.store }),
  ];
}

