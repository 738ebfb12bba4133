// Candidate reviews of a saved run (spec §4.5): PUT saves one candidate's decision (an event in the
// run's append-only review history), GET gives the current state with provenance, GET review-events
// the history. The ETag is the review stream's revision; If-Match makes a stale write a 412.
import type { Response } from 'express';
import { decideCarryOver } from '../../commands/reviews/decide-carry-over';
import { getReviewEvents } from '../../commands/reviews/get-review-events';
import { getReviews } from '../../commands/reviews/get-reviews';
import { saveReview, ReviewToSave } from '../../commands/reviews/save-review';
import { withdrawReviews } from '../../commands/reviews/withdraw-reviews';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { detailSchema } from '../jobs/job.schemas';
import { requestCommandContext } from '../middleware/correlation';
import { runIdParams } from './across-runs.schemas';


export const reviewBodySchema = {
  type: 'object',
  properties: {
    candidate_id: { type: 'string', minLength: 1, maxLength: 200, description: 'A candidate_id from the run\'s drug or target rankings' },
    candidate_type: { enum: ['drug', 'target'] },
    decision: { enum: ['pin', 'reject'] },
    rationale: { type: 'string', maxLength: 2000, default: '' },
    notes: { type: 'string', maxLength: 10000, default: '' },
    tags: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 50 }, maxItems: 20, uniqueItems: true, default: [] },
    changed_mind: { type: ['string', 'null'], maxLength: 2000, default: null, description: 'What changed my mind: why this decision differs from an earlier one' },
  },
  required: ['candidate_id', 'candidate_type', 'decision'],
  additionalProperties: false,
};

export const withdrawalBodySchema = {
  type: 'object',
  properties: {
    candidate_ids: {
      type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 }, minItems: 1, maxItems: 200, uniqueItems: true,
      description: 'Candidates whose current review to withdraw: all are withdrawn, or none',
    },
    reason: { type: 'string', minLength: 1, maxLength: 2000, description: 'Why (kept in the history), e.g. "undo of the carry-over from run …"' },
  },
  required: ['candidate_ids', 'reason'],
  additionalProperties: false,
};

export const carryOverBodySchema = {
  type: 'object',
  properties: {
    from_run_id: { type: 'string', format: 'uuid', description: 'The earlier run of the same disease and question whose reviews were offered' },
    declined: { type: 'boolean', description: 'true: do not carry them over into this run; false: offer them again' },
  },
  required: ['from_run_id', 'declined'],
  additionalProperties: false,
};

const carryOverSchema = {
  type: 'object',
  properties: { declined_from_run_id: { type: ['string', 'null'], description: 'The earlier run whose carry-over the researcher declined on this run, or null' } },
  required: ['declined_from_run_id'],
};

const staleSchema = { type: 'object', properties: { detail: { type: 'string' }, current_etag: { type: 'string' } } };

const reviewSchema = {
  type: 'object',
  properties: {
    candidate_id: { type: 'string' }, candidate_type: { enum: ['drug', 'target'] }, decision: { enum: ['pin', 'reject'] },
    rationale: { type: 'string' }, notes: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } },
    changed_mind: { type: ['string', 'null'] }, updated_at: { type: 'string' }, saves: { type: 'integer' },
    provenance: {
      type: 'object',
      properties: { event_id: { type: 'string' }, revision: { type: 'integer' }, saved_by: { type: 'string' }, correlation_id: { type: 'string' } },
    },
  },
  required: ['candidate_id', 'candidate_type', 'decision', 'updated_at', 'provenance'],
};

/** 412: If-Match is malformed or names a history that moved on. */
function sendStale(res: Response, stale: { reason: 'malformed' | 'changed'; currentEtag: string }): void {
  res.status(412).json({
    detail: stale.reason === 'malformed' ? 'If-Match must be an ETag from GET …/reviews' : 'the review history changed since your copy: reload and try again',
    current_etag: stale.currentEtag,
  });
}

/** POST …/reviews/withdrawals: undo saved reviews (ReviewWithdrawn), all or none. */
function withdrawalsRoute(store: EventStore, notFound: (res: Response) => void): RouteDefinition {
  return {
    method: 'post',
    path: '/api/workspace/runs/{run_id}/reviews/withdrawals',
    operationId: 'withdrawReviews',
    summary: 'Undo saved reviews: withdraw the current review of each named candidate (e.g. a saved carry-over)',
    description: 'Appends one ReviewWithdrawn event per candidate, all or none; the saves stay in the history (GET …/review-events shows both, '
      + 'an audit replay too) and the candidates read as unreviewed. Only the caller\'s own reviews. With If-Match (the ETag of GET …/reviews) '
      + 'a history that moved on answers 412; without it the withdrawal applies to the latest state. A candidate with no current review is a 422.',
    tags: ['reviews'],
    principal: 'required',
    params: runIdParams,
    body: withdrawalBodySchema,
    responses: {
      200: {
        description: 'Withdrawn; the new ETag is returned',
        schema: { type: 'object', properties: { etag: { type: 'string' }, withdrawn: { type: 'array', items: { type: 'string' } } }, required: ['etag', 'withdrawn'] },
      },
      404: { description: 'No such run for this researcher', schema: detailSchema },
      412: { description: 'If-Match does not match the current review history', schema: staleSchema },
    },
    handler: async ({ req, res, principal, params, body }) => {
      const { candidate_ids: candidateIds, reason } = body as { candidate_ids: string[]; reason: string };
      const result = await withdrawReviews(store, { runId: params.run_id, researcherId: principal!.id, candidateIds, reason, ifMatch: req.get('if-match') },
        requestCommandContext(req, eventPrincipal(principal!)));
      switch (result.kind) {
        case 'withdrawn':
          res.set('ETag', result.etag).json({ etag: result.etag, withdrawn: result.withdrawn });
          return;
        case 'not_found':
          return void notFound(res);
        case 'stale':
          return void sendStale(res, result);
        case 'invalid':
          throw new RequestValidationError(result.details);
      }
    },
  };
}

/** PUT …/carry-over: the researcher's decision on an earlier run's carry-over (CarryOverDeclined and its withdrawal). */
function carryOverRoute(store: EventStore, notFound: (res: Response) => void): RouteDefinition {
  return {
    method: 'put',
    path: '/api/workspace/runs/{run_id}/carry-over',
    operationId: 'decideCarryOver',
    summary: 'Record whether the reviews of an earlier run of the same question are carried over into this run',
    description: 'declined: true appends a CarryOverDeclined event to the run\'s review stream (every browser then stops offering that carry-over); '
      + 'declined: false takes the decline back (CarryOverDeclineWithdrawn). The same decision again appends nothing. Only the run\'s owner, and '
      + 'from_run_id must be another of the caller\'s runs (else 422). GET …/reviews returns the decision as carry_over.',
    tags: ['reviews'],
    principal: 'required',
    params: runIdParams,
    body: carryOverBodySchema,
    responses: {
      200: {
        description: 'Recorded (or already so); the review history\'s new ETag is returned',
        schema: { type: 'object', properties: { etag: { type: 'string' }, carry_over: carryOverSchema }, required: ['etag', 'carry_over'] },
      },
      404: { description: 'No such run for this researcher', schema: detailSchema },
    },
    handler: async ({ req, res, principal, params, body }) => {
      const { from_run_id: fromRunId, declined } = body as { from_run_id: string; declined: boolean };
      const result = await decideCarryOver(store, { runId: params.run_id, researcherId: principal!.id, fromRunId, declined },
        requestCommandContext(req, eventPrincipal(principal!)));
      if (result.kind === 'not_found') return void notFound(res);
      if (result.kind === 'invalid') throw new RequestValidationError(result.details);
      res.set('ETag', result.etag).json({ etag: result.etag, carry_over: { declined_from_run_id: result.declinedFrom } });
    },
  };
}

export interface ReviewRouteDeps {
  store: EventStore;
  blobs: BlobStore;
}

export function reviewRoutes(deps: ReviewRouteDeps): RouteDefinition[] {
  const { store } = deps;
  const notFound = (res: Response) => void res.status(404).json({ detail: 'no such run' });

  return [
    {
      method: 'get',
      path: '/api/workspace/runs/{run_id}/reviews',
      operationId: 'getReviews',
      summary: 'The caller\'s current review of each candidate of a run, with provenance',
      description: 'The ETag header names the review history\'s revision; send it back as If-Match when saving.',
      tags: ['reviews'],
      principal: 'required',
      params: runIdParams,
      responses: {
        200: {
          description: 'Current reviews',
          headers: { ETag: { description: 'Revision of the review history', schema: { type: 'string' } } },
          schema: {
            type: 'object',
            properties: { run_id: { type: 'string' }, etag: { type: 'string' }, reviews: { type: 'array', items: reviewSchema }, carry_over: carryOverSchema },
            required: ['run_id', 'etag', 'reviews', 'carry_over'],
          },
        },
        404: { description: 'No such run for this researcher', schema: detailSchema },
      },
      handler: async ({ principal, params, res }) => {
        const result = await getReviews(store, { runId: params.run_id, researcherId: principal!.id });
        if (result.kind === 'not_found') return void notFound(res);
        res.set('ETag', result.etag).json({ run_id: params.run_id, etag: result.etag, reviews: result.reviews, carry_over: result.carryOver });
      },
    },
    {
      method: 'put',
      path: '/api/workspace/runs/{run_id}/reviews',
      operationId: 'saveReview',
      summary: 'Save one candidate\'s decision, rationale, notes, tags and what-changed-my-mind entry',
      description: 'Appends a ReviewSaved event. With If-Match (the ETag of GET …/reviews), a history that moved on answers 412 with the current ETag; without it the save applies to the latest state. A candidate that is not in the run\'s rankings is a 422.',
      tags: ['reviews'],
      principal: 'required',
      params: runIdParams,
      body: reviewBodySchema,
      responses: {
        200: { description: 'Saved; the new ETag is returned', schema: { type: 'object', properties: { etag: { type: 'string' }, review: reviewSchema }, required: ['etag', 'review'] } },
        404: { description: 'No such run for this researcher', schema: detailSchema },
        409: { description: 'The run has no dossier yet (still running or failed)', schema: detailSchema },
        412: { description: 'If-Match does not match the current review history', schema: staleSchema },
        503: { description: 'Without If-Match: other saves kept winning for 10 s; retry after Retry-After seconds', schema: detailSchema },
      },
      handler: async ({ req, res, principal, params, body }) => {
        const result = await saveReview(deps, {
          runId: params.run_id, researcherId: principal!.id, review: body as ReviewToSave, ifMatch: req.get('if-match'),
        }, requestCommandContext(req, eventPrincipal(principal!)));
        switch (result.kind) {
          case 'saved':
            res.set('ETag', result.etag).json({ etag: result.etag, review: result.review });
            return;
          case 'not_found':
            return void notFound(res);
          case 'not_reviewable':
            res.status(409).json({ detail: `run is ${result.phase === 'running' ? 'still running' : result.phase}: there are no candidates to review yet` });
            return;
          case 'candidate_not_in_run':
            throw new RequestValidationError([{ loc: ['body', 'candidate_id'], msg: `is not a ${result.candidateType} candidate of this run`, type: 'unknown_candidate' }]);
          case 'stale':
            return void sendStale(res, result);
          case 'invalid':
            throw new RequestValidationError(result.details);
          case 'busy':
            res.set('Retry-After', '1').status(503).json({ detail: 'the review history is busy with other saves: try again shortly' });
            return;
        }
      },
    },
    withdrawalsRoute(store, notFound),
    carryOverRoute(store, notFound),
    {
      method: 'get',
      path: '/api/workspace/runs/{run_id}/review-events',
      operationId: 'getReviewEvents',
      summary: 'The caller\'s append-only review history of a run',
      tags: ['reviews'],
      principal: 'required',
      params: runIdParams,
      responses: {
        200: {
          description: 'Every save and withdrawal (event "saved" or "withdrawn"), oldest first',
          schema: { type: 'object', properties: { run_id: { type: 'string' }, events: { type: 'array', items: { type: 'object' } } }, required: ['run_id', 'events'] },
        },
        404: { description: 'No such run for this researcher', schema: detailSchema },
      },
      handler: async ({ principal, params, res }) => {
        const result = await getReviewEvents(store, { runId: params.run_id, researcherId: principal!.id });
        if (result.kind === 'not_found') return void notFound(res);
        res.json({
          run_id: params.run_id,
          events: result.events,
        });
      },
    },
  ];
}
