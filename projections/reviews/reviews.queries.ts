// Reads of the reviews read model (workspace_reviews): the only code besides its projector that knows
// the table. The auditor compares it with a replay of the review history.
import type { Knex } from 'knex';
import type { CandidateKind, Decision } from '../../domain/reviews/review';
import { REVIEWS_TABLE } from './reviews.tables';

/** A candidate's current review as the read model holds it. */
export interface StoredReview {
  candidate_id: string;
  candidate_type: CandidateKind;
  decision: Decision;
  rationale: string;
  notes: string;
  tags: string[];
  changed_mind: string | null;
}

export interface ReviewsQueries {
  /** The current review of each candidate of a run, by candidate id. */
  currentOfRun(runId: string): Promise<StoredReview[]>;
}

export function reviewsQueries(knex: Knex): ReviewsQueries {
  return {
    async currentOfRun(runId) {
      const rows = await knex(REVIEWS_TABLE).where({ run_id: runId }).orderBy('candidate_id')
        .select('candidate_id', 'candidate_type', 'decision', 'rationale', 'notes', 'tags', 'changed_mind');
      return rows as StoredReview[];
    },
  };
}
