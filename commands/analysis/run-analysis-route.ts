// The use case behind every synchronous analysis GET (api/analysis/analysis-routes.ts): find the module's
// route, check the module can run here (its tool), apply its schema's defaults (route-parameters.ts), run
// it, return its outcome. The same function runs in
// the request's thread or in an analysis worker thread (app/analysis-threads.compose.ts), so the two give
// identical results; a `busy` answer comes only from the thread pool when its queue is full.
import { RequestValidationError } from '../../domain/shared/schema-validation';
import type { AnalysisDeps, AnalysisModule, AnalysisOutcome } from './analysis-module';
import { routeParameters } from './route-parameters';

/** Which route, with its validated input (query and path parameters, defaults applied). Structured-cloneable. */
export interface AnalysisRouteCall { moduleId: string; path: string; input: Record<string, unknown> }

export type AnalysisRouteAnswer = AnalysisOutcome | { kind: 'busy'; retryAfterSeconds: number; detail: string };

export type AnalysisRouteRunner = (call: AnalysisRouteCall) => Promise<AnalysisRouteAnswer>;

/** Runs the call in this thread. */
export function analysisRouteRunner(modules: readonly AnalysisModule[], deps: AnalysisDeps): AnalysisRouteRunner {
  return async ({ moduleId, path, input }) => {
    const module = modules.find((m) => m.id === moduleId);
    const route = module?.routes.find((r) => r.path === path);
    if (!module || !route) throw new Error(`no analysis route ${moduleId} ${path}`);
    const availability = module.availability?.(deps) ?? { available: true };
    if (!availability.available) return { kind: 'not_available', reason: availability.reason };
    let parameters: Record<string, unknown>;
    try {
      parameters = routeParameters(route.query, input);
    } catch (error) {
      if (error instanceof RequestValidationError) return { kind: 'invalid', details: error.details };
      throw error;
    }
    const controller = new AbortController();
    return route.run(deps, parameters, { progress: async () => undefined, signal: controller.signal });
  };
}
