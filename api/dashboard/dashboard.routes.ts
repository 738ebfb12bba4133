// STUB (to be replaced): the dashboard document at / with its CSP per DASHBOARD_CSP_MODE.
import type { Settings } from '../../infra/config/settings';
import type { RouteDefinition } from '../http/registry';

export function dashboardRoutes(_settings: Settings): RouteDefinition[] {
  return [];
}
