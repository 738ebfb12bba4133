// Across runs (spec §4.5): compare two runs, trends over many, one candidate's history, a run's
// evidence graph, and (review-bundle.routes.ts) the review bundle. Every route acts for the researcher
// principal and reads only the caller's own runs and reviews: another researcher's run answers like a
// missing one (404). A run that has no dossier yet (still running, or failed) answers 409, as saving a
// review of it does.
import { CANDIDATE_HISTORY_RUNS, candidateHistory } from '../../commands/workspace/candidate-history';
import { compareRuns } from '../../commands/workspace/compare-runs';
import { runEvidenceGraph } from '../../commands/workspace/run-evidence-graph';
import { runTrends } from '../../commands/workspace/run-trends';
import type { CandidateKind } from '../../domain/workspace/run-comparison';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { RunsQueries } from '../../projections/workspace/runs.queries';
import type { RouteDefinition } from '../http/registry';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { detailSchema } from '../jobs/job.schemas';
import {
  candidateHistoryQuery, candidateHistoryResponse, compareQuery, compareResponse, graphResponse, runIdParams, trendsQuery, trendsResponse,
} from './across-runs.schemas';
import { reviewBundleRoutes } from './review-bundle.routes';
import { sendUnavailableRun } from './unavailable-run';

const notFound = { description: 'No such run for this researcher (missing, deleted, or another researcher\'s)', schema: detailSchema };
const noDossier = { description: 'The run has no dossier yet: it is still running, or it failed', schema: detailSchema };

export interface AcrossRunsRouteDeps {
  store: EventStore;
  blobs: BlobStore;
  runs: RunsQueries;
}

export function acrossRunsRoutes(deps: AcrossRunsRouteDeps): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/workspace/compare',
      operationId: 'compareRuns',
      summary: 'Compare two of the caller\'s runs: ranking, evidence and review changes',
      description: 'Ranking changes per candidate (left/right score, rank and confidence band; score_delta = right − left; '
        + 'rank_delta = left rank − right rank, positive when the candidate moved up; appeared/disappeared), evidence added '
        + '(right only) and removed (left only) with counts per source, the caller\'s decisions on the same candidates in each run, '
        + 'and both provenance fingerprints. 404 when either run is unknown or not the caller\'s; 409 when either has no dossier yet.',
      tags: ['workspace'],
      principal: 'required',
      query: compareQuery,
      responses: { 200: { description: 'The comparison', schema: compareResponse }, 404: notFound, 409: noDossier },
      handler: async ({ principal, query, res }) => {
        const result = await compareRuns(deps, { left: query.left, right: query.right, researcherId: principal!.id });
        if (result.kind !== 'compared') return void sendUnavailableRun(res, result);
        res.json(result.comparison);
      },
    },
    {
      method: 'get',
      path: '/api/workspace/trends',
      operationId: 'runTrends',
      summary: 'Trends across the caller\'s runs: run summaries, drug and target score series, evidence changes',
      description: 'Runs are the given run_ids (repeat the parameter; each must be the caller\'s, else 404), or by default the caller\'s '
        + 'latest completed runs (optionally of one disease_id, which cannot be combined with run_ids). At most `limit` runs (1–100, '
        + 'default 20): the latest ones, in time order. A given run without a dossier is listed but has no points. Series map each '
        + 'candidate_id to its points; evidence_changes compare each pair of consecutive completed runs.',
      tags: ['workspace'],
      principal: 'required',
      query: trendsQuery,
      responses: { 200: { description: 'Trends, oldest run first', schema: trendsResponse }, 404: notFound },
      handler: async ({ principal, query, res }) => {
        const result = await runTrends(deps, {
          researcherId: principal!.id, limit: query.limit as number,
          ...(query.run_ids ? { runIds: query.run_ids as string[] } : {}), ...(query.disease_id !== undefined ? { diseaseId: query.disease_id } : {}),
        });
        if (result.kind === 'invalid') throw new RequestValidationError(result.details);
        if (result.kind === 'not_found') return void sendUnavailableRun(res, result);
        res.json(result.trends);
      },
    },
    {
      method: 'get',
      path: '/api/workspace/candidate-history',
      operationId: 'candidateHistory',
      summary: 'One candidate across the caller\'s runs: scores, ranks, evidence added and removed, reviews',
      description: `Considers the caller's latest ${CANDIDATE_HISTORY_RUNS} completed runs (of disease_id when given). Lists, oldest first, `
        + 'every run that ranks the candidate and the other runs of the same diseases (present: false, so a disappearance shows); '
        + 'evidence the candidate rests on added and removed between consecutive runs of the same disease; and every save of the '
        + 'caller\'s review of it. A candidate never ranked gives empty lists.',
      tags: ['workspace'],
      principal: 'required',
      query: candidateHistoryQuery,
      responses: { 200: { description: 'The candidate\'s history', schema: candidateHistoryResponse } },
      handler: async ({ principal, query, res }) => {
        res.json(await candidateHistory(deps, {
          researcherId: principal!.id, candidateId: query.candidate_id as string, candidateType: query.candidate_type as CandidateKind,
          ...(query.disease_id !== undefined ? { diseaseId: query.disease_id } : {}),
        }));
      },
    },
    {
      method: 'get',
      path: '/api/workspace/runs/{run_id}/graph',
      operationId: 'runEvidenceGraph',
      summary: 'The evidence graph of a run: candidates, claims, citations, pathways, knowledge-graph paths, the caller\'s decisions',
      description: 'Nodes (id, kind, label; candidates carry rank, score, band and decision; evidence records carry their citation '
        + 'fields) and edges (source, target, relation, kind) whose endpoints are always nodes: claim relations (subject → object), '
        + 'claim → subject/object, evidence → claim, and knowledge-graph path hops with their provenance.',
      tags: ['workspace'],
      principal: 'required',
      params: runIdParams,
      responses: { 200: { description: 'The graph', schema: graphResponse }, 404: notFound, 409: noDossier },
      handler: async ({ principal, params, res }) => {
        const result = await runEvidenceGraph(deps, { runId: params.run_id, researcherId: principal!.id });
        if (result.kind !== 'graph') return void sendUnavailableRun(res, result);
        res.json(result.graph);
      },
    },
    ...reviewBundleRoutes(deps),
  ];
}
