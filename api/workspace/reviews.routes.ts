// Candidate reviews of a saved run (spec §4.5): PUT saves one candidate's decision (an event in the
// run's append-only review history), GET gives the current state with provenance, GET review-events
// the history. The ETag is the review stream's revision; If-Match makes a stale write a 412.
import type { Request, Response } from 'express';
import { loadRun } from '../../commands/workspace/run-commands';
import { handleCommand } from '../../commands/shared/handle-command';
import { DomainError } from '../../domain/shared/decider';
import { reviewDecider, reviewStreamId } from '../../domain/reviews/review';
import type { Dossier } from '../../domain/workspace/dossier-types';
import type { Runtime } from '../../app/runtime';
import { BlobStore } from '../../infra/blobs/blob-store';
import { RecordedEvent, WrongExpectedRevisionError } from '../../infra/event-store/event-store';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { detailSchema } from '../jobs/job.schemas';
import { currentReviews, reviewEventViews } from './workspace-reads';
import { requestCommandContext } from '../middleware/correlation';

const runIdParams = { type: 'object', properties: { run_id: { type: 'string', format: 'uuid' } }, required: ['run_id'] };

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

/** ETag of a review history: its last revision + 1, so an empty history is "0". */
export function reviewEtag(events: readonly RecordedEvent[]): string {
  return `"${events.length === 0 ? 0 : events[events.length - 1]!.revision + 1}"`;
}

export function reviewRoutes(runtime: Runtime): RouteDefinition[] {
  const blobs = new BlobStore(runtime.db.knex);

  /** The caller's run, or undefined (404: missing, deleted, or another researcher's). */
  async function ownedRun(runId: string, researcherId: string) {
    const run = await loadRun(runtime.store, runId);
    if (run.phase === 'none' || run.phase === 'deleted' || run.researcherId !== researcherId) return undefined;
    return run;
  }

  async function history(runId: string): Promise<RecordedEvent[]> {
    return runtime.store.readStream(reviewStreamId(runId));
  }

  const notFound = (res: Response) => res.status(404).json({ detail: 'no such run' });

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
          schema: { type: 'object', properties: { run_id: { type: 'string' }, etag: { type: 'string' }, reviews: { type: 'array', items: reviewSchema } }, required: ['run_id', 'etag', 'reviews'] },
        },
        404: { description: 'No such run for this researcher', schema: detailSchema },
      },
      handler: async ({ principal, params, res }) => {
        if (!(await ownedRun(params.run_id, principal!.id))) return void notFound(res);
        const events = await history(params.run_id);
        const etag = reviewEtag(events);
        res.set('ETag', etag).json({ run_id: params.run_id, etag, reviews: currentReviews(events) });
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
        412: { description: 'If-Match does not match the current review history', schema: { type: 'object', properties: { detail: { type: 'string' }, current_etag: { type: 'string' } } } },
      },
      handler: async ({ req, res, principal, params, body }) => {
        const run = await ownedRun(params.run_id, principal!.id);
        if (!run) return void notFound(res);
        if (run.phase !== 'completed') {
          res.status(409).json({ detail: `run is ${run.phase === 'requested' ? 'still running' : run.phase}: there are no candidates to review yet` });
          return;
        }
        const review = body as { candidate_id: string; candidate_type: 'drug' | 'target'; decision: 'pin' | 'reject'; rationale: string; notes: string; tags: string[]; changed_mind: string | null };
        await assertCandidate(blobs, run.dossierHash!, review.candidate_id, review.candidate_type);
        const expected = parseIfMatch(req);
        if (expected === 'invalid') {
          res.status(412).json({ detail: 'If-Match must be an ETag from GET …/reviews', current_etag: reviewEtag(await history(params.run_id)) });
          return;
        }
        try {
          const result = await handleCommand(runtime.store, reviewStreamId(params.run_id), reviewDecider, {
            type: 'SaveReview', runId: params.run_id, researcherId: principal!.id, at: new Date().toISOString(),
            candidateId: review.candidate_id, candidateType: review.candidate_type, decision: review.decision,
            rationale: review.rationale, notes: review.notes, tags: review.tags, changedMind: review.changed_mind,
          }, requestCommandContext(req, eventPrincipal(principal!)),
          expected === undefined ? { retries: 5 } : { expectedRevision: expected - 1 });
          const etag = `"${result.revision + 1}"`;
          const events = await history(params.run_id);
          const saved = currentReviews(events).find((r) => r.candidate_id === review.candidate_id)!;
          res.set('ETag', etag).json({ etag, review: saved });
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) {
            res.status(412).json({ detail: 'the review history changed since your copy: reload and try again', current_etag: reviewEtag(await history(params.run_id)) });
            return;
          }
          if (error instanceof DomainError) throw new RequestValidationError([{ loc: ['body', 'candidate_type'], msg: error.message, type: error.code }]);
          throw error;
        }
      },
    },
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
          description: 'Every save, oldest first',
          schema: { type: 'object', properties: { run_id: { type: 'string' }, events: { type: 'array', items: { type: 'object' } } }, required: ['run_id', 'events'] },
        },
        404: { description: 'No such run for this researcher', schema: detailSchema },
      },
      handler: async ({ principal, params, res }) => {
        if (!(await ownedRun(params.run_id, principal!.id))) return void notFound(res);
        const events = await history(params.run_id);
        res.json({
          run_id: params.run_id,
          events: reviewEventViews(events),
        });
      },
    },
  ];
}

/** The revision count an If-Match names; undefined without the header; '*' means any. */
function parseIfMatch(req: Request): number | undefined | 'invalid' {
  const header = req.get('if-match');
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  return match ? Number(match[1]) : 'invalid';
}

async function assertCandidate(blobs: BlobStore, dossierHash: string, candidateId: string, candidateType: 'drug' | 'target'): Promise<void> {
  const dossier = await blobs.getJson<Dossier>(dossierHash);
  const rankings = candidateType === 'drug' ? dossier?.drug_rankings : dossier?.target_rankings;
  if (!rankings?.some((r) => r.candidate_id === candidateId)) {
    throw new RequestValidationError([{ loc: ['body', 'candidate_id'], msg: `is not a ${candidateType} candidate of this run`, type: 'unknown_candidate' }]);
  }
}
