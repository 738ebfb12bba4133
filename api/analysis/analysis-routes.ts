// The synchronous GET routes of the analysis modules (spec §4.6): parse, call the route's use case, map its
// outcome: ok 200, not_found 404, not_available 409 {detail, error_type: "ModuleNotAvailableError"},
// invalid 422 (the registry already answers 422 for what the schema catches).
import type { AnalysisDeps, AnalysisModule } from '../../commands/analysis/analysis-module';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import type { RouteDefinition } from '../http/registry';

const conflict = {
  description: 'The module cannot run here: a tool or the data its method needs is missing (detail names it); never a fake result',
  schema: { type: 'object', properties: { detail: { type: 'string' }, error_type: { const: 'ModuleNotAvailableError' } }, required: ['detail', 'error_type'] },
};
const notFound = { description: 'Unknown disease, gene or compound (detail names it)', schema: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } };

export function analysisRoutes(modules: readonly AnalysisModule[], deps: AnalysisDeps): RouteDefinition[] {
  return modules.flatMap((module) => module.routes.map((route): RouteDefinition => ({
    method: 'get', path: route.path, operationId: route.operationId, summary: route.summary,
    description: `${route.description} Also a job: POST /api/jobs/${module.id}${module.aliases.length ? ` (alias ${module.aliases.join(', ')})` : ''}.`,
    tags: ['analysis'], access: 'public',
    ...(route.params ? { params: route.params } : {}),
    query: route.query,
    responses: { 200: { description: module.title, schema: route.resultSchema }, 404: notFound, 409: conflict },
    handler: async ({ params, query, res }) => {
      const availability = module.availability?.(deps) ?? { available: true };
      if (!availability.available) return void res.status(409).json({ detail: availability.reason, error_type: 'ModuleNotAvailableError' });
      const controller = new AbortController();
      const outcome = await route.run(deps, { ...query, ...params }, { progress: async () => undefined, signal: controller.signal });
      if (outcome.kind === 'ok') return void res.json(outcome.result);
      if (outcome.kind === 'not_found') return void res.status(404).json({ detail: outcome.detail });
      if (outcome.kind === 'not_available') return void res.status(409).json({ detail: outcome.reason, error_type: 'ModuleNotAvailableError' });
      throw new RequestValidationError(outcome.details);
    },
  })));
}
