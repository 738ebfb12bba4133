// The auditor's view: a run's review state as of any moment, rebuilt by replaying its events, and
// checked against the read model the API serves.
import { CandidateReview, reviewDecider, ReviewEvent, ReviewSavedEvent, reviewStreamId } from '../../domain/reviews/review';
import type { EventStore } from '../../infra/event-store/event-store';
import type { ReviewsQueries, StoredReview } from '../../projections/reviews/reviews.queries';
import { foldRecorded } from '../shared/load-state';

export interface ReplayResult {
  runId: string;
  asOf: string | null;
  eventsReplayed: number;
  /** Every replayed event, oldest first: saves and withdrawals (an undone save shows as both). */
  history: { at: string; event: 'saved' | 'withdrawn'; candidateId: string; decision: string | null }[];
  reviews: CandidateReview[];
  /** Only when replaying to the end: differences from the read model (empty = identical). */
  differences: string[] | null;
}

export async function replayReviews(store: EventStore, readModel: ReviewsQueries, runId: string, asOf?: Date): Promise<ReplayResult> {
  // Reviews only: the stream's carry-over decisions are no review.
  const all = (await store.readStream(reviewStreamId(runId))).filter((e) => e.type === 'ReviewSaved' || e.type === 'ReviewWithdrawn');
  const events = asOf ? all.filter((e) => Date.parse((e.data as ReviewEvent['data']).at) <= asOf.getTime()) : all;
  const state = foldRecorded(reviewDecider, events);
  const reviews = Object.values(state.candidates).sort((a, b) => a.candidateId.localeCompare(b.candidateId));
  const differences = asOf ? null : differencesFromReadModel(reviews, await readModel.currentOfRun(runId));
  const history = events.map((e) => {
    const d = e.data as ReviewEvent['data'];
    return e.type === 'ReviewWithdrawn'
      ? { at: d.at, event: 'withdrawn' as const, candidateId: d.candidateId, decision: null }
      : { at: d.at, event: 'saved' as const, candidateId: d.candidateId, decision: (d as ReviewSavedEvent['data']).decision };
  });
  return { runId, asOf: asOf?.toISOString() ?? null, eventsReplayed: events.length, history, reviews, differences };
}

function differencesFromReadModel(reviews: readonly CandidateReview[], rows: readonly StoredReview[]): string[] {
  const differences: string[] = [];
  const byId = new Map(rows.map((r) => [r.candidate_id, r]));
  for (const review of reviews) {
    const row = byId.get(review.candidateId);
    if (!row) {
      differences.push(`${review.candidateId}: missing from the read model`);
      continue;
    }
    byId.delete(review.candidateId);
    const expected = { decision: review.decision, rationale: review.rationale, notes: review.notes, tags: review.tags, changed_mind: review.changedMind, candidate_type: review.candidateType };
    const actual = { decision: row.decision, rationale: row.rationale, notes: row.notes, tags: row.tags, changed_mind: row.changed_mind, candidate_type: row.candidate_type };
    if (JSON.stringify(expected) !== JSON.stringify(actual)) differences.push(`${review.candidateId}: read model ${JSON.stringify(actual)} != replay ${JSON.stringify(expected)}`);
  }
  for (const extra of byId.keys()) differences.push(`${extra}: in the read model but not in the history`);
  return differences;
}
