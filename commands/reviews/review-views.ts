// How a review history reads from outside: each candidate's current review with the provenance of its
// last save (GET …/reviews), and every save (GET …/review-events). Pure functions of the recorded events.
import { Decision, reviewDecider, ReviewEvent, ReviewSavedEvent, ReviewWithdrawnEvent } from '../../domain/reviews/review';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import { foldRecorded } from '../shared/load-state';

export interface CurrentReview {
  candidate_id: string;
  candidate_type: 'drug' | 'target';
  decision: Decision;
  rationale: string;
  notes: string;
  tags: string[];
  changed_mind: string | null;
  updated_at: string;
  saves: number;
  provenance: { event_id: string; revision: number; saved_by: string; correlation_id: string };
}

export interface ReviewEventView {
  /** A save, or the withdrawal of the candidate's review (an undo: the save stays in the history). */
  event: 'saved' | 'withdrawn';
  event_id: string;
  revision: number;
  saved_at: string;
  candidate_id: string;
  candidate_type: 'drug' | 'target';
  /** null for a withdrawal: the candidate is unreviewed after it. */
  decision: Decision | null;
  previous_decision: Decision | null;
  /** Why the review was withdrawn (withdrawals only). */
  reason?: string;
  rationale: string;
  notes: string;
  tags: string[];
  changed_mind: string | null;
  saved_by: string;
  correlation_id: string;
}

/** Current review of each candidate with the provenance of its last save, by candidate id. */
export function currentReviews(events: readonly RecordedEvent[]): CurrentReview[] {
  const state = foldRecorded(reviewDecider, events);
  const lastEvent = new Map(events.map((e) => [(e.data as ReviewEvent['data']).candidateId, e]));
  return Object.values(state.candidates).map((review) => {
    const event = lastEvent.get(review.candidateId)!;
    return {
      candidate_id: review.candidateId, candidate_type: review.candidateType, decision: review.decision,
      rationale: review.rationale, notes: review.notes, tags: review.tags, changed_mind: review.changedMind,
      updated_at: review.updatedAt, saves: review.saves,
      provenance: { event_id: event.id, revision: event.revision, saved_by: event.metadata.principal.id, correlation_id: event.metadata.correlationId },
    };
  }).sort((a, b) => a.candidate_id.localeCompare(b.candidate_id));
}

/** Every save and withdrawal, oldest first. */
export function reviewEventViews(events: readonly RecordedEvent[]): ReviewEventView[] {
  return events.map((e) => {
    if (e.type === 'ReviewWithdrawn') {
      const w = e.data as ReviewWithdrawnEvent['data'];
      return {
        event: 'withdrawn', event_id: e.id, revision: e.revision, saved_at: w.at, candidate_id: w.candidateId, candidate_type: w.candidateType,
        decision: null, previous_decision: w.previousDecision, reason: w.reason, rationale: '', notes: '', tags: [], changed_mind: null,
        saved_by: e.metadata.principal.id, correlation_id: e.metadata.correlationId,
      };
    }
    const d = e.data as ReviewSavedEvent['data'];
    return {
      event: 'saved', event_id: e.id, revision: e.revision, saved_at: d.at, candidate_id: d.candidateId, candidate_type: d.candidateType,
      decision: d.decision, previous_decision: d.previousDecision, rationale: d.rationale, notes: d.notes, tags: d.tags,
      changed_mind: d.changedMind, saved_by: e.metadata.principal.id, correlation_id: e.metadata.correlationId,
    };
  });
}
