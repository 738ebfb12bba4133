// The caller's append-only review history of one of their runs, oldest save first.
import type { EventStore } from '../../infra/event-store/event-store';
import { loadOwnedRunState } from '../workspace/owned-runs';
import { reviewHistory } from './review-history';
import { ReviewEventView, reviewEventViews } from './review-views';

export type GetReviewEventsResult = { kind: 'found'; events: ReviewEventView[] } | { kind: 'not_found' };

export async function getReviewEvents(store: EventStore, input: { runId: string; researcherId: string }): Promise<GetReviewEventsResult> {
  if (!(await loadOwnedRunState(store, input.runId, input.researcherId))) return { kind: 'not_found' };
  const history = await reviewHistory(store, input.runId, input.researcherId);
  return { kind: 'found', events: reviewEventViews(history.events) };
}
