// Job submission and status (spec §4.4): POST /api/jobs/{module_id} for every module and legacy
// alias, POST /api/jobs/run-all, GET /api/jobs/{job_id}. Streams are in job-streams.ts.
import type { JobStatusReader } from '../../commands/jobs/read-job-status';
import type { ModuleRegistry } from '../../commands/jobs/module-registry';
import { runAllQuerySchema } from '../../commands/jobs/run-all';
import { submitModuleJob } from '../../commands/jobs/submit-module-job';
import { submitRunAll } from '../../commands/jobs/submit-run-all';
import { jobClient, PendingJobCap } from '../../commands/jobs/pending-job-cap';
import { normaliseIp } from '../auth/principal-resolver';
import { tooManyPending, tooManyPendingResponse } from './too-many-pending';
import { jobStatusView } from '../../domain/jobs/job-status';
import type { EventStore } from '../../infra/event-store/event-store';
import { eventPrincipal } from '../auth/principal';
import type { RouteContext, RouteDefinition } from '../http/registry';
import { requestCommandContext } from '../middleware/correlation';
import { detailSchema, jobIdParams, jobStatusSchema, jobSubmissionSchema, moduleBlockedSchema, moduleIdParams } from './job.schemas';

const SYSTEM_PRINCIPAL = { kind: 'system' as const, id: 'api' };

export interface JobRouteDeps {
  store: EventStore;
  modules: Pick<ModuleRegistry, 'find'>;
  pendingCap?: PendingJobCap;
  readJob: JobStatusReader;
}

/** Anonymous submissions (no researcher) are recorded as the API acting on its own. */
function submission(context: RouteContext) {
  const principal = context.principal ? eventPrincipal(context.principal) : SYSTEM_PRINCIPAL;
  return {
    command: requestCommandContext(context.req, principal),
    ...(context.principal ? { researcherId: context.principal.id } : {}),
    client: jobClient(context.principal?.id, normaliseIp(context.req.ip ?? context.req.socket.remoteAddress ?? 'unknown')),
  };
}

function queued(context: RouteContext, jobId: string, module: string) {
  context.req.log.info({ jobId, module }, 'job submitted');
  context.res.status(202).json({ job_id: jobId, status: 'PENDING', module });
}

export function jobRoutes(deps: JobRouteDeps): RouteDefinition[] {
  const submissionResponses = {
    202: { description: 'Queued: poll GET /api/jobs/{job_id} or follow its WebSocket or SSE stream', schema: jobSubmissionSchema },
    429: tooManyPendingResponse,
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
      handler: async (context) => {
        const { command, researcherId, client } = submission(context);
        const result = await submitRunAll(deps.store, command, { params: context.query, client, ...(researcherId ? { researcherId } : {}) }, deps.pendingCap);
        if (result.kind === 'too_many_pending') tooManyPending(context.res, result);
        else queued(context, result.jobId, result.module);
      },
    },
    {
      method: 'post',
      path: '/api/jobs/{module_id}',
      operationId: 'submitModuleJob',
      summary: 'Queue any registry module (or a legacy alias such as gwas, enrichment, ppi, literature, screening, trials, ml, synergy, safety)',
      description: 'Query parameters are the module\'s own (see /api/system/modules) plus disease_id (default sle) and export_html; a module that takes a body (the Workspace) validates it. Unknown module: 404. A blocked module: 409 ModuleNotAvailableError. The Workspace is queued through POST /api/jobs/workspace only (however its name is spelled or encoded).',
      tags: ['jobs'],
      principal: 'optional',
      acceptsBody: true, // the module's own body schema is checked by submitModuleJob
      params: moduleIdParams,
      query: { type: 'object', additionalProperties: true, description: 'Module-specific; validated against the module\'s schema' },
      responses: {
        ...submissionResponses,
        404: { description: 'No module with that id or alias', schema: detailSchema },
        409: { description: 'The module is not available', schema: moduleBlockedSchema },
      },
      handler: async (context) => {
        const { command, researcherId, client } = submission(context);
        const result = await submitModuleJob(deps, command, {
          moduleId: context.params.module_id, query: context.query, body: context.req.body, client, ...(researcherId ? { researcherId } : {}),
        });
        switch (result.kind) {
          case 'not_found':
            context.res.status(404).json({ detail: `unknown module ${result.moduleId}` });
            return;
          case 'own_submission':
            // Reached only under another name of such a module: its own id routes to its own route (canonical-job-path.ts).
            context.res.status(404).json({ detail: `module ${result.moduleId} is queued through POST /api/jobs/${result.moduleId}` });
            return;
          case 'not_available':
            context.res.status(409).json({ detail: `module ${result.moduleId} is not available: ${result.reason}`, error_type: 'ModuleNotAvailableError' });
            return;
          case 'invalid':
            context.res.status(422).json({ detail: result.details });
            return;
          case 'too_many_pending':
            tooManyPending(context.res, result);
            return;
          case 'submitted':
            queued(context, result.jobId, result.module);
        }
      },
    },
    {
      method: 'get',
      path: '/api/jobs/{job_id}',
      operationId: 'getJobStatus',
      summary: 'Job status',
      description: 'A job a researcher submitted is readable by that researcher only; a job queued without one, by any caller with the API key.',
      tags: ['jobs'],
      access: 'api-key',
      principal: 'optional',
      params: jobIdParams,
      responses: {
        200: { description: 'The job\'s state, with only the fields that state populates', schema: jobStatusSchema },
        404: { description: 'No such job (or another researcher\'s)', schema: detailSchema },
      },
      handler: async ({ params, res, principal }) => {
        const job = await deps.readJob(params.job_id, principal?.id);
        if (!job) {
          res.status(404).json({ detail: 'no such job' });
          return;
        }
        res.json(jobStatusView(job));
      },
    },
  ];
}
