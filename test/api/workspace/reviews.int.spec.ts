// Reviews of a saved run: append-only history, ETag/If-Match, per-researcher separation, and the
// auditor's replay matching the read model.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { replayReviews } from '../../../commands/reviews/replay-reviews';
import { reviewsQueries } from '../../../projections/reviews/reviews.queries';
import type { Dossier } from '../../../domain/workspace/dossier-types';
import { eventually, testDatabaseUrl } from '../../support/databases';
import { runCli } from '../../support/service-process';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const FIXTURES = path.resolve(__dirname, '../../../../fixtures');

describe('Reviews of a saved run', function () {
  this.timeout(120_000);
  let server: TestServer;
  let runId: string;
  let dossier: Dossier;
  const alice = { 'X-Researcher-ID': 'alice', 'content-type': 'application/json' };
  const bob = { 'X-Researcher-ID': 'bob', 'content-type': 'application/json' };

  const url = (suffix = '') => `${server.baseUrl}/api/workspace/runs/${runId}/reviews${suffix}`;
  const put = (body: Json, headers: Record<string, string> = alice) => fetch(url(), { method: 'PUT', headers, body: JSON.stringify(body) });

  before(async function () {
    if (!fs.existsSync(path.join(FIXTURES, 'corpus', 'pubmed', 'sle.xml'))) this.skip();
    server = await startTestServer({ startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline' } });
    const submitted = (await (await fetch(`${server.baseUrl}/api/jobs/workspace`, {
      method: 'POST', headers: alice, body: JSON.stringify({ disease_id: 'sle', question: 'Which drugs should we look at?', enable_llm: false }),
    })).json()) as Json;
    runId = submitted.job_id;
    let status: Json = {};
    await eventually(async () => {
      status = (await (await fetch(`${server.baseUrl}/api/jobs/${runId}`, { headers: alice })).json()) as Json;
      return status.status === 'SUCCESS';
    }, 'run completed', 60_000);
    dossier = status.result.dossier;
  });
  after(async function () {
    await server?.close();
  });

  it('starts empty with ETag "0", then each save is an event and moves the ETag', async function () {
    const empty = await fetch(url(), { headers: alice });
    expect(empty.headers.get('etag')).to.equal('"0"');
    expect(((await empty.json()) as Json).reviews).to.deep.equal([]);
    const drug = dossier.drug_rankings[0]!;
    const saved = await put({ candidate_id: drug.candidate_id, candidate_type: 'drug', decision: 'pin', rationale: 'strong trials', tags: ['phase3'] }, { ...alice, 'If-Match': '"0"' });
    expect(saved.status).to.equal(200);
    expect(saved.headers.get('etag')).to.equal('"1"');
    const state = (await (await fetch(url(), { headers: alice })).json()) as Json;
    expect(state.reviews).to.have.length(1);
    expect(state.reviews[0]).to.deep.include({ candidate_id: drug.candidate_id, decision: 'pin', rationale: 'strong trials', tags: ['phase3'], saves: 1 });
    expect(state.reviews[0].provenance).to.include({ revision: 0, saved_by: 'alice' });
  });

  it('refuses a stale If-Match with 412 and the current ETag, writing nothing', async function () {
    const drug = dossier.drug_rankings[0]!;
    const stale = await put({ candidate_id: drug.candidate_id, candidate_type: 'drug', decision: 'reject' }, { ...alice, 'If-Match': '"0"' });
    expect(stale.status).to.equal(412);
    expect(((await stale.json()) as Json).current_etag).to.equal('"1"');
    expect(((await (await fetch(`${server.baseUrl}/api/workspace/runs/${runId}/review-events`, { headers: alice })).json()) as Json).events).to.have.length(1);
  });

  it('of two edits from the same version, one wins and the other gets 412', async function () {
    const current = (await fetch(url(), { headers: alice })).headers.get('etag')!;
    const target = dossier.target_rankings[0]!;
    const results = await Promise.all([
      put({ candidate_id: target.candidate_id, candidate_type: 'target', decision: 'pin' }, { ...alice, 'If-Match': current }),
      put({ candidate_id: target.candidate_id, candidate_type: 'target', decision: 'reject' }, { ...alice, 'If-Match': current }),
    ]);
    expect(results.map((r) => r.status).sort()).to.deep.equal([200, 412]);
  });

  it('keeps the history append-only, with the previous decision and what changed my mind', async function () {
    const drug = dossier.drug_rankings[0]!;
    const current = (await fetch(url(), { headers: alice })).headers.get('etag')!;
    const changed = await put({ candidate_id: drug.candidate_id, candidate_type: 'drug', decision: 'reject', changed_mind: 'the phase 3 trial was terminated for futility' }, { ...alice, 'If-Match': current });
    expect(changed.status).to.equal(200);
    const history = ((await (await fetch(`${server.baseUrl}/api/workspace/runs/${runId}/review-events`, { headers: alice })).json()) as Json).events;
    const forDrug = history.filter((e: Json) => e.candidate_id === drug.candidate_id);
    expect(forDrug.map((e: Json) => [e.decision, e.previous_decision])).to.deep.equal([['pin', null], ['reject', 'pin']]);
    expect(forDrug[1].changed_mind).to.contain('futility');
  });

  it('rejects unknown candidates, wrong types and bad fields with 422', async function () {
    const unknown = await put({ candidate_id: 'drug:unobtainium', candidate_type: 'drug', decision: 'pin' });
    expect(unknown.status).to.equal(422);
    expect(((await unknown.json()) as Json).detail[0].loc).to.deep.equal(['body', 'candidate_id']);
    const wrongType = await put({ candidate_id: dossier.drug_rankings[0]!.candidate_id, candidate_type: 'target', decision: 'pin' });
    expect(wrongType.status).to.equal(422);
    const bad = await put({ candidate_id: 'x', candidate_type: 'drug', decision: 'maybe', tags: Array.from({ length: 21 }, (_, i) => `t${i}`), extra: 1 });
    expect(bad.status).to.equal(422);
    const locs = ((await bad.json()) as Json).detail.map((d: Json) => d.loc.join('.'));
    expect(locs).to.include.members(['body.decision', 'body.tags', 'body.extra']);
  });

  it('undoes a save with a withdrawal: the candidate reads as unreviewed, the history keeps the save and the undo', async function () {
    const events = async () => ((await (await fetch(`${server.baseUrl}/api/workspace/runs/${runId}/review-events`, { headers: alice })).json()) as Json).events as Json[];
    const withdraw = (body: Json, headers: Record<string, string> = alice) => fetch(url('/withdrawals'), { method: 'POST', headers, body: JSON.stringify(body) });
    const target = dossier.target_rankings[0]!.candidate_id;
    const drug = dossier.drug_rankings[0]!.candidate_id;
    const before = await fetch(url(), { headers: alice });
    const etag = before.headers.get('etag')!;
    const savesBefore = (await events()).length;
    const reason = 'undo of the carry-over from run 0000';
    const undone = await withdraw({ candidate_ids: [target], reason }, { ...alice, 'If-Match': etag });
    expect(undone.status).to.equal(200);
    expect((await undone.json()) as Json).to.deep.equal({ etag: `"${Number(JSON.parse(etag)) + 1}"`, withdrawn: [target] });
    const state = (await (await fetch(url(), { headers: alice })).json()) as Json;
    expect(state.reviews.map((r: Json) => r.candidate_id)).to.deep.equal([drug]); // the drug's review stays
    const history = await events();
    expect(history).to.have.length(savesBefore + 1); // nothing removed: one event more
    expect(history.at(-1)).to.include({ event: 'withdrawn', candidate_id: target, decision: null, reason, saved_by: 'alice' });
    expect(history.filter((e) => e.candidate_id === target && e.event === 'saved')).to.have.length.greaterThan(0);
    // Withdrawing it again (nothing to withdraw), all-or-none with a reviewed one, a stale If-Match, bad bodies, bob:
    const again = await withdraw({ candidate_ids: [drug, target], reason });
    expect(again.status).to.equal(422);
    expect(((await again.json()) as Json).detail[0].loc).to.deep.equal(['body', 'candidate_ids']);
    expect((await fetch(url(), { headers: alice })).headers.get('etag')).to.equal(`"${Number(JSON.parse(etag)) + 1}"`);
    expect((await withdraw({ candidate_ids: [drug], reason }, { ...alice, 'If-Match': etag })).status).to.equal(412);
    const bad = await withdraw({ candidate_ids: [], reason: '', extra: 1 });
    expect(bad.status).to.equal(422);
    expect(((await bad.json()) as Json).detail.map((d: Json) => d.loc.join('.'))).to.include.members(['body.candidate_ids', 'body.reason', 'body.extra']);
    expect((await withdraw({ candidate_ids: [drug], reason }, bob)).status).to.equal(404);
    expect(((await (await fetch(url(), { headers: alice })).json()) as Json).reviews).to.have.length(1);
  });

  it('keeps bob out of alice\'s reviews and refuses reviews of unknown runs', async function () {
    expect((await fetch(url(), { headers: bob })).status).to.equal(404);
    expect((await put({ candidate_id: dossier.drug_rankings[0]!.candidate_id, candidate_type: 'drug', decision: 'pin' }, bob)).status).to.equal(404);
    expect((await fetch(`${server.baseUrl}/api/workspace/runs/${runId}/review-events`, { headers: bob })).status).to.equal(404);
    const ghost = `${server.baseUrl}/api/workspace/runs/6b1c7f1e-0000-4000-8000-00000000000a/reviews`;
    expect((await fetch(ghost, { method: 'PUT', headers: alice, body: JSON.stringify({ candidate_id: 'x', candidate_type: 'drug', decision: 'pin' }) })).status).to.equal(404);
  });

  it('replays to the same state the read model serves, and to any earlier moment', async function () {
    await server.runtime.projections.waitForCatchUp();
    const replay = await replayReviews(server.runtime.store, reviewsQueries(server.runtime.db.knex), runId);
    expect(replay.differences).to.deep.equal([]);
    expect(replay.reviews.length).to.equal(((await (await fetch(url(), { headers: alice })).json()) as Json).reviews.length);
    const first = ((await (await fetch(`${server.baseUrl}/api/workspace/runs/${runId}/review-events`, { headers: alice })).json()) as Json).events[0];
    const early = await replayReviews(server.runtime.store, reviewsQueries(server.runtime.db.knex), runId, new Date(first.saved_at));
    expect(early.eventsReplayed).to.equal(1);
    expect(early.reviews[0]).to.include({ decision: 'pin' });
    const cli = await runCli(['audit', 'replay', '--run', runId], { PATH: process.env.PATH, DATABASE_URL: testDatabaseUrl(), DEBUG: 'true' });
    expect(cli.code, cli.output).to.equal(0);
    expect(cli.output).to.contain('read model matches the replay');
    // The audit shows the undone save and its undo, in order.
    expect(replay.history.map((e) => e.event)).to.include.members(['saved', 'withdrawn']);
    expect(cli.output).to.match(/saved[^\n]*\n(?:.*\n)*.*withdrawn/);
  });

  it('deleting the run deletes its review history from every read model', async function () {
    expect((await fetch(`${server.baseUrl}/api/workspace/runs/${runId}`, { method: 'DELETE', headers: alice })).status).to.equal(204);
    expect((await fetch(url(), { headers: alice })).status).to.equal(404);
    await server.runtime.projections.waitForCatchUp();
    const rows = await server.runtime.db.knex('workspace_reviews').where({ run_id: runId });
    const history = await server.runtime.db.knex('workspace_review_events').where({ run_id: runId });
    expect([rows.length, history.length]).to.deep.equal([0, 0]);
  });
});
