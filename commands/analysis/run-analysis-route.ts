// The use case behind every synchronous analysis GET (api/analysis/analysis-routes.ts): find the module's
// route, check the module can run here (its tool), apply its schema's defaults (route-parameters.ts), refuse a
// disease the registry does not know (registry-refused-diseases.ts), run it, return its outcome. The same
// function runs in the request's thread or in an analysis worker thread (app/analysis-threads.compose.ts), so
// the two give identical results; a `busy` answer comes only from the thread pool when its queue is full.
// `answeredBeforeComputing` lets the serving thread give the answers that need no computing itself, so a
// caller with a typo is not queued behind (or shed beside) the heavy analyses.
import { RequestValidationError } from '../../domain/shared/schema-validation';
import type { AnalysisDeps, AnalysisModule, AnalysisOutcome, AnalysisRoute } from './analysis-module';
import { diseaseParameters, registryRefusedDiseases } from './registry-refused-diseases';
import { routeParameters } from './route-parameters';

/** Which route, with its validated input (query and path parameters, defaults applied). Structured-cloneable. */
export interface AnalysisRouteCall { moduleId: string; path: string; input: Record<string, unknown> }

export type AnalysisRouteAnswer = AnalysisOutcome | { kind: 'busy'; retryAfterSeconds: number; detail: string };

export type AnalysisRouteRunner = (call: AnalysisRouteCall) => Promise<AnalysisRouteAnswer>;

type Admission = { kind: 'answered'; outcome: AnalysisOutcome } | { kind: 'admitted'; route: AnalysisRoute; parameters: Record<string, unknown> };

/** Every check that needs no graph and no store, in the order the run has always made them. */
function admit(modules: readonly AnalysisModule[], deps: AnalysisDeps, { moduleId, path, input }: AnalysisRouteCall): Admission {
  const module = modules.find((m) => m.id === moduleId);
  const route = module?.routes.find((r) => r.path === path);
  if (!module || !route) throw new Error(`no analysis route ${moduleId} ${path}`);
  const availability = module.availability?.(deps) ?? { available: true };
  if (!availability.available) return { kind: 'answered', outcome: { kind: 'not_available', reason: availability.reason } };
  let parameters: Record<string, unknown>;
  try {
    parameters = routeParameters(route.query, input);
  } catch (error) {
    if (error instanceof RequestValidationError) return { kind: 'answered', outcome: { kind: 'invalid', details: error.details } };
    throw error;
  }
  const [refused] = registryRefusedDiseases(diseaseParameters(route.query, route.params), parameters, deps.diseases);
  if (refused) return { kind: 'answered', outcome: { kind: 'not_found', detail: refused.detail } };
  return { kind: 'admitted', route, parameters };
}

/** Runs the call in this thread. */
export function analysisRouteRunner(modules: readonly AnalysisModule[], deps: AnalysisDeps): AnalysisRouteRunner {
  return async (call) => {
    const admission = admit(modules, deps, call);
    if (admission.kind === 'answered') return admission.outcome;
    const controller = new AbortController();
    return admission.route.run(deps, admission.parameters, { progress: async () => undefined, signal: controller.signal });
  };
}

/** Answers here what needs no computing (unavailable module, invalid parameters, unknown disease); hands the rest to `compute`. */
export function answeredBeforeComputing(modules: readonly AnalysisModule[], deps: AnalysisDeps, compute: AnalysisRouteRunner): AnalysisRouteRunner {
  return async (call) => {
    const admission = admit(modules, deps, call);
    return admission.kind === 'answered' ? admission.outcome : compute(call);
  };
}
