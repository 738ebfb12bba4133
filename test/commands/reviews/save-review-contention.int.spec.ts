// Unconditional saves (no If-Match) are last-write-wins: under contention each one retries until it
// lands, so 100 saves from 20 concurrent writers all succeed; a stale If-Match is still refused.
import { expect } from 'chai';
import { newCommandContext } from '../../../commands/shared/command-context';
import { saveReview, ReviewToSave } from '../../../commands/reviews/save-review';
import { reviewStreamId } from '../../../domain/reviews/review';
import { BlobStore } from '../../../infra/blobs/blob-store';
import { systemClock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/db/database';
import { EventStore } from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { openTestPostgres } from '../../support/databases';
import { seedCompletedRun } from '../../support/workspace-seed';

describe('Saving reviews under contention (use case)', function () {
  this.timeout(120_000);
  let db: Database;
  let store: EventStore;

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex);
  });
  after(async function () {
    await db.close();
  });

  it('lands every one of 100 unconditional saves from 20 concurrent writers, none refused', async function () {
    const candidates = Array.from({ length: 5 }, (_, i) => ({ id: `drug:c${i}`, score: 0.9 - i / 10, rank: i + 1, evidence: { e1: 0.5 } }));
    const { runId } = await seedCompletedRun({ store, db }, { researcherId: 'alice', diseaseId: 'sle', at: '2026-03-01T00:00:00Z', candidates });
    const deps = { store, blobs: new BlobStore(db.knex) };
    const review = (i: number): ReviewToSave => ({
      candidate_id: `drug:c${i % 5}`, candidate_type: 'drug', decision: i % 2 ? 'pin' : 'reject', rationale: `save ${i}`, notes: '', tags: [], changed_mind: null,
    });
    const kinds: string[] = [];
    await Promise.all(Array.from({ length: 20 }, async (_, writer) => {
      for (let k = 0; k < 5; k++) {
        const i = writer * 5 + k;
        const result = await saveReview(deps, { runId, researcherId: 'alice', review: review(i) }, newCommandContext(systemClock, { kind: 'researcher', id: 'alice' }));
        kinds.push(result.kind);
      }
    }));
    expect(kinds.filter((k) => k !== 'saved')).to.deep.equal([]);
    expect(await store.readStream(reviewStreamId(runId))).to.have.length(100);
  });

  it('still refuses a save whose If-Match names an older history', async function () {
    const { runId } = await seedCompletedRun({ store, db }, { researcherId: 'alice', diseaseId: 'sle', at: '2026-03-01T00:00:00Z', candidates: [{ id: 'drug:a', score: 0.9, rank: 1, evidence: { e1: 0.8 } }] });
    const deps = { store, blobs: new BlobStore(db.knex) };
    const pin: ReviewToSave = { candidate_id: 'drug:a', candidate_type: 'drug', decision: 'pin', rationale: '', notes: '', tags: [], changed_mind: null };
    const alice = newCommandContext(systemClock, { kind: 'researcher', id: 'alice' });
    await saveReview(deps, { runId, researcherId: 'alice', review: pin }, alice);
    await saveReview(deps, { runId, researcherId: 'alice', review: pin }, alice);
    expect(await saveReview(deps, { runId, researcherId: 'alice', review: pin, ifMatch: '"1"' }, alice)).to.deep.include({ kind: 'stale', reason: 'changed' });
  });
});
