// The save-review use case against a real PostgreSQL event store: each of its answers once.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { newCommandContext } from '../../../commands/shared/command-context';
import { saveReview, ReviewToSave } from '../../../commands/reviews/save-review';
import { changeRun } from '../../../commands/workspace/run-commands';
import { reviewStreamId } from '../../../domain/reviews/review';
import { BlobStore } from '../../../infra/blobs/blob-store';
import { fixedClock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/db/database';
import { EventStore } from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { openTestPostgres } from '../../support/databases';
import { SeedCandidate, seedCompletedRun, seedDossier } from '../../support/workspace-seed';

describe('Saving a review (use case)', function () {
  let db: Database;
  let store: EventStore;
  let deps: { store: EventStore; blobs: BlobStore };
  const now = new Date('2026-03-04T05:06:07.000Z');
  const alice = newCommandContext(fixedClock(now), { kind: 'researcher', id: 'alice' });
  const pin = (candidateId: string, candidateType: 'drug' | 'target' = 'drug'): ReviewToSave => ({
    candidate_id: candidateId, candidate_type: candidateType, decision: 'pin', rationale: 'why', notes: '', tags: [], changed_mind: null,
  });

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex);
    deps = { store, blobs: new BlobStore(db.knex) };
  });
  after(async function () {
    await db.close();
  });

  async function completedRun(candidates: SeedCandidate[] = [{ id: 'drug:a', score: 0.9, rank: 1, evidence: { e1: 0.8 } }]): Promise<string> {
    return (await seedCompletedRun({ store, db }, { researcherId: 'alice', diseaseId: 'sle', at: '2026-03-01T00:00:00Z', candidates })).runId;
  }

  it('saves a candidate of a completed run as a ReviewSaved event at the command\'s time, with the new ETag', async function () {
    const runId = await completedRun();
    const result = await saveReview(deps, { runId, researcherId: 'alice', review: pin('drug:a') }, alice);
    expect(result).to.deep.include({ kind: 'saved', etag: '"1"' });
    expect(result.kind === 'saved' && result.review).to.deep.include({ candidate_id: 'drug:a', decision: 'pin', updated_at: now.toISOString(), saves: 1 });
    const events = await store.readStream(reviewStreamId(runId));
    expect(events.map((e) => [e.type, (e.data as { at: string }).at])).to.deep.equal([['ReviewSaved', now.toISOString()]]);
  });

  it('answers not_found for another researcher\'s run, writing nothing', async function () {
    const runId = await completedRun();
    const bob = newCommandContext(fixedClock(now), { kind: 'researcher', id: 'bob' });
    expect(await saveReview(deps, { runId, researcherId: 'bob', review: pin('drug:a') }, bob)).to.deep.equal({ kind: 'not_found' });
    expect(await store.readStream(reviewStreamId(runId))).to.deep.equal([]);
  });

  it('answers not_reviewable while the run is still running', async function () {
    const runId = randomUUID();
    await changeRun(store, runId, { type: 'RequestRun', runId, researcherId: 'alice', request: seedDossier(runId, 'sle', []).request, at: now.toISOString() }, alice);
    expect(await saveReview(deps, { runId, researcherId: 'alice', review: pin('drug:a') }, alice)).to.deep.equal({ kind: 'not_reviewable', phase: 'running' });
  });

  it('answers candidate_not_in_run for a candidate missing from the run\'s rankings of that type', async function () {
    const runId = await completedRun();
    expect(await saveReview(deps, { runId, researcherId: 'alice', review: pin('drug:a', 'target') }, alice))
      .to.deep.equal({ kind: 'candidate_not_in_run', candidateType: 'target' });
  });

  it('answers stale with the current ETag when If-Match names an older history, writing nothing', async function () {
    const runId = await completedRun();
    await saveReview(deps, { runId, researcherId: 'alice', review: pin('drug:a') }, alice);
    const result = await saveReview(deps, { runId, researcherId: 'alice', review: { ...pin('drug:a'), decision: 'reject' }, ifMatch: '"0"' }, alice);
    expect(result).to.deep.equal({ kind: 'stale', reason: 'changed', currentEtag: '"1"' });
    expect(await store.readStream(reviewStreamId(runId))).to.have.length(1);
  });

  it('answers stale (malformed) for an If-Match that is not an ETag of the history', async function () {
    const runId = await completedRun();
    expect(await saveReview(deps, { runId, researcherId: 'alice', review: pin('drug:a'), ifMatch: 'yesterday' }, alice))
      .to.deep.equal({ kind: 'stale', reason: 'malformed', currentEtag: '"0"' });
  });

  it('answers invalid when the decider refuses the save (a candidate reviewed before under the other type)', async function () {
    const runId = await completedRun([
      { id: 'gene:x', score: 0.9, rank: 1, evidence: { e1: 0.8 } },
      { id: 'gene:x', type: 'target', score: 0.7, rank: 1, evidence: { e2: 0.8 } },
    ]);
    await saveReview(deps, { runId, researcherId: 'alice', review: pin('gene:x', 'drug') }, alice);
    const result = await saveReview(deps, { runId, researcherId: 'alice', review: pin('gene:x', 'target') }, alice);
    expect(result.kind).to.equal('invalid');
    expect(result.kind === 'invalid' && result.details.map((d) => [d.loc, d.type])).to.deep.equal([[['body', 'candidate_type'], 'candidate_type_mismatch']]);
  });
});
