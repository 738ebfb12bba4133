// Review reminders end to end: runs complete (seeded as the Workspace writes them), the processor
// compares each with the researcher's previous run of the disease and raises alerts for reviewed
// candidates; the API lists and reads them per principal.
import { systemClock } from '../../../infra/clock/clock';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { loadAlert } from '../../../commands/alerts/alert-commands';
import { newCommandContext } from '../../../commands/shared/command-context';
import { alertId } from '../../../domain/alerts/alert-rules';
import { reviewRemindersProcessor, REVIEW_REMINDERS_PROCESSOR } from '../../../processors/alerts/review-reminders.processor';
import { silentLogger } from '../../../infra/logging/logger';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';
import { seedCompletedRun, seedReview } from '../../support/workspace-seed';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Review reminders (alerts)', function () {
  this.timeout(60_000);
  let server: TestServer;
  const suffix = randomUUID().slice(0, 8);
  const alice = `alerts-alice-${suffix}`;
  const bob = `alerts-bob-${suffix}`;
  const as = (who: string) => ({ 'X-Researcher-ID': who, 'content-type': 'application/json' });
  let minute = 0;
  const nextAt = () => new Date(Date.UTC(2026, 0, 5, 10, minute++)).toISOString();

  before(async function () {
    server = await startTestServer({ startWorkers: true });
  });
  after(async function () {
    await server?.close();
  });

  async function processed(eventId: string): Promise<void> {
    await eventually(async () => Boolean(await server.runtime.db.knex('processed_events').where({ processor: REVIEW_REMINDERS_PROCESSOR, event_id: eventId }).first()),
      'the review-reminders processor handled the run', 30_000);
  }

  async function alerts(who: string, query = ''): Promise<Json> {
    const response = await fetch(`${server.baseUrl}/api/workspace/alerts${query}`, { headers: as(who) });
    expect(response.status).to.equal(200);
    return (await response.json()) as Json;
  }

  async function settle(): Promise<void> {
    await server.runtime.projections.waitForCatchUp();
  }

  async function setThresholds(who: string, body: Json): Promise<void> {
    const response = await fetch(`${server.baseUrl}/api/workspace/notifications`, { method: 'PUT', headers: as(who), body: JSON.stringify(body) });
    expect(response.status, await response.clone().text()).to.equal(200);
  }

  /** A run for `who` of `disease`, waited on until the processor has handled it. */
  async function run(who: string, disease: string, candidates: Parameters<typeof seedCompletedRun>[1]['candidates']) {
    const seeded = await seedCompletedRun(server.runtime, { researcherId: who, diseaseId: disease, at: nextAt(), candidates });
    await processed(seeded.completedEventId);
    await settle();
    return seeded;
  }

  it('raises the baseline reminder for newly linked evidence with all thresholds zero, with previous and current values', async function () {
    const first = await run(alice, 'sle', [{ id: 'drug_a', score: 70, rank: 1, evidence: { ev_1: 0.8 } }, { id: 'drug_u', score: 60, rank: 2, evidence: { ev_9: 0.5 } }]);
    await seedReview(server.runtime, { researcherId: alice, runId: first.runId, candidateId: 'drug_a', decision: 'pin', at: nextAt() });
    await settle();
    // drug_u also gains evidence but was never reviewed: no alert for it.
    const second = await run(alice, 'sle', [{ id: 'drug_a', score: 40, rank: 2, evidence: { ev_1: 0.8, ev_2: 0.4 } }, { id: 'drug_u', score: 80, rank: 1, evidence: { ev_9: 0.5, ev_10: 0.9 } }]);
    const body = await alerts(alice);
    expect(body.alerts).to.have.length(1);
    const [alert] = body.alerts;
    expect(alert).to.deep.include({
      alert_id: alertId(second.runId, 'drug', 'drug_a'), run_id: second.runId, previous_run_id: first.runId, disease_id: 'sle',
      candidate_id: 'drug_a', candidate_type: 'drug', status: 'unread', new_evidence_ids: ['ev_2'],
    });
    expect(alert.previous).to.deep.equal({ score: 70, rank: 1, average_evidence_quality: 0.8, evidence_count: 1 });
    expect(alert.current).to.deep.equal({ score: 40, rank: 2, average_evidence_quality: 0.6, evidence_count: 2 });
    expect(alert.trigger_reasons).to.deep.equal([{ type: 'new_evidence', new_evidence_ids: ['ev_2'], count: 1 }]);
    expect(body).to.include({ total: 1, unread_count: 1, limit: 50, offset: 0 });
  });

  it('raises a threshold alert AT the score-drop threshold and none just below it (same evidence)', async function () {
    await setThresholds(alice, { score_drop_threshold: 10 });
    const at = await run(alice, 'sle', [{ id: 'drug_a', score: 30, rank: 2, evidence: { ev_1: 0.8, ev_2: 0.4 } }]);
    const below = await run(alice, 'sle', [{ id: 'drug_a', score: 20.1, rank: 2, evidence: { ev_1: 0.8, ev_2: 0.4 } }]);
    const body = await alerts(alice);
    const ids = body.alerts.map((a: Json) => a.alert_id);
    expect(ids).to.include(alertId(at.runId, 'drug', 'drug_a'));
    expect(ids).not.to.include(alertId(below.runId, 'drug', 'drug_a'));
    const raised = body.alerts.find((a: Json) => a.run_id === at.runId);
    expect(raised.trigger_reasons).to.deep.equal([{ type: 'score_drop', threshold: 10, previous: 40, current: 30, change: 10 }]);
  });

  it('raises nothing twice when the RunCompleted event is delivered again', async function () {
    const seeded = await run(alice, 'sle', [{ id: 'drug_a', score: 20, rank: 2, evidence: { ev_1: 0.8, ev_2: 0.4, ev_3: 0.5 } }]);
    const id = alertId(seeded.runId, 'drug', 'drug_a');
    const [event] = (await server.runtime.store.readStream(`run-${seeded.runId}`)).filter((e) => e.type === 'RunCompleted');
    // Forget the dedup key, as if the processor died after raising and before recording: the redelivery
    // must find the alert already raised.
    await server.runtime.db.knex('processed_events').where({ processor: REVIEW_REMINDERS_PROCESSOR, event_id: event!.id }).delete();
    const context = { store: server.runtime.store, knex: server.runtime.db.knex, logger: silentLogger, clock: systemClock, attempt: 2, command: newCommandContext(systemClock, { kind: 'system', id: 'test' }) };
    await reviewRemindersProcessor.handle(event!, context);
    await reviewRemindersProcessor.handle(event!, context);
    const stream = await server.runtime.store.readStream(`alert-${id}`);
    expect(stream.map((e) => e.type)).to.deep.equal(['AlertRaised']);
    expect((await loadAlert(server.runtime.store, id)).status).to.equal('unread');
  });

  it('compares only with the same researcher\'s runs of the same disease', async function () {
    // bob runs sle with different evidence in between: alice's next run still compares with her own.
    await run(bob, 'sle', [{ id: 'drug_a', score: 99, rank: 1, evidence: { ev_bob: 0.9 } }]);
    await run(alice, 'ra', [{ id: 'drug_a', score: 99, rank: 1, evidence: { ev_ra: 0.9 } }]);
    const seeded = await run(alice, 'sle', [{ id: 'drug_a', score: 20, rank: 2, evidence: { ev_1: 0.8, ev_2: 0.4, ev_3: 0.5 } }]);
    const body = await alerts(alice);
    expect(body.alerts.map((a: Json) => a.run_id)).not.to.include(seeded.runId);
  });

  it('keeps researchers apart: bob sees none of alice\'s alerts and cannot read them', async function () {
    const mine = await alerts(alice);
    expect(mine.alerts.length).to.be.greaterThan(0);
    const theirs = await alerts(bob);
    expect(theirs.alerts).to.deep.equal([]);
    const target = mine.alerts[0].alert_id;
    const denied = await fetch(`${server.baseUrl}/api/workspace/alerts/${target}/read`, { method: 'POST', headers: as(bob) });
    expect(denied.status).to.equal(404);
    expect((await loadAlert(server.runtime.store, target)).status).to.equal('unread');
  });

  it('marks an owned alert read (idempotently) and filters unread_only', async function () {
    const before = await alerts(alice);
    const target = before.alerts[0].alert_id;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.baseUrl}/api/workspace/alerts/${target}/read`, { method: 'POST', headers: as(alice) });
      expect(response.status).to.equal(200);
      expect(((await response.json()) as Json)).to.include({ alert_id: target, status: 'read' });
    }
    await settle();
    const unread = await alerts(alice, '?unread_only=true');
    expect(unread.alerts.map((a: Json) => a.alert_id)).not.to.include(target);
    expect(unread.unread_count).to.equal(before.unread_count - 1);
    const all = await alerts(alice, '?limit=1&offset=0');
    expect(all.alerts).to.have.length(1);
    expect(all.total).to.equal(before.total);
  });

  it('answers 404 for an unknown alert, 422 for a malformed id or bad paging, 401 without a principal', async function () {
    expect((await fetch(`${server.baseUrl}/api/workspace/alerts/${randomUUID()}/read`, { method: 'POST', headers: as(alice) })).status).to.equal(404);
    expect((await fetch(`${server.baseUrl}/api/workspace/alerts/nope/read`, { method: 'POST', headers: as(alice) })).status).to.equal(422);
    for (const query of ['?limit=0', '?limit=201', '?offset=-1', '?unread_only=maybe']) {
      expect((await fetch(`${server.baseUrl}/api/workspace/alerts${query}`, { headers: as(alice) })).status, query).to.equal(422);
    }
    expect((await fetch(`${server.baseUrl}/api/workspace/alerts`)).status).to.equal(401);
  });
});

describe('Review reminders from real Workspace runs (offline corpus)', function () {
  this.timeout(180_000);
  let server: TestServer;
  const researcher = { 'X-Researcher-ID': `alerts-e2e-${randomUUID().slice(0, 8)}`, 'content-type': 'application/json' };

  before(async function () {
    if (!fs.existsSync(path.resolve(__dirname, '../../../../fixtures/corpus/pubmed/sle.xml'))) this.skip();
    server = await startTestServer({ startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline', JOB_STREAM_POLL_MS: '50' } });
  });
  after(async function () {
    await server?.close();
  });

  async function dossier(body: Json): Promise<Json> {
    const submitted = await fetch(`${server.baseUrl}/api/jobs/workspace`, { method: 'POST', headers: researcher, body: JSON.stringify(body) });
    expect(submitted.status, await submitted.clone().text()).to.equal(202);
    const { job_id } = (await submitted.json()) as Json;
    let status: Json = {};
    await eventually(async () => {
      status = (await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`, { headers: researcher })).json()) as Json;
      return status.status === 'SUCCESS' || status.status === 'FAILURE';
    }, 'workspace job finished', 90_000);
    expect(status.status, status.error).to.equal('SUCCESS');
    return status.result.dossier;
  }

  it('reminds the researcher when a later run links new evidence to a drug they pinned', async function () {
    const request = { disease_id: 'sle', question: 'Which drugs are most promising?', enable_llm: false, candidate_type: 'drugs' };
    const small = await dossier({ ...request, max_evidence: 5 });
    const pinned = small.drug_rankings[0];
    if (!pinned) this.skip();
    await eventually(async () => (await fetch(`${server.baseUrl}/api/workspace/runs/${small.run_id}/reviews`, { headers: researcher })).status === 200, 'run saved');
    const saved = await fetch(`${server.baseUrl}/api/workspace/runs/${small.run_id}/reviews`, {
      method: 'PUT', headers: researcher, body: JSON.stringify({ candidate_id: pinned.candidate_id, candidate_type: 'drug', decision: 'pin' }),
    });
    expect(saved.status, await saved.clone().text()).to.equal(200);
    await server.runtime.projections.waitForCatchUp();
    const large = await dossier({ ...request, max_evidence: 200 });
    const later = large.drug_rankings.find((r: Json) => r.candidate_id === pinned.candidate_id);
    const linked = (d: Json, r: Json) => new Set(d.claims.filter((c: Json) => r.supporting_claim_ids.includes(c.claim_id) || r.contradicting_claim_ids.includes(c.claim_id)).flatMap((c: Json) => c.evidence_ids));
    const before = linked(small, pinned);
    const added = later ? [...linked(large, later)].filter((id) => !before.has(id)) : [];
    if (added.length === 0) this.skip(); // the corpus gave the pinned drug nothing new: nothing to remind about
    let alert: Json | undefined;
    await eventually(async () => {
      const body = (await (await fetch(`${server.baseUrl}/api/workspace/alerts`, { headers: researcher })).json()) as Json;
      alert = body.alerts.find((a: Json) => a.run_id === large.run_id);
      return Boolean(alert);
    }, 'an alert for the new run', 30_000);
    expect(alert).to.include({ candidate_id: pinned.candidate_id, previous_run_id: small.run_id, status: 'unread' });
    expect(alert!.new_evidence_ids.slice().sort()).to.deep.equal(added.sort());
  });
});
