// The caller's current review of each candidate of one of their runs, with the history's ETag.
import type { EventStore } from '../../infra/event-store/event-store';
import { loadOwnedRunState } from '../workspace/owned-runs';
import { reviewHistory } from './review-history';
import { CurrentReview, currentReviews } from './review-views';

export interface CarryOverView {
  /** The earlier run whose reviews the researcher chose not to carry over into this run, or null. */
  declined_from_run_id: string | null;
}

export type GetReviewsResult = { kind: 'found'; etag: string; reviews: CurrentReview[]; carryOver: CarryOverView } | { kind: 'not_found' };

export async function getReviews(store: EventStore, input: { runId: string; researcherId: string }): Promise<GetReviewsResult> {
  if (!(await loadOwnedRunState(store, input.runId, input.researcherId))) return { kind: 'not_found' };
  const history = await reviewHistory(store, input.runId, input.researcherId);
  return { kind: 'found', etag: history.etag, reviews: currentReviews(history.events), carryOver: { declined_from_run_id: history.carryOver.declinedFrom } };
}
