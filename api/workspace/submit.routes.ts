// POST /api/jobs/workspace: queue a dossier for the signed-in researcher. The run's request event is
// appended first (the run id is the job id), then the job; the job's worker computes the dossier.
import { submitJob } from '../../commands/jobs/job-commands';
import { changeRun } from '../../commands/workspace/run-commands';
import { parseResearchRequest, researchRequestBodySchema } from '../../domain/workspace/research-request';
import type { Runtime } from '../../app/runtime';
import { IncompleteDiseaseConfigurationError, UnknownDiseaseError } from '../../infra/diseases/disease-registry';
import { WORKSPACE_MODULE } from '../../processors/workspace/workspace-module';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { jobSubmissionSchema } from '../jobs/job.schemas';
import { requestCommandContext } from '../middleware/correlation';

export function workspaceSubmitRoutes(runtime: Runtime): RouteDefinition[] {
  return [{
    method: 'post',
    path: '/api/jobs/workspace',
    operationId: 'submitWorkspaceJob',
    summary: 'Queue an evidence dossier for the signed-in researcher',
    description: 'Body: a ResearchRequest. A disease id that is not a discovered module, or a module whose required configuration is incomplete, is refused with 422 before any evidence work (the detail names "incomplete disease configuration"). The job result holds `dossier` and `html`; the run is saved under GET /api/workspace/runs.',
    tags: ['workspace', 'jobs'],
    principal: 'required',
    body: researchRequestBodySchema,
    // parseResearchRequest trims, splits and checks every rule at once, so one 422 lists every problem.
    bodyValidation: 'handler',
    responses: { 202: { description: 'Queued', schema: jobSubmissionSchema } },
    handler: async ({ req, res, body, principal }) => {
      const request = parseResearchRequest(body ?? {});
      try {
        runtime.diseases.require(request.disease_id);
      } catch (error) {
        if (error instanceof IncompleteDiseaseConfigurationError || error instanceof UnknownDiseaseError) {
          throw new RequestValidationError([{
            loc: ['body', 'disease_id'],
            msg: error.message,
            type: error instanceof UnknownDiseaseError ? 'unknown_disease' : 'incomplete_disease_configuration',
          }]);
        }
        throw error;
      }
      const context = requestCommandContext(req, eventPrincipal(principal!));
      const runId = context.newId();
      await changeRun(runtime.store, runId, { type: 'RequestRun', runId, researcherId: principal!.id, request, at: context.now.toISOString() }, context);
      await submitJob(runtime.store, context, { jobId: runId, module: WORKSPACE_MODULE, params: {}, body: request, researcherId: principal!.id });
      req.log.info({ runId, disease: request.disease_id, sources: request.sources }, 'workspace run queued');
      res.status(202).json({ job_id: runId, status: 'PENDING', module: WORKSPACE_MODULE });
    },
  }];
}
