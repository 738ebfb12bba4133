// What a researcher reviewed and when, as the review-reminder processor and the weekly digest need it
// (the reviews read model; the reviews capability's own reads live beside it).
import type { Knex } from 'knex';
import { REVIEW_EVENTS_TABLE, REVIEWS_TABLE } from './reviews.tables';

export type ReviewedCandidateType = 'drug' | 'target';

export interface ReviewedCandidate {
  candidate_id: string;
  candidate_type: ReviewedCandidateType;
}

export interface DecisionSave {
  run_id: string;
  candidate_id: string;
  candidate_type: ReviewedCandidateType;
  previous_decision: string | null;
  decision: string;
  changed_mind: string | null;
  saved_at: string;
}

export interface ReviewActivityQueries {
  /** Distinct candidates the researcher reviewed in any of these runs. */
  reviewedCandidates(researcherId: string, runIds: readonly string[]): Promise<ReviewedCandidate[]>;
  /** Review saves in [start, end), oldest first. */
  decisionSavesBetween(researcherId: string, start: Date, end: Date): Promise<DecisionSave[]>;
}

export function reviewActivityQueries(knex: Knex): ReviewActivityQueries {
  return {
    async reviewedCandidates(researcherId, runIds) {
      if (runIds.length === 0) return [];
      return knex(REVIEWS_TABLE).where({ researcher_id: researcherId }).whereIn('run_id', [...runIds]).distinct('candidate_id', 'candidate_type');
    },
    async decisionSavesBetween(researcherId, start, end) {
      const rows = await knex(REVIEW_EVENTS_TABLE).where({ researcher_id: researcherId, event: 'saved' })
        .andWhere('saved_at', '>=', start).andWhere('saved_at', '<', end)
        .orderBy([{ column: 'saved_at' }, { column: 'revision' }])
        .select('run_id', 'candidate_id', 'candidate_type', 'previous_decision', 'decision', 'changed_mind', 'saved_at');
      return rows.map((s) => ({ ...s, saved_at: new Date(s.saved_at).toISOString() }));
    },
  };
}
