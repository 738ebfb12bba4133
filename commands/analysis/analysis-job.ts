// An analysis module as a job module: its main route's use case run through the bus (progress, time limits,
// export_html), under the module's id and legacy aliases. An outcome other than ok fails the job with the
// same reason the synchronous route gives (404 / 409 ModuleNotAvailableError / 422).
import { RequestValidationError } from '../../domain/shared/schema-validation';
import type { ModuleDefinition } from '../jobs/module-registry';
import { diseaseParameters, registryRefusedDiseases } from './registry-refused-diseases';
import { routeParameters } from './route-parameters';
import type { AnalysisDeps, AnalysisModule } from './analysis-module';
import type { AnalysisRouteRunner } from './run-analysis-route';

export class AnalysisFailedError extends Error {
  constructor(readonly errorType: 'NotFoundError' | 'ModuleNotAvailableError' | 'ValidationError', message: string) {
    super(message);
    this.name = errorType;
  }
}

/**
 * `inThread`: where the analysis GETs compute (the analysis thread pool, app/analysis-threads.compose.ts), so a
 * job's CPU-bound work does not hold the event loop of the process that runs it (issue 23: under
 * WORKERS_IN_PROCESS=true a screening job held /api/health for seconds). Progress is then not reported mid-run.
 */
export function analysisJobModule(module: AnalysisModule, deps: AnalysisDeps, inThread?: AnalysisRouteRunner): ModuleDefinition {
  const main = module.routes[0]!;
  // The job's own parameters (export_html) stay with the job: the route sees what its GET form would.
  const declared = new Set([...Object.keys((main.query.properties as object | undefined) ?? {}), ...Object.keys((main.params?.properties as object | undefined) ?? {})]);
  const routeKeys = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).filter(([key]) => declared.has(key)));
  return {
    id: module.id,
    aliases: module.aliases,
    title: module.title,
    description: `${module.description} Synchronous form: GET ${main.path}.`,
    querySchema: main.query,
    ...(module.bodySchema ? { bodySchema: module.bodySchema } : {}),
    contract: { description: `the result of GET ${main.path}`, resultSchema: main.resultSchema },
    availability: () => module.availability?.(deps) ?? { available: true },
    // Only the main route's own disease parameters: the common job disease_id is ignored by a module that has none.
    refuseParameters: (params) => registryRefusedDiseases(diseaseParameters(main.query, main.params), params, deps.diseases)
      .map(({ parameter, detail, type }) => ({ loc: ['query', parameter], msg: detail, type })),
    async run({ params, body }, context) {
      const raw = module.bodySchema && body !== undefined ? { ...routeKeys(params), body } : routeKeys(params);
      let input: Record<string, unknown>;
      try {
        input = routeParameters(main.query, raw);
      } catch (error) {
        if (error instanceof RequestValidationError) throw new AnalysisFailedError('ValidationError', error.message);
        throw error;
      }
      const outcome = inThread
        ? await inThread({ moduleId: module.id, path: main.path, input: raw })
        : await main.run(deps, input, { progress: context.progress, signal: context.signal });
      if (outcome.kind === 'busy') throw new Error(`analysis thread pool refused a job: ${outcome.detail}`); // a job's call waits, never refused
      if (outcome.kind === 'ok') return outcome.result;
      if (outcome.kind === 'not_found') throw new AnalysisFailedError('NotFoundError', outcome.detail);
      if (outcome.kind === 'not_available') throw new AnalysisFailedError('ModuleNotAvailableError', outcome.reason);
      throw new AnalysisFailedError('ValidationError', outcome.details.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; '));
    },
    renderHtml: (result) => module.renderHtml(result),
  };
}
