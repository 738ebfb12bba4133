// The synchronous GET routes of the analysis modules (spec §4.6): parse, call the route's use case, map its
// outcome: ok 200, not_found 404, not_available 409 {detail, error_type: "ModuleNotAvailableError"},
// invalid 422 (the registry already answers 422 for what the schema catches), busy 503 with Retry-After
// (every analysis thread is computing and the bounded queue is full: ANALYSIS_THREADS, ANALYSIS_QUEUE_MAX).
import type { AnalysisModule } from '../../commands/analysis/analysis-module';
import type { AnalysisRouteRunner } from '../../commands/analysis/run-analysis-route';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import type { RouteDefinition } from '../http/registry';

const conflict = {
  description: 'The module cannot run here: a tool or the data its method needs is missing (detail names it); never a fake result',
  schema: { type: 'object', properties: { detail: { type: 'string' }, error_type: { const: 'ModuleNotAvailableError' } }, required: ['detail', 'error_type'] },
};
const notFound = { description: 'Unknown disease, gene or compound (detail names it)', schema: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } };

const unavailableNow = {
  description: 'The bundled data is still importing at start-up (detail says how far), or every analysis thread is busy and its queue is full; Retry-After says when to ask again',
  schema: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
  headers: { 'Retry-After': { description: 'Seconds', schema: { type: 'integer' } } },
};

/**
 * `startupPending`: while the start-up seed import runs, what to tell the user (else undefined). Every
 * module then answers 503 with Retry-After: on half-imported data it would answer 404 or 409 "import the
 * resource", or worse, a result computed from part of the data.
 */
export function analysisRoutes(modules: readonly AnalysisModule[], run: AnalysisRouteRunner, startupPending: () => string | undefined = () => undefined): RouteDefinition[] {
  return modules.flatMap((module) => module.routes.map((route): RouteDefinition => ({
    method: 'get', path: route.path, operationId: route.operationId, summary: route.summary,
    description: `${route.description} Also a job: POST /api/jobs/${module.id}${module.aliases.length ? ` (alias ${module.aliases.join(', ')})` : ''}.`,
    tags: ['analysis'], access: 'public',
    ...(route.params ? { params: route.params } : {}),
    query: route.query,
    responses: { 200: { description: module.title, schema: route.resultSchema }, 404: notFound, 409: conflict, 503: unavailableNow },
    handler: async ({ params, query, res }) => {
      const importing = startupPending();
      if (importing) return void res.status(503).set('Retry-After', '5').json({ detail: importing });
      const outcome = await run({ moduleId: module.id, path: route.path, input: { ...query, ...params } });
      if (outcome.kind === 'ok') return void res.json(outcome.result);
      if (outcome.kind === 'not_found') return void res.status(404).json({ detail: outcome.detail });
      if (outcome.kind === 'not_available') return void res.status(409).json({ detail: outcome.reason, error_type: 'ModuleNotAvailableError' });
      if (outcome.kind === 'busy') return void res.status(503).set('Retry-After', String(outcome.retryAfterSeconds)).json({ detail: outcome.detail });
      throw new RequestValidationError(outcome.details);
    },
  })));
}
