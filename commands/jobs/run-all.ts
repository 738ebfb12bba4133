// POST /api/jobs/run-all: the full pipeline, every registered module in turn (or at once with
// parallel=true). One module's failure is recorded in `errors` and does not stop the others.
import { validate } from '../../domain/shared/schema-validation';
import type { ModuleDefinition, ModuleRegistry, ModuleRunContext } from './module-registry';
import { writeReport } from './report-writer';

export const RUN_ALL = 'run-all';

export const runAllQuerySchema = {
  type: 'object',
  properties: {
    disease_id: { type: 'string', pattern: '^[a-z0-9_]{1,64}$', default: 'sle' },
    full: { type: 'boolean', default: false, description: 'Run every module, including the slow ones' },
    parallel: { type: 'boolean', default: false, description: 'Run modules concurrently' },
    skip_ml: { type: 'boolean', default: false, description: 'Leave out the ml module' },
    export_html: { type: 'boolean', default: false, description: 'Write an HTML report per module' },
    no_cache: { type: 'boolean', default: false, description: 'Bypass source caches' },
  },
  additionalProperties: false,
};

export interface RunAllResult {
  modules_completed: string[];
  errors: Record<string, string>;
  report_paths?: Record<string, string>;
}

export function runAllModule(registry: ModuleRegistry, reportsDir: string): ModuleDefinition {
  return {
    id: RUN_ALL,
    title: 'Full pipeline',
    description: 'Runs every registered module and reports which completed and which failed.',
    querySchema: runAllQuerySchema,
    contract: {
      description: 'Completed module ids, per-module errors, and report paths when export_html=true.',
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
    async run({ params }, context) {
      // A module with its own submission (the Workspace) needs a researcher's requested run: not a step here.
      const modules = registry.list().filter((m) => !m.ownSubmission && !(params.skip_ml === true && m.id === 'ml'));
      const result: RunAllResult = { modules_completed: [], errors: {}, ...(params.export_html ? { report_paths: {} } : {}) };
      let done = 0;
      const runOne = async (module: ModuleDefinition) => {
        try {
          const outcome = await runModule(module, params, context);
          result.modules_completed.push(module.id);
          if (result.report_paths) result.report_paths[module.id] = writeReport(reportsDir, module, context.jobId, outcome);
        } catch (error) {
          if (context.signal.aborted) throw error;
          result.errors[module.id] = error instanceof Error ? error.message.slice(0, 500) : String(error);
        }
        done++;
        await context.progress((done / Math.max(1, modules.length)) * 100, `${done}/${modules.length} modules (${module.id})`);
      };
      if (params.parallel === true) await Promise.all(modules.map(runOne));
      else for (const module of modules) await runOne(module);
      result.modules_completed.sort();
      return result;
    },
  };
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
