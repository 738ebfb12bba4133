// Reading a run's review history (stream review-<run id>) for its owner.
import { carryOverDecider, CarryOverState } from '../../domain/reviews/carry-over';
import { ReviewEvent, reviewStreamId } from '../../domain/reviews/review';
import { EventStore, RecordedEvent, StreamDeletedError } from '../../infra/event-store/event-store';
import { reviewEtag } from './review-etag';

const REVIEW_EVENT_TYPES: ReadonlySet<string> = new Set<ReviewEvent['type']>(['ReviewSaved', 'ReviewWithdrawn']);
import { CurrentReview, currentReviews } from './review-views';
import { foldRecorded } from '../shared/load-state';

export interface ReviewHistory {
  /** The owner's saves and withdrawals, oldest first. */
  events: RecordedEvent[];
  /** ETag of the whole history. */
  etag: string;
  /** The run's carry-over decision (kept on the same stream). */
  carryOver: CarryOverState;
}

/**
 * Only the caller's own saves (a run is reviewed by its owner alone, so this filter is a safeguard),
 * and the ETag of the whole history. A tombstoned history reads as empty.
 */
export async function reviewHistory(store: EventStore, runId: string, researcherId: string): Promise<ReviewHistory> {
  let all: RecordedEvent[];
  try {
    all = await store.readStream(reviewStreamId(runId));
  } catch (error) {
    if (!(error instanceof StreamDeletedError)) throw error;
    all = [];
  }
  return {
    events: all.filter((e) => REVIEW_EVENT_TYPES.has(e.type) && (e.data as ReviewEvent['data']).researcherId === researcherId),
    etag: reviewEtag(all),
    carryOver: foldRecorded(carryOverDecider, all),
  };
}

/** The owner's current review of each candidate of a run. */
export async function currentReviewsOf(store: EventStore, runId: string, researcherId: string): Promise<CurrentReview[]> {
  return currentReviews((await reviewHistory(store, runId, researcherId)).events);
}
