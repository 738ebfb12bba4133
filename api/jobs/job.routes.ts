// Job submission and status (spec §4.4): POST /api/jobs/{module_id} for every module and legacy
// alias, POST /api/jobs/run-all, GET /api/jobs/{job_id}. Streams are in job-streams.ts.
import { submitJob } from '../../commands/jobs/job-commands';
import { jobStatusView } from '../../domain/jobs/job-status';
import type { Runtime } from '../../app/runtime';
import { COMMON_JOB_QUERY, ModuleDefinition } from '../../processors/jobs/module-registry';
import { RUN_ALL, runAllQuerySchema } from '../../processors/jobs/run-all';
import { eventPrincipal } from '../auth/principal';
import type { RouteContext, RouteDefinition } from '../http/registry';
import { requestCommandContext } from '../middleware/correlation';
import { JsonSchema, RequestValidationError, validate } from '../../domain/shared/schema-validation';
import { detailSchema, jobIdParams, jobStatusSchema, jobSubmissionSchema, moduleBlockedSchema, moduleIdParams } from './job.schemas';
import { readJob } from './job-status-reader';

const SYSTEM_PRINCIPAL = { kind: 'system' as const, id: 'api' };

/** A module's query schema with the parameters every job takes. */
export function moduleQuerySchema(module: ModuleDefinition): JsonSchema {
  return {
    type: 'object',
    properties: { ...COMMON_JOB_QUERY, ...((module.querySchema.properties as object | undefined) ?? {}) },
    required: (module.querySchema.required as string[] | undefined) ?? [],
    additionalProperties: false,
  };
}

async function submit(runtime: Runtime, context: RouteContext, module: string, params: Record<string, unknown>, body?: unknown) {
  const principal = context.principal ? eventPrincipal(context.principal) : SYSTEM_PRINCIPAL;
  const jobId = await submitJob(runtime.store, requestCommandContext(context.req, principal), {
    module, params, ...(body === undefined ? {} : { body }), ...(context.principal ? { researcherId: context.principal.id } : {}),
  });
  context.req.log.info({ jobId, module }, 'job submitted');
  context.res.status(202).json({ job_id: jobId, status: 'PENDING', module });
}

export function jobRoutes(runtime: Runtime): RouteDefinition[] {
  const submissionResponses = {
    202: { description: 'Queued: poll GET /api/jobs/{job_id} or follow its WebSocket or SSE stream', schema: jobSubmissionSchema },
  };
  return [
    {
      method: 'post',
      path: '/api/jobs/run-all',
      operationId: 'submitRunAll',
      summary: 'Queue the full pipeline (every registered module)',
      description: 'The result lists modules_completed, per-module errors, and report_paths when export_html=true.',
      tags: ['jobs'],
      principal: 'optional',
      query: runAllQuerySchema,
      responses: submissionResponses,
      handler: (context) => submit(runtime, context, RUN_ALL, context.query),
    },
    {
      method: 'post',
      path: '/api/jobs/{module_id}',
      operationId: 'submitModuleJob',
      summary: 'Queue any registry module (or a legacy alias such as gwas, enrichment, ppi, literature, screening, trials, ml, synergy, safety)',
      description: 'Query parameters are the module\'s own (see /api/system/modules) plus disease_id (default sle) and export_html; a module that takes a body (the Workspace) validates it. Unknown module: 404. A blocked module: 409 ModuleNotAvailableError.',
      tags: ['jobs'],
      principal: 'optional',
      params: moduleIdParams,
      query: { type: 'object', additionalProperties: true, description: 'Module-specific; validated against the module\'s schema' },
      responses: {
        ...submissionResponses,
        404: { description: 'No module with that id or alias', schema: detailSchema },
        409: { description: 'The module is not available', schema: moduleBlockedSchema },
      },
      handler: async (context) => {
        const module = runtime.modules.find(context.params.module_id);
        if (!module) {
          context.res.status(404).json({ detail: `unknown module ${context.params.module_id}` });
          return;
        }
        runtime.modules.assertAvailable(module);
        const params = { ...context.query };
        const problems = validate(moduleQuerySchema(module), params, 'query');
        let body: unknown;
        if (module.bodySchema) {
          body = context.req.body ?? {};
          problems.push(...validate(module.bodySchema, body, 'body'));
        }
        if (problems.length > 0) throw new RequestValidationError(problems);
        await submit(runtime, context, module.id, params, body);
      },
    },
    {
      method: 'get',
      path: '/api/jobs/{job_id}',
      operationId: 'getJobStatus',
      summary: 'Job status',
      tags: ['jobs'],
      access: 'api-key',
      params: jobIdParams,
      responses: {
        200: { description: 'The job\'s state, with only the fields that state populates', schema: jobStatusSchema },
        404: { description: 'No such job', schema: detailSchema },
      },
      handler: async ({ params, res }) => {
        const job = await readJob(runtime, params.job_id);
        if (!job) {
          res.status(404).json({ detail: 'no such job' });
          return;
        }
        res.json(jobStatusView(job));
      },
    },
  ];
}
