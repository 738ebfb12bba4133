// POST /api/jobs/run-all: the full pipeline over the registered modules (docs/operations.md, "run-all").
// The default set is every registered module except the Workspace (it needs a question and a researcher),
// the on-demand tools (they need a person's input: a search query, text to extract from) and the slow
// ones; full=true adds the slow ones, skip_ml=true drops the machine-learning ones. Modules run one at a time, or with parallel=true at most max_parallel at once. One module's failure is recorded
// in `errors` and does not stop the others; the job fails only when no module completed.
import { validate, withSchemaDefaults } from '../../domain/shared/schema-validation';
import type { ModuleDefinition, ModuleRegistry, ModuleRunContext } from './module-registry';
import { writeReport } from './report-writer';
import { DISEASE_MODULE_ID_PATTERN } from '../../domain/diseases/disease-id-patterns';

export const RUN_ALL = 'run-all';

/**
 * Slow modules, run only with full=true: link prediction trains a model on the whole graph before it
 * predicts, virtual screening docks every ligand (minutes with AutoDock Vina). Matched by id or alias, so
 * a module that registers later under one of these names is treated the same way.
 */
export const SLOW_MODULES: readonly string[] = ['link-prediction', 'virtual-screening', 'ml', 'screening'];

/** Machine-learning modules that skip_ml=true leaves out (the trained link predictor, alias `ml`). */
export const ML_MODULES: readonly string[] = ['link-prediction', 'ml'];

/**
 * Tools that answer a person's input rather than analyse a disease: left out of run-all. Besides these,
 * any module with a required parameter that has no default (semantic search's `query`) is left out; LLM
 * extraction needs text or PMIDs (one of the two), which its schema cannot require.
 */
export const ON_DEMAND_MODULES: readonly string[] = ['llm-extraction'];

/** A required query parameter without a default: only the person asking can supply it. */
export function needsInput(module: Pick<ModuleDefinition, 'querySchema'>): boolean {
  const properties = (module.querySchema.properties ?? {}) as Record<string, { default?: unknown }>;
  return ((module.querySchema.required ?? []) as string[]).some((name) => properties[name]?.default === undefined);
}

export const DEFAULT_MAX_PARALLEL = 2;

export const runAllQuerySchema = {
  type: 'object',
  properties: {
    disease_id: { type: 'string', pattern: DISEASE_MODULE_ID_PATTERN, default: 'sle' },
    full: { type: 'boolean', default: false, description: `Also run the slow modules (${SLOW_MODULES.join(', ')})` },
    parallel: { type: 'boolean', default: false, description: 'Run modules concurrently, at most max_parallel at once' },
    max_parallel: { type: 'integer', minimum: 1, maximum: 8, default: DEFAULT_MAX_PARALLEL, description: 'With parallel=true: modules running at once' },
    skip_ml: { type: 'boolean', default: false, description: `Leave out the machine-learning modules (${ML_MODULES.join(', ')})` },
    export_html: { type: 'boolean', default: false, description: 'Write an HTML report per module; its path is in report_paths' },
    no_cache: { type: 'boolean', default: false, description: 'Bypass source caches (passed to the modules that take it)' },
  },
  additionalProperties: false,
};

/** run-all's query with the schema's defaults filled (withSchemaDefaults). */
type RunAllParams = Record<string, unknown> & { parallel: boolean; max_parallel: number; export_html: boolean };

export interface RunAllResult {
  modules_completed: string[];
  errors: Record<string, string>;
  report_paths?: Record<string, string>;
}

const named = (module: ModuleDefinition, names: readonly string[]) => [module.id, ...(module.aliases ?? [])].some((n) => names.includes(n));

/** The modules one run-all runs, in id order. */
export function runAllSelection(registry: ModuleRegistry, params: Record<string, unknown>): ModuleDefinition[] {
  return registry.list().filter((m) => !m.ownSubmission && !named(m, ON_DEMAND_MODULES) && !needsInput(m)
    && (params.full === true || !named(m, SLOW_MODULES))
    && !(params.skip_ml === true && named(m, ML_MODULES)));
}

export function runAllModule(registry: ModuleRegistry, reportsDir: string): ModuleDefinition {
  return {
    id: RUN_ALL,
    title: 'Full pipeline',
    description: 'Runs the default module set (full=true adds the slow ones) and reports which completed and which failed.',
    querySchema: runAllQuerySchema,
    contract: {
      description: 'Completed module ids, per-module errors, and report paths when export_html=true. FAILURE when no module completed.',
      resultSchema: {
        type: 'object',
        properties: {
          modules_completed: { type: 'array', items: { type: 'string' } },
          errors: { type: 'object', additionalProperties: { type: 'string' } },
          report_paths: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['modules_completed', 'errors'],
      },
    },
    availability: () => ({ available: true }),
    run: ({ params }, context) => {
      const filled = withSchemaDefaults<RunAllParams>(runAllQuerySchema, params);
      return runAll(runAllSelection(registry, filled), filled, context, reportsDir);
    },
  };
}

async function runAll(modules: ModuleDefinition[], params: RunAllParams, context: ModuleRunContext, reportsDir: string): Promise<RunAllResult> {
  const result: RunAllResult = { modules_completed: [], errors: {}, ...(params.export_html === true ? { report_paths: {} } : {}) };
  let done = 0;
  const runOne = async (module: ModuleDefinition) => {
    await runStep(module, params, context, reportsDir, result);
    done++;
    await context.progress((done / Math.max(1, modules.length)) * 100, `${done}/${modules.length} modules (${module.id})`);
  };
  const width = params.parallel ? params.max_parallel : 1;
  await withConcurrency(modules, width, runOne);
  result.modules_completed.sort();
  if (result.modules_completed.length === 0) throw new RunAllFailed(modules.length, result.errors);
  return result;
}

/** Runs one module into `result`: its id in modules_completed (and its report), or its error. */
async function runStep(module: ModuleDefinition, params: Record<string, unknown>, context: ModuleRunContext, reportsDir: string, result: RunAllResult): Promise<void> {
  try {
    const output = await runModule(module, params, context);
    await context.recordResult?.(module.id, params, output);
    result.modules_completed.push(module.id);
    if (result.report_paths) result.report_paths[module.id] = writeReport(reportsDir, module, context.jobId, output);
  } catch (error) {
    if (context.signal.aborted) throw error;
    result.errors[module.id] = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 500) : String(error).slice(0, 500);
  }
}

export class RunAllFailed extends Error {
  override name = 'RunAllFailed';
  constructor(selected: number, readonly errors: Record<string, string>) {
    super(selected === 0
      ? 'no module to run: the selection (full, skip_ml) is empty'
      : `no module completed: ${Object.entries(errors).map(([id, e]) => `${id}: ${e}`).join('; ')}`);
  }
}

/** At most `width` of `items` in flight at once, each started as soon as a slot frees. */
export async function withConcurrency<T>(items: readonly T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, lane));
}

async function runModule(module: ModuleDefinition, shared: Record<string, unknown>, context: ModuleRunContext): Promise<unknown> {
  const availability = module.availability();
  if (!availability.available) throw new Error(`not available: ${availability.reason}`);
  const params: Record<string, unknown> = {};
  const known = Object.keys((module.querySchema.properties as Record<string, unknown> | undefined) ?? {});
  for (const key of known) if (key in shared) params[key] = shared[key];
  const problems = validate(module.querySchema, params, 'query');
  if (problems.length > 0) throw new Error(`invalid parameters: ${problems.map((p) => `${p.loc.join('.')} ${p.msg}`).join('; ')}`);
  // Sub-modules share the job's signal but not its progress bar.
  return module.run({ params }, { ...context, progress: async () => undefined });
}
