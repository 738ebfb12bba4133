// STUB (to be replaced): /api/openapi.json, /api/docs (Swagger UI), /api/redoc, when OPENAPI_ENABLED.
import type { Settings } from '../../infra/config/settings';
import type { ApiRegistry, RouteDefinition } from '../http/registry';

export function docsRoutes(_registry: ApiRegistry, _settings: Settings): RouteDefinition[] {
  return [];
}
