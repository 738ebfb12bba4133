// Saved Workspace runs (spec §4.5): list, load (request, dossier, HTML, status), delete. Every route
// acts for the researcher principal; another researcher's run is answered like a missing one (404).
import { deleteRun } from '../../commands/workspace/delete-run';
import { getRun } from '../../commands/workspace/get-run';
import { listRuns } from '../../commands/workspace/list-runs';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { RunsQueries } from '../../projections/workspace/runs.queries';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { requestCommandContext } from '../middleware/correlation';
import { detailSchema } from '../jobs/job.schemas';
import { runIdParams } from './across-runs.schemas';


const runSummarySchema = {
  type: 'object',
  properties: {
    run_id: { type: 'string', format: 'uuid' },
    disease_id: { type: 'string' },
    question: { type: 'string' },
    status: { enum: ['running', 'completed', 'failed'] },
    requested_at: { type: 'string', format: 'date-time' },
    finished_at: { type: ['string', 'null'], format: 'date-time' },
    summary: { type: ['object', 'null'], description: 'fingerprint, evidence and claim counts, top drugs and targets' },
    source_statuses: { type: 'array', items: { type: 'object' } },
  },
  required: ['run_id', 'disease_id', 'question', 'status', 'requested_at'],
};

export interface WorkspaceRunRouteDeps {
  store: EventStore;
  blobs: BlobStore;
  runs: RunsQueries;
}

export function workspaceRunRoutes(deps: WorkspaceRunRouteDeps): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/workspace/runs',
      operationId: 'listRuns',
      summary: 'The researcher\'s saved runs, newest first',
      tags: ['workspace'],
      principal: 'required',
      query: {
        type: 'object',
        properties: {
          limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          offset: { type: 'integer', minimum: 0, default: 0 },
        },
        additionalProperties: false,
      },
      responses: {
        200: {
          description: 'A page of run summaries',
          schema: {
            type: 'object',
            properties: { runs: { type: 'array', items: runSummarySchema }, total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } },
            required: ['runs', 'total', 'limit', 'offset'],
          },
        },
      },
      handler: async ({ principal, query, res }) => {
        res.json(await listRuns(deps.runs, { researcherId: principal!.id, limit: query.limit, offset: query.offset }));
      },
    },
    {
      method: 'get',
      path: '/api/workspace/runs/{run_id}',
      operationId: 'getRun',
      summary: 'One saved run: request, dossier, generated HTML, status',
      tags: ['workspace'],
      principal: 'required',
      params: runIdParams,
      responses: {
        200: {
          description: 'The run',
          schema: {
            type: 'object',
            properties: {
              run_id: { type: 'string' }, status: { enum: ['running', 'completed', 'failed'] }, request: { type: 'object' },
              source_statuses: { type: 'array', items: { type: 'object' } }, dossier: { type: ['object', 'null'] },
              html: { type: ['string', 'null'] }, error: { type: ['string', 'null'] },
            },
            required: ['run_id', 'status', 'request', 'dossier', 'html'],
          },
        },
        404: { description: 'No such run for this researcher', schema: detailSchema },
      },
      handler: async ({ principal, params, res }) => {
        const result = await getRun(deps, { runId: params.run_id, researcherId: principal!.id });
        if (result.kind === 'not_found') {
          res.status(404).json({ detail: 'no such run' });
          return;
        }
        res.json(result.run);
      },
    },
    {
      method: 'delete',
      path: '/api/workspace/runs/{run_id}',
      operationId: 'deleteRun',
      summary: 'Delete a run and its review history',
      description: 'The deletion is itself an event; the run and its reviews leave every read model.',
      tags: ['workspace'],
      principal: 'required',
      params: runIdParams,
      responses: {
        204: { description: 'Deleted' },
        404: { description: 'No such run for this researcher', schema: detailSchema },
      },
      handler: async ({ req, principal, params, res }) => {
        const result = await deleteRun(deps.store, { runId: params.run_id, researcherId: principal!.id }, requestCommandContext(req, eventPrincipal(principal!)));
        if (result.kind === 'not_found') {
          res.status(404).json({ detail: 'no such run' });
          return;
        }
        res.status(204).end();
      },
    },
  ];
}
