// The universal biomedical API (/api/v1, spec §4.2) as one route list for the registry.
import type { Knex } from 'knex';
import type { Settings } from '../../infra/config/settings';
import type { SnapshotQueries } from '../../projections/biomed/snapshots.queries';
import type { RouteDefinition } from '../http/registry';
import { analyticsRoutes } from './analytics.routes';
import { ComparisonRouteDeps, comparisonRoutes } from './comparisons.routes';
import { conditionRoutes } from './conditions.routes';
import { diagnosticsRoutes } from './diagnostics.routes';
import { snapshotRoutes } from './snapshots.routes';

export interface BiomedRouteDeps {
  /** The store's database: content reads (infra/biomed/read). */
  db: Knex;
  snapshots: SnapshotQueries;
  comparisons: ComparisonRouteDeps;
  /** BIOMED_LEGACY_PROJECTION (read on each request): serve the legacy-claim diagnostics. */
  settings: Pick<Settings, 'biomedLegacyProjection'>;
}

export function biomedRoutes(deps: BiomedRouteDeps): RouteDefinition[] {
  return [
    ...conditionRoutes(deps.db), ...snapshotRoutes(deps.snapshots), ...comparisonRoutes(deps.comparisons), ...analyticsRoutes(deps.db),
    ...diagnosticsRoutes({ db: deps.db, settings: deps.settings }),
  ];
}
