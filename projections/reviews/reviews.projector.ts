// Reviews read models: each candidate's current decision per run, and the review-event history.
// A deleted run takes both with it. Idempotent: rows are keyed by run + candidate (current) and by
// event id (history), and a current row only moves to a higher stream revision. A withdrawal (an undo)
// removes the candidate's current row and is a history row of its own (event 'withdrawn', no decision).
import type { Knex } from 'knex';
import { REVIEWS_TABLE, REVIEW_EVENTS_TABLE } from './reviews.tables';
import type { ReviewSavedEvent, ReviewWithdrawnEvent } from '../../domain/reviews/review';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../projector';


export const reviewsProjector: Projector = {
  name: 'workspace_reviews',
  version: 2,
  eventTypes: ['ReviewSaved', 'ReviewWithdrawn', 'RunDeleted'],
  tables: [REVIEWS_TABLE, REVIEW_EVENTS_TABLE],
  async createTables(trx: Knex.Transaction, names: TableNames) {
    const current = names[REVIEWS_TABLE]!;
    await trx.schema.createTable(current, (t) => {
      t.uuid('run_id').notNullable();
      t.text('candidate_id').notNullable();
      t.text('researcher_id').notNullable();
      t.text('candidate_type').notNullable();
      t.text('decision').notNullable();
      t.text('rationale').notNullable();
      t.text('notes').notNullable();
      t.jsonb('tags').notNullable();
      t.text('changed_mind');
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.bigInteger('last_revision').notNullable();
      t.primary(['run_id', 'candidate_id']);
      t.index(['researcher_id', 'candidate_id'], `${current}_researcher_idx`);
    });
    const history = names[REVIEW_EVENTS_TABLE]!;
    await trx.schema.createTable(history, (t) => {
      t.uuid('event_id').primary();
      t.uuid('run_id').notNullable();
      t.bigInteger('revision').notNullable();
      t.text('researcher_id').notNullable();
      t.text('candidate_id').notNullable();
      t.text('event').notNullable().defaultTo('saved');
      t.text('candidate_type').notNullable();
      t.text('decision');
      t.text('previous_decision');
      t.text('reason');
      t.text('rationale').notNullable();
      t.text('notes').notNullable();
      t.jsonb('tags').notNullable();
      t.text('changed_mind');
      t.timestamp('saved_at', { useTz: true }).notNullable();
      t.text('correlation_id').notNullable();
      t.index(['run_id', 'revision'], `${history}_run_idx`);
      t.index(['researcher_id', 'saved_at'], `${history}_researcher_idx`);
    });
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    const current = names[REVIEWS_TABLE]!;
    const history = names[REVIEW_EVENTS_TABLE]!;
    for (const recorded of events) {
      if (recorded.type === 'RunDeleted') {
        const { runId } = recorded.data as { runId: string };
        await trx(current).where({ run_id: runId }).delete();
        await trx(history).where({ run_id: runId }).delete();
        continue;
      }
      if (recorded.type === 'ReviewWithdrawn') {
        const w = recorded.data as ReviewWithdrawnEvent['data'];
        await trx(history).insert({
          event_id: recorded.id, run_id: w.runId, revision: recorded.revision, researcher_id: w.researcherId, event: 'withdrawn',
          candidate_id: w.candidateId, candidate_type: w.candidateType, decision: null, previous_decision: w.previousDecision, reason: w.reason,
          rationale: '', notes: '', tags: JSON.stringify([]), changed_mind: null, saved_at: w.at, correlation_id: recorded.metadata.correlationId,
        }).onConflict('event_id').ignore();
        await trx(current).where({ run_id: w.runId, candidate_id: w.candidateId }).andWhere('last_revision', '<', recorded.revision).delete();
        continue;
      }
      const { data } = recorded as unknown as { data: ReviewSavedEvent['data'] };
      const fields = {
        candidate_type: data.candidateType, decision: data.decision, rationale: data.rationale, notes: data.notes,
        tags: JSON.stringify(data.tags), changed_mind: data.changedMind,
      };
      await trx(history).insert({
        event_id: recorded.id, run_id: data.runId, revision: recorded.revision, researcher_id: data.researcherId,
        candidate_id: data.candidateId, previous_decision: data.previousDecision, saved_at: data.at,
        correlation_id: recorded.metadata.correlationId, ...fields,
      }).onConflict('event_id').ignore();
      await trx.raw(
        `? on conflict (run_id, candidate_id) do update set candidate_type = excluded.candidate_type, decision = excluded.decision,
           rationale = excluded.rationale, notes = excluded.notes, tags = excluded.tags, changed_mind = excluded.changed_mind,
           updated_at = excluded.updated_at, last_revision = excluded.last_revision
         where ??.last_revision < excluded.last_revision`,
        [trx(current).insert({
          run_id: data.runId, candidate_id: data.candidateId, researcher_id: data.researcherId, updated_at: data.at,
          last_revision: recorded.revision, ...fields,
        }), current],
      );
    }
  },
};
