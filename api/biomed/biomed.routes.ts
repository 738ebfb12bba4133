// The universal biomedical API (/api/v1, spec §4.2) as one route list for the registry.
import type { Runtime } from '../../app/runtime';
import type { RouteDefinition } from '../http/registry';
import { analyticsRoutes } from './analytics.routes';
import { comparisonRoutes } from './comparisons.routes';
import { conditionRoutes } from './conditions.routes';
import { diagnosticsRoutes } from './diagnostics.routes';
import { snapshotRoutes } from './snapshots.routes';

export function biomedRoutes(runtime: Runtime): RouteDefinition[] {
  return [...conditionRoutes(runtime), ...snapshotRoutes(runtime), ...comparisonRoutes(runtime), ...analyticsRoutes(runtime), ...diagnosticsRoutes(runtime)];
}
