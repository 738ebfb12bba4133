// STUB (to be replaced): /api/auth/login, /api/auth/me, /api/auth/logout.
import type { Knex } from 'knex';
import type { Settings } from '../../infra/config/settings';
import type { RouteDefinition } from '../http/registry';

export interface AuthRouteDeps {
  settings: Settings;
  knex: Knex;
}

export function authRoutes(_deps: AuthRouteDeps): RouteDefinition[] {
  return [];
}
