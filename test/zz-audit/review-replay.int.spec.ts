// Runs last (the folder name sorts after every other): for EVERY run reviewed anywhere in this test
// run, the review state replayed from the events equals the read model the API served. It also reviews
// a run of its own first, so it always has something to replay: an audit with nothing to check fails.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { replayReviews } from '../../commands/reviews/replay-reviews';
import { reviewsQueries } from '../../projections/reviews/reviews.queries';
import { newCommandContext } from '../../commands/shared/command-context';
import { handleCommand } from '../../commands/shared/handle-command';
import { reviewDecider, reviewStreamId, SaveReview } from '../../domain/reviews/review';
import { runDecider, runStreamId } from '../../domain/workspace/run';
import { systemClock } from '../../infra/clock/clock';
import { Database } from '../../infra/db/database';
import { comparePositions, EventStore } from '../../infra/event-store/event-store';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { versioned } from '../../infra/event-store/versioned-event-store';
import { allProjectors } from '../../projections';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { eventually, openTestPostgres } from '../support/databases';

/** A completed run of the audit's own, reviewed three times (with a change of mind), as the API would. */
async function reviewARun(store: EventStore): Promise<string> {
  const runId = randomUUID();
  const context = newCommandContext(systemClock, { kind: 'researcher', id: 'auditor-alice' }, `audit-${runId}`);
  const request = {
    disease_id: 'sle', question: 'audit seed (synthetic)', sources: ['pubmed' as const], date_from: null, date_to: null,
    candidate_type: 'both' as const, max_evidence: 10, enable_llm: false,
  };
  await handleCommand(store, runStreamId(runId), runDecider, { type: 'RequestRun', runId, researcherId: 'auditor-alice', request, at: '2026-01-05T09:00:00.000Z' }, context);
  await handleCommand(store, runStreamId(runId), runDecider, {
    type: 'CompleteRun', dossierHash: '0'.repeat(64), htmlHash: '1'.repeat(64), at: '2026-01-05T09:01:00.000Z',
    summary: { fingerprint: '2'.repeat(64), evidence_count: 0, claim_count: 0, top_drugs: [], top_targets: [], warning_count: 0 },
  }, context);
  const save = (overrides: Partial<SaveReview>): SaveReview => ({
    type: 'SaveReview', runId, researcherId: 'auditor-alice', candidateId: 'drug_a', candidateType: 'drug', decision: 'pin',
    rationale: 'synthetic', notes: '', tags: ['audit'], changedMind: null, at: '2026-01-05T10:00:00.000Z', ...overrides,
  });
  await handleCommand(store, reviewStreamId(runId), reviewDecider, save({}), context);
  await handleCommand(store, reviewStreamId(runId), reviewDecider, save({ candidateId: 'target_b', candidateType: 'target', decision: 'reject' }), context);
  await handleCommand(store, reviewStreamId(runId), reviewDecider, save({ decision: 'reject', changedMind: 'synthetic change of mind', at: '2026-01-06T10:00:00.000Z' }), context);
  return runId;
}

describe('Audit: every review history replays to its read model', function () {
  this.timeout(120_000);
  let db: Database;
  let store: EventStore;
  let ownRunId: string;
  before(async function () {
    db = await openTestPostgres();
    // The store as the service builds it: old event versions are read in the current shape.
    store = versioned(new PostgresEventStore(db.knex));
    ownRunId = await reviewARun(store);
    // A commit becomes readable in global order once no older transaction is still open: wait for it,
    // so the catch-up below includes this run.
    const [last] = await store.readStream(reviewStreamId(ownRunId), { direction: 'backwards', maxCount: 1 });
    await eventually(async () => comparePositions(await store.headPosition(), last!.position) >= 0, 'the audit\'s own reviews are visible', 30_000);
  });
  after(async function () {
    await db.close();
  });

  it('holds for every run reviewed in this test run', async function () {
    // Servers of earlier suites may have closed before projecting their last events: catch up first.
    const runner = new ProjectionRunner(db.knex, store, allProjectors);
    await runner.start();
    try {
      await runner.waitForCatchUp(60_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}: ${JSON.stringify(await runner.status())}`);
    } finally {
      await runner.stop();
    }
    const streams = await db.knex('es_streams').where('stream_id', 'like', 'review-%').andWhere({ deleted: false }).pluck('stream_id');
    expect(streams, 'review histories to replay').to.include(reviewStreamId(ownRunId));
    // A review stream may hold only carry-over decisions (CarryOverDeclined): no review to replay, and the read
    // model must hold none either. The audit is never vacuous: its own run replays its three saves.
    for (const stream of streams) {
      const result = await replayReviews(store, reviewsQueries(db.knex), stream.slice('review-'.length));
      if (stream === reviewStreamId(ownRunId)) expect(result.eventsReplayed, stream).to.equal(3);
      expect(result.differences, stream).to.deep.equal([]);
    }
  });
});
