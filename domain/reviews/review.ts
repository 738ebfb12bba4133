// A run's review history: every save of a candidate's decision is an event (append-only). The stream
// belongs to the run's owner (runs are per researcher), so its revision is the ETag of the review state.
// Events are never changed or removed: undoing a save (e.g. of reviews carried over from an earlier run)
// is a ReviewWithdrawn event of its own, after which the candidate reads as unreviewed again while the
// history (and an audit replay) still shows both the save and its withdrawal. The same stream holds the
// run's carry-over decisions (carry-over.ts), which the review fold passes over.
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

export type ReviewSavedEvent = DomainEvent<'ReviewSaved', ReviewInput & {
  runId: string;
  researcherId: string;
  /** The candidate's previous decision in this run, if any (so history reads on its own). */
  previousDecision: Decision | null;
  at: string;
}>;

/** A candidate's current review taken back: the candidate is unreviewed in this run again. */
export type ReviewWithdrawnEvent = DomainEvent<'ReviewWithdrawn', {
  runId: string;
  researcherId: string;
  candidateId: string;
  candidateType: CandidateKind;
  /** The decision that was withdrawn (so history reads on its own). */
  previousDecision: Decision;
  /** Why, in the researcher's words or the dashboard's (e.g. "undo of the carry-over from run X"). */
  reason: string;
  at: string;
}>;

export type ReviewEvent = ReviewSavedEvent | ReviewWithdrawnEvent;

/** v2: every save carries changedMind; review-saved-v1.ts says why and lifts v1 saves. */
export const REVIEW_EVENT_SCHEMAS: EventSchemas<ReviewEvent['type']> = {
  ReviewSaved: { current: 2, upcasters: { 1: reviewSavedV1ToV2 } },
  ReviewWithdrawn: { current: 1 },
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

/** Withdraws the current reviews of these candidates, all or none (one undo is one decision). */
export interface WithdrawReviews {
  type: 'WithdrawReviews';
  runId: string;
  researcherId: string;
  candidateIds: string[];
  reason: string;
  at: string;
}

export type ReviewCommand = SaveReview | WithdrawReviews;

export const initialReviewState: ReviewState = { candidates: {} };

export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  // The stream also holds the run's carry-over decisions (carry-over.ts): they change no review.
  if ((event as { type: string }).type !== 'ReviewSaved' && event.type !== 'ReviewWithdrawn') return state;
  if (event.type === 'ReviewWithdrawn') {
    const { [event.data.candidateId]: _withdrawn, ...rest } = state.candidates;
    return { runId: event.data.runId, researcherId: event.data.researcherId, candidates: rest };
  }
  const { runId, researcherId, previousDecision: _previous, at, ...input } = event.data;
  const prior = state.candidates[input.candidateId];
  return {
    runId,
    researcherId,
    candidates: { ...state.candidates, [input.candidateId]: { ...input, updatedAt: at, saves: (prior?.saves ?? 0) + 1 } },
  };
}

export function decideReview(command: ReviewCommand, state: ReviewState): ReviewEvent[] {
  if (state.researcherId && state.researcherId !== command.researcherId) {
    throw new DomainError('not_owner', 'only the run\'s owner reviews it');
  }
  if (command.type === 'WithdrawReviews') return decideWithdrawal(command, state);
  const prior = state.candidates[command.candidateId];
  if (prior && prior.candidateType !== command.candidateType) {
    throw new DomainError('candidate_type_mismatch', `${command.candidateId} is a ${prior.candidateType}`);
  }
  const { type: _type, ...data } = command;
  return [{ type: 'ReviewSaved', data: { ...data, previousDecision: prior?.decision ?? null } }];
}

function decideWithdrawal(command: WithdrawReviews, state: ReviewState): ReviewWithdrawnEvent[] {
  const ids = [...new Set(command.candidateIds)];
  if (ids.length === 0) throw new DomainError('nothing_to_withdraw', 'name at least one candidate');
  const unreviewed = ids.filter((id) => !state.candidates[id]);
  if (unreviewed.length > 0) throw new DomainError('not_reviewed', `no current review to withdraw: ${unreviewed.join(', ')}`);
  const { runId, researcherId, reason, at } = command;
  return ids.map((candidateId) => {
    const review = state.candidates[candidateId]!;
    return { type: 'ReviewWithdrawn', data: { runId, researcherId, candidateId, candidateType: review.candidateType, previousDecision: review.decision, reason, at } };
  });
}

export const reviewDecider: Decider<ReviewCommand, ReviewEvent, ReviewState> = {
  initialState: initialReviewState,
  evolve: evolveReview,
  decide: decideReview,
};

export function reviewStreamId(runId: string): string {
  return `review-${runId}`;
}
