// A run's review history: every save of a candidate's decision is an event (append-only). The stream
// belongs to the run's owner (runs are per researcher), so its revision is the ETag of the review state.
import { Decider, DomainError, DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';
import { reviewSavedV1ToV2 } from './review-saved-v1';

export type Decision = 'pin' | 'reject';
export type CandidateKind = 'drug' | 'target';

export interface ReviewInput {
  candidateId: string;
  candidateType: CandidateKind;
  decision: Decision;
  rationale: string;
  notes: string;
  tags: string[];
  /** The "what changed my mind" entry: why this decision differs from an earlier one. */
  changedMind: string | null;
}

export type ReviewEvent = DomainEvent<'ReviewSaved', ReviewInput & {
  runId: string;
  researcherId: string;
  /** The candidate's previous decision in this run, if any (so history reads on its own). */
  previousDecision: Decision | null;
  at: string;
}>;

/** v2: every save carries changedMind; review-saved-v1.ts says why and lifts v1 saves. */
export const REVIEW_EVENT_SCHEMAS: EventSchemas<ReviewEvent['type']> = {
  ReviewSaved: { current: 2, upcasters: { 1: reviewSavedV1ToV2 } },
};

export interface CandidateReview extends ReviewInput {
  updatedAt: string;
  /** How many saves this candidate has had. */
  saves: number;
}

export interface ReviewState {
  runId?: string;
  researcherId?: string;
  candidates: Record<string, CandidateReview>;
}

export interface SaveReview extends ReviewInput {
  type: 'SaveReview';
  runId: string;
  researcherId: string;
  at: string;
}

export const initialReviewState: ReviewState = { candidates: {} };

export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  const { runId, researcherId, previousDecision: _previous, at, ...input } = event.data;
  const prior = state.candidates[input.candidateId];
  return {
    runId,
    researcherId,
    candidates: { ...state.candidates, [input.candidateId]: { ...input, updatedAt: at, saves: (prior?.saves ?? 0) + 1 } },
  };
}

export function decideReview(command: SaveReview, state: ReviewState): ReviewEvent[] {
  if (state.researcherId && state.researcherId !== command.researcherId) {
    throw new DomainError('not_owner', 'only the run\'s owner reviews it');
  }
  const prior = state.candidates[command.candidateId];
  if (prior && prior.candidateType !== command.candidateType) {
    throw new DomainError('candidate_type_mismatch', `${command.candidateId} is a ${prior.candidateType}`);
  }
  const { type: _type, ...data } = command;
  return [{ type: 'ReviewSaved', data: { ...data, previousDecision: prior?.decision ?? null } }];
}

export const reviewDecider: Decider<SaveReview, ReviewEvent, ReviewState> = {
  initialState: initialReviewState,
  evolve: evolveReview,
  decide: decideReview,
};

export function reviewStreamId(runId: string): string {
  return `review-${runId}`;
}
