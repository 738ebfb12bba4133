// The caller's current review of each candidate of one of their runs, with the history's ETag.
import type { EventStore } from '../../infra/event-store/event-store';
import { loadOwnedRunState } from '../workspace/owned-runs';
import { reviewHistory } from './review-history';
import { CurrentReview, currentReviews } from './review-views';

export type GetReviewsResult = { kind: 'found'; etag: string; reviews: CurrentReview[] } | { kind: 'not_found' };

export async function getReviews(store: EventStore, input: { runId: string; researcherId: string }): Promise<GetReviewsResult> {
  if (!(await loadOwnedRunState(store, input.runId, input.researcherId))) return { kind: 'not_found' };
  const history = await reviewHistory(store, input.runId, input.researcherId);
  return { kind: 'found', etag: history.etag, reviews: currentReviews(history.events) };
}
