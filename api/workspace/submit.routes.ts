// POST /api/jobs/workspace: queue a dossier for the signed-in researcher (commands/workspace/submit-research-run).
import { submitResearchRun, SubmitResearchRunDeps } from '../../commands/workspace/submit-research-run';
import { researchRequestBodySchema } from '../../domain/workspace/research-request';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { jobSubmissionSchema } from '../jobs/job.schemas';
import { tooManyPending, tooManyPendingResponse } from '../jobs/too-many-pending';
import { requestCommandContext } from '../middleware/correlation';

export function workspaceSubmitRoutes(deps: SubmitResearchRunDeps): RouteDefinition[] {
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
    responses: { 202: { description: 'Queued', schema: jobSubmissionSchema }, 429: tooManyPendingResponse },
    handler: async ({ req, res, body, principal }) => {
      const context = requestCommandContext(req, eventPrincipal(principal!));
      const result = await submitResearchRun(deps, context, { body, researcherId: principal!.id });
      if (result.kind === 'invalid') {
        res.status(422).json({ detail: result.details });
        return;
      }
      if (result.kind === 'too_many_pending') {
        tooManyPending(res, result);
        return;
      }
      const { runId, module, request } = result;
      req.log.info({ runId, disease: request.disease_id, sources: request.sources }, 'workspace run queued');
      res.status(202).json({ job_id: runId, status: 'PENDING', module });
    },
  }];
}
