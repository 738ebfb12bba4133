// The delete-run use case against a real PostgreSQL event store.
import { expect } from 'chai';
import { newCommandContext } from '../../../commands/shared/command-context';
import { deleteRun } from '../../../commands/workspace/delete-run';
import { reviewStreamId } from '../../../domain/reviews/review';
import { runStreamId } from '../../../domain/workspace/run';
import { fixedClock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/db/database';
import { EventStore, StreamDeletedError } from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { openTestPostgres } from '../../support/databases';
import { seedCompletedRun, seedReview } from '../../support/workspace-seed';

describe('Deleting a run (use case)', function () {
  let db: Database;
  let store: EventStore;
  const now = new Date('2026-03-04T05:06:07.000Z');
  const as = (id: string) => newCommandContext(fixedClock(now), { kind: 'researcher', id });

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex);
  });
  after(async function () {
    await db.close();
  });

  async function reviewedRun(): Promise<string> {
    const { runId } = await seedCompletedRun({ store, db }, {
      researcherId: 'alice', diseaseId: 'sle', at: '2026-03-01T00:00:00Z', candidates: [{ id: 'drug:a', score: 0.9, rank: 1, evidence: { e1: 0.8 } }],
    });
    await seedReview({ store }, { researcherId: 'alice', runId, candidateId: 'drug:a', decision: 'pin', at: '2026-03-02T00:00:00Z' });
    return runId;
  }

  it('records RunDeleted at the command\'s time and tombstones the run\'s review history', async function () {
    const runId = await reviewedRun();
    expect(await deleteRun(store, { runId, researcherId: 'alice' }, as('alice'))).to.deep.equal({ kind: 'deleted' });
    const last = (await store.readStream(runStreamId(runId))).at(-1)!;
    expect([last.type, last.data]).to.deep.equal(['RunDeleted', { runId, at: now.toISOString() }]);
    let error: unknown;
    await store.readStream(reviewStreamId(runId)).catch((e) => (error = e));
    expect(error).to.be.instanceOf(StreamDeletedError);
  });

  it('answers not_found for another researcher\'s run and leaves it and its reviews alone', async function () {
    const runId = await reviewedRun();
    expect(await deleteRun(store, { runId, researcherId: 'bob' }, as('bob'))).to.deep.equal({ kind: 'not_found' });
    expect((await store.readStream(runStreamId(runId))).map((e) => e.type)).to.not.include('RunDeleted');
    expect(await store.readStream(reviewStreamId(runId))).to.have.length(1);
  });

  it('answers not_found for a run already deleted', async function () {
    const runId = await reviewedRun();
    await deleteRun(store, { runId, researcherId: 'alice' }, as('alice'));
    expect(await deleteRun(store, { runId, researcherId: 'alice' }, as('alice'))).to.deep.equal({ kind: 'not_found' });
  });
});
