// With the API docs off (OPENAPI_ENABLED unset and DEBUG off, as under `npm start`), /api/docs, /api/redoc
// and /api/openapi.json still answer 404, but say how to turn them on instead of "no route". They stay
// off by default: `npm start` is the deployment-like start, and a deployment publishes its route map
// only when it chooses to.
import type { NextFunction, Request, Response } from 'express';
import type { Settings } from '../../infra/config/settings';

const DOCS_PATH = /^\/api\/(docs|redoc)(\/.*)?$|^\/api\/openapi\.json$/;

export const DOCS_OFF_DETAIL = 'The API docs are off in this deployment. Start the server with OPENAPI_ENABLED=true '
  + '(e.g. `OPENAPI_ENABLED=true npm start`, or `npm run dev`, which sets DEBUG=true) to serve Swagger UI at /api/docs, '
  + 'ReDoc at /api/redoc and the OpenAPI document at /api/openapi.json.';

export function docsOffHint(settings: Settings) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (settings.openapiEnabled || req.method !== 'GET' || !DOCS_PATH.test(req.path)) return next();
    res.status(404).json({ detail: DOCS_OFF_DETAIL });
  };
}
