// Saved Workspace runs (spec §4.5): list, load (request, dossier, HTML, status), delete. Every route
// acts for the researcher principal; another researcher's run is answered like a missing one (404).
import { changeRun, loadRun } from '../../commands/workspace/run-commands';
import { DomainError } from '../../domain/shared/decider';
import { reviewStreamId } from '../../domain/reviews/review';
import { StreamDeletedError } from '../../infra/event-store/event-store';
import type { Runtime } from '../../app/runtime';
import { BlobStore } from '../../infra/blobs/blob-store';
import { RUNS_TABLE } from '../../projections/workspace/runs.tables';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { requestCommandContext } from '../middleware/correlation';
import { detailSchema } from '../jobs/job.schemas';

const runIdParams = {
  type: 'object',
  properties: { run_id: { type: 'string', format: 'uuid' } },
  required: ['run_id'],
};

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

export function workspaceRunRoutes(runtime: Runtime): RouteDefinition[] {
  const blobs = new BlobStore(runtime.db.knex);
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
        const owned = runtime.db.knex(RUNS_TABLE).where({ researcher_id: principal!.id });
        const [counted] = await owned.clone().count<{ n: string }[]>('* as n');
        const rows = await owned.clone().orderBy([{ column: 'requested_at', order: 'desc' }, { column: 'run_id' }])
          .limit(query.limit).offset(query.offset)
          .select('run_id', 'disease_id', 'question', 'status', 'requested_at', 'finished_at', 'summary', 'source_statuses');
        res.json({ runs: rows.map(toSummary), total: Number(counted?.n ?? 0), limit: query.limit, offset: query.offset });
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
        // The stream, not the read model: a run is readable the moment it exists.
        const run = await loadRun(runtime.store, params.run_id);
        if (run.phase === 'none' || run.phase === 'deleted' || run.researcherId !== principal!.id) {
          res.status(404).json({ detail: 'no such run' });
          return;
        }
        res.json({
          run_id: params.run_id,
          status: run.phase === 'requested' ? 'running' : run.phase,
          request: run.request,
          source_statuses: run.sources,
          dossier: run.dossierHash ? await blobs.getJson(run.dossierHash) : null,
          html: run.htmlHash ? await blobs.getText(run.htmlHash) : null,
          error: run.error ?? null,
        });
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
        try {
          await changeRun(runtime.store, params.run_id, { type: 'DeleteRun', researcherId: principal!.id, at: new Date().toISOString() },
            requestCommandContext(req, eventPrincipal(principal!)));
          // Its review history goes with it: the stream is tombstoned, the read models drop it on RunDeleted.
          await runtime.store.tombstone(reviewStreamId(params.run_id)).catch((error) => {
            if (!(error instanceof StreamDeletedError)) throw error;
          });
        } catch (error) {
          if (error instanceof DomainError && error.code === 'run_not_found') {
            res.status(404).json({ detail: 'no such run' });
            return;
          }
          throw error;
        }
        res.status(204).end();
      },
    },
  ];
}

function toSummary(row: Record<string, unknown>) {
  return {
    run_id: row.run_id,
    disease_id: row.disease_id,
    question: row.question,
    status: row.status,
    requested_at: iso(row.requested_at),
    finished_at: row.finished_at ? iso(row.finished_at) : null,
    summary: row.summary ?? null,
    source_statuses: row.source_statuses ?? [],
  };
}

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}
