// Issue 30 (carry-over): the researcher's "not carried over" is recorded on the server (CarryOverDeclined on the
// run's review stream), so every browser reads it from GET …/reviews; it can be taken back; the same decision
// again appends nothing; another researcher's run is a 404 and a bad body or a foreign earlier run a 422.
// (Failed before: "Undo carry-over" lived in one browser's localStorage and another browser offered it again.)
import { expect } from 'chai';
import { reviewStreamId } from '../../../domain/reviews/review';
import { seedCompletedRun, seedReview } from '../../support/workspace-seed';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Carry-over decision of a run (issue 30)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let first: string;
  let second: string;
  let bobsRun: string;
  const alice = { 'X-Researcher-ID': 'alice', 'content-type': 'application/json' };
  const bob = { 'X-Researcher-ID': 'bob', 'content-type': 'application/json' };
  const decide = (runId: string, body: unknown, headers: Record<string, string> = alice) =>
    fetch(`${server.baseUrl}/api/workspace/runs/${runId}/carry-over`, { method: 'PUT', headers, body: JSON.stringify(body) });
  const reviewsOf = async (runId: string, headers = alice) => (await (await fetch(`${server.baseUrl}/api/workspace/runs/${runId}/reviews`, { headers })).json()) as Json;

  before(async function () {
    server = await startTestServer({});
    const candidates = [{ id: 'drug:anifrolumab', score: 0.7, rank: 1, evidence: { ev_a0000000000000001: 0.9 } }];
    first = (await seedCompletedRun(server.runtime, { researcherId: 'alice', diseaseId: 'api-carry-over', at: '2026-03-02T10:00:00.000Z', candidates })).runId;
    second = (await seedCompletedRun(server.runtime, { researcherId: 'alice', diseaseId: 'api-carry-over', at: '2026-03-09T10:00:00.000Z', candidates })).runId;
    bobsRun = (await seedCompletedRun(server.runtime, { researcherId: 'bob', diseaseId: 'api-carry-over', at: '2026-03-05T10:00:00.000Z', candidates })).runId;
    await seedReview(server.runtime, { researcherId: 'alice', runId: first, candidateId: 'drug:anifrolumab', decision: 'pin', at: '2026-03-03T10:00:00.000Z' });
  });
  after(async () => { await server?.close(); });

  it('records the decline once (idempotent), serves it with the reviews to any client, and takes it back', async function () {
    expect((await reviewsOf(second)).carry_over).to.deep.equal({ declined_from_run_id: null });
    const declined = await decide(second, { from_run_id: first, declined: true });
    expect(declined.status).to.equal(200);
    expect((await declined.json()) as Json).to.deep.equal({ etag: '"1"', carry_over: { declined_from_run_id: first } });
    // A second client (no shared browser state) reads the decision with the run's reviews.
    const read = await reviewsOf(second);
    expect(read.carry_over).to.deep.equal({ declined_from_run_id: first });
    expect(read.reviews, 'a decision is no review').to.deep.equal([]);
    expect(read.etag).to.equal('"1"');

    // The same decision again: 200, nothing appended (the ETag stays).
    const again = await decide(second, { from_run_id: first, declined: true });
    expect(again.status).to.equal(200);
    expect(((await again.json()) as Json).etag).to.equal('"1"');
    const stream = await server.runtime.store.readStream(reviewStreamId(second));
    expect(stream.map((e) => [e.type, (e.data as Json).fromRunId])).to.deep.equal([['CarryOverDeclined', first]]);
    // The review history shows reviews only.
    expect(((await (await fetch(`${server.baseUrl}/api/workspace/runs/${second}/review-events`, { headers: alice })).json()) as Json).events).to.deep.equal([]);

    // Taken back: offered again; taking back twice appends one event.
    for (let i = 0; i < 2; i++) expect((await decide(second, { from_run_id: first, declined: false })).status).to.equal(200);
    expect((await reviewsOf(second)).carry_over).to.deep.equal({ declined_from_run_id: null });
    expect((await server.runtime.store.readStream(reviewStreamId(second))).map((e) => e.type)).to.deep.equal(['CarryOverDeclined', 'CarryOverDeclineWithdrawn']);
  });

  it('answers 404 for another researcher\'s run and 422 for a bad body, this run itself or a run that is not the caller\'s', async function () {
    expect((await decide(second, { from_run_id: first, declined: true }, bob)).status).to.equal(404);
    expect((await decide('00000000-0000-4000-8000-000000000000', { from_run_id: first, declined: true })).status).to.equal(404);
    const bad = await decide(second, { from_run_id: 'not-a-run', declined: 'yes', extra: 1 });
    expect(bad.status).to.equal(422);
    expect(((await bad.json()) as Json).detail.map((d: Json) => d.loc.join('.'))).to.include.members(['body.from_run_id', 'body.declined', 'body.extra']);
    expect((await decide(second, { declined: true })).status).to.equal(422);
    for (const from of [second, bobsRun]) {
      const refused = await decide(second, { from_run_id: from, declined: true });
      expect(refused.status, from).to.equal(422);
      expect(((await refused.json()) as Json).detail[0].loc).to.deep.equal(['body', 'from_run_id']);
    }
    expect((await reviewsOf(second)).carry_over, 'nothing recorded by a refused request').to.deep.equal({ declined_from_run_id: null });
  });
});
