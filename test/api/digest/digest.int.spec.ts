// The weekly digest end to end with an injected clock: preview of the previous completed UTC week,
// manual and forced sends through a real SMTP peer, retries with exponential backoff, the scheduler
// duty in researchers' own timezones, delivery history, signed review links, per-principal separation.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { signReviewToken } from '../../../domain/digest/review-link';
import { silentLogger } from '../../../infra/logging/logger';
import { setNotificationTransportOptions } from '../../../infra/notifications/transport-options';
import { startDigestDispatcher } from '../../../app/digest-schedule';
import { digestDeps } from '../../../app/notify.compose';
import type { DigestDeps } from '../../../commands/digest/deliver-digest';
import { dispatchDueDigests } from '../../../commands/digest/dispatch-due-digests';
import { REVIEW_REMINDERS_PROCESSOR } from '../../../processors/alerts/review-reminders.processor';
import { eventually } from '../../support/databases';
import { startSmtpPeer, SmtpPeer } from '../../support/smtp-peer';
import { startTestServer, TestServer } from '../../support/test-server';
import { seedCompletedRun, seedReview } from '../../support/workspace-seed';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SMTP_PASSWORD = 'digest-smtp-secret-pw';

describe('Weekly digest', function () {
  this.timeout(60_000);
  let server: TestServer;
  let smtp: SmtpPeer;
  let clock = new Date('2026-03-25T12:00:00Z'); // a Wednesday: the previous UTC week is 2026-W12
  const suffix = randomUUID().slice(0, 8);
  const who = (name: string) => `digest-${name}-${suffix}`;
  const as = (name: string) => ({ 'X-Researcher-ID': who(name), 'content-type': 'application/json' });
  let aliceRun = '';
  let deps: DigestDeps;

  before(async function () {
    smtp = await startSmtpPeer({ user: 'digest-user', pass: SMTP_PASSWORD });
    server = await startTestServer({
      startWorkers: true,
      env: {
        ALERT_SMTP_HOST: '127.0.0.1', ALERT_SMTP_PORT: String(smtp.port), ALERT_SMTP_USE_TLS: 'false', ALERT_SMTP_USERNAME: 'digest-user',
        ALERT_SMTP_PASSWORD: SMTP_PASSWORD, WORKSPACE_PUBLIC_URL: 'https://evidence.example', WORKSPACE_REVIEW_LINK_SECRET: 'review-link-secret',
      },
    });
    setNotificationTransportOptions(server.runtime, { now: () => clock });
    deps = digestDeps(server.runtime, { logger: silentLogger, options: { now: () => clock } });

    // alice: a run before the window, a pin, a run inside it with new evidence (the processor raises an
    // unread reminder), and a changed decision inside the window.
    const before = await seedCompletedRun(server.runtime, { researcherId: who('alice'), diseaseId: 'sle', at: '2026-03-10T10:00:00.000Z', candidates: [{ id: 'drug_a', score: 70, rank: 1, evidence: { ev_old: 0.8 } }] });
    await seedReview(server.runtime, { researcherId: who('alice'), runId: before.runId, candidateId: 'drug_a', decision: 'pin', at: '2026-03-11T10:00:00.000Z' });
    await server.runtime.projections.waitForCatchUp();
    const inside = await seedCompletedRun(server.runtime, { researcherId: who('alice'), diseaseId: 'sle', at: '2026-03-18T10:00:00.000Z', candidates: [{ id: 'drug_a', score: 65, rank: 1, evidence: { ev_old: 0.8, ev_new: 0.6 } }] });
    aliceRun = inside.runId;
    await eventually(async () => Boolean(await server.runtime.db.knex('processed_events').where({ processor: REVIEW_REMINDERS_PROCESSOR, event_id: inside.completedEventId }).first()), 'reminders processed', 30_000);
    await seedReview(server.runtime, { researcherId: who('alice'), runId: before.runId, candidateId: 'drug_a', decision: 'reject', at: '2026-03-19T10:00:00.000Z' });
    await put('alice', { email: 'alice@example.org' });
    await server.runtime.projections.waitForCatchUp();
  });
  after(async function () {
    await server?.close();
    await smtp?.close();
  });

  async function put(name: string, body: Json): Promise<void> {
    const response = await fetch(`${server.baseUrl}/api/workspace/notifications`, { method: 'PUT', headers: as(name), body: JSON.stringify(body) });
    expect(response.status, await response.clone().text()).to.equal(200);
  }
  async function preview(name: string): Promise<Json> {
    const response = await fetch(`${server.baseUrl}/api/workspace/digest`, { headers: as(name) });
    expect(response.status).to.equal(200);
    return (await response.json()) as Json;
  }
  async function send(name: string, query = '', body?: Json): Promise<Json> {
    const response = await fetch(`${server.baseUrl}/api/workspace/digest/send${query}`, { method: 'POST', headers: as(name), body: body ? JSON.stringify(body) : undefined });
    expect(response.status, await response.clone().text()).to.equal(200);
    return (await response.json()) as Json;
  }
  async function history(name: string): Promise<Json[]> {
    await server.runtime.projections.waitForCatchUp();
    return ((await (await fetch(`${server.baseUrl}/api/workspace/digest/delivery-history`, { headers: as(name) })).json()) as Json).deliveries;
  }
  /** Digest mails only (alice also receives her alert's reminder email). */
  const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address) && m.headers['x-evidence-digest-period']);
  async function seedWeek(name: string, at = '2026-03-17T08:00:00.000Z') {
    await seedCompletedRun(server.runtime, { researcherId: who(name), diseaseId: 'ra', at, candidates: [{ id: 'drug_b', score: 50, rank: 1, evidence: { [`ev_${name}`]: 0.5 } }] });
    await server.runtime.projections.waitForCatchUp();
  }
  async function tick(): Promise<void> {
    await server.runtime.projections.waitForCatchUp();
    await dispatchDueDigests(deps, clock);
  }

  it('previews the previous completed UTC week: new evidence, unresolved reminders, changed decisions', async function () {
    const digest = await preview('alice');
    expect(digest).to.include({ period: '2026-W12', window_start: '2026-03-16T00:00:00.000Z', window_end: '2026-03-23T00:00:00.000Z', suppressed: false, latest_run_id: aliceRun });
    expect(digest.new_evidence.map((e: Json) => e.evidence_id)).to.deep.equal(['ev_new']);
    expect(digest.unresolved_reminders).to.have.length(1);
    expect(digest.unresolved_reminders[0]).to.include({ run_id: aliceRun, candidate_id: 'drug_a' });
    expect(digest.changed_decisions).to.have.length(1);
    expect(digest.changed_decisions[0]).to.include({ candidate_id: 'drug_a', previous_decision: 'pin', decision: 'reject' });
    expect(digest.review_link).to.match(/^https:\/\/evidence\.example\/api\/workspace\/digest\/review\?token=[\w-]+\.[\w-]+$/);
  });

  it('keeps researchers apart: bob\'s digest is empty, so suppressed, and sending it sends nothing', async function () {
    await put('bob', { email: 'bob@example.org' });
    const digest = await preview('bob');
    expect(digest).to.include({ suppressed: true, new_evidence_count: 0, unresolved_reminder_count: 0, changed_decision_count: 0 });
    expect(await send('bob')).to.include({ status: 'suppressed', period: '2026-W12' });
    expect(mailsTo('bob@example.org')).to.have.length(0);
    expect((await history('bob')).map((h) => h.status)).to.deep.equal(['suppressed']);
  });

  it('answers 409 "configure an email address or a chat webhook first" when the researcher has no channel, and schedules no retry', async function () {
    const response = await fetch(`${server.baseUrl}/api/workspace/digest/send`, { method: 'POST', headers: as('carol') });
    expect(response.status).to.equal(409);
    expect(((await response.json()) as Json).detail).to.match(/configure an email address or a chat webhook first/);
    expect(await history('carol')).to.deep.equal([]);
  });

  it('sends once per period; force=true sends a delivered period again', async function () {
    expect(await send('alice')).to.include({ status: 'delivered', round: 1, attempts: 1, retries: 0 });
    const [mail] = mailsTo('alice@example.org');
    expect(mail!.headers['message-id']).to.match(/^<digest\.2026-W12\.1\.email\.r[0-9a-f]{12}@evidence>$/);
    expect(mail!.headers.subject).to.equal('Weekly evidence digest 2026-W12');
    expect(mail!.headers['x-evidence-digest-period']).to.equal('2026-W12');
    expect(mail!.text).to.contain('Unresolved reminders: 1').and.contain('Changed decisions: 1').and.contain('Study ev_new')
      .and.contain('https://evidence.example/api/workspace/digest/review?token=');
    expect(await send('alice')).to.include({ status: 'already_delivered' });
    expect(mailsTo('alice@example.org')).to.have.length(1);
    expect(await send('alice', '?force=true')).to.include({ status: 'delivered', round: 2 });
    expect(await send('alice', '', { force: true })).to.include({ status: 'delivered', round: 3 });
    const mails = mailsTo('alice@example.org');
    expect(mails).to.have.length(3);
    expect(mails[1]!.headers['message-id']).to.match(/^<digest\.2026-W12\.2\.email\./);
    const [entry] = await history('alice');
    expect(entry).to.include({ period: '2026-W12', status: 'delivered', round: 3, attempts: 1, retries: 0, forced: true, trigger: 'manual' });
    expect(entry!.history.map((h: Json) => h.event)).to.include.members(['queued', 'attempt_started', 'channel_delivered', 'delivered']);
  });

  it('retries a failing digest with backoff: fails twice, then delivers', async function () {
    await put('dana', { email: 'dana@example.org' });
    await seedWeek('dana');
    smtp.rejectNext(2, `busy (${SMTP_PASSWORD})`);
    const first = await send('dana');
    expect(first).to.include({ status: 'retrying', attempts: 1, retries: 0 });
    expect(first.next_attempt_at).to.equal(new Date(clock.getTime() + 60_000).toISOString());
    expect(first.last_error).to.contain('451').and.not.contain(SMTP_PASSWORD);
    await tick(); // not yet due: the backoff has not elapsed
    expect((await history('dana'))[0]).to.include({ attempts: 1 });
    const start = clock;
    try {
      clock = new Date(start.getTime() + 60_000);
      await tick();
      expect((await history('dana'))[0]).to.include({ status: 'retrying', attempts: 2, retries: 1 });
      clock = new Date(start.getTime() + 3 * 60_000);
      await tick();
    } finally {
      clock = start;
    }
    const [entry] = await history('dana');
    expect(entry).to.include({ status: 'delivered', attempts: 3, retries: 2, total_attempts: 3 });
    expect(entry!.history.filter((h: Json) => h.event === 'attempt_failed')).to.have.length(2);
    expect(JSON.stringify(entry)).not.to.contain(SMTP_PASSWORD);
    expect(mailsTo('dana@example.org')).to.have.length(1);
  });

  it('gives up after 5 retries with exponential backoff, and a manual send starts over', async function () {
    await put('carl', { email: 'carl@example.org' });
    await seedWeek('carl');
    smtp.rejectNext(100);
    const start = clock;
    const delays: number[] = [];
    try {
      let state = await send('carl');
      while (state.status === 'retrying') {
        const next = new Date(state.next_attempt_at);
        delays.push((next.getTime() - clock.getTime()) / 60_000);
        clock = next;
        await tick();
        state = (await history('carl'))[0]!;
      }
      expect(state).to.include({ status: 'failed', attempts: 6, retries: 5 });
    } finally {
      clock = start;
      smtp.rejectNext(0);
    }
    expect(delays).to.deep.equal([1, 2, 4, 8, 16]);
    expect(mailsTo('carl@example.org')).to.have.length(0);
    expect(await send('carl')).to.include({ status: 'delivered', round: 2, attempts: 1 });
  });

  it('the scheduler queues researchers when their local slot passes (Europe/Berlin), once per period', async function () {
    await put('erin', { email: 'erin@example.org', weekly_digest_enabled: true, weekday: 'wednesday', hour: 11, minute: 0, timezone: 'Europe/Berlin' });
    await seedWeek('erin');
    const start = clock;
    try {
      clock = new Date('2026-03-25T09:59:00Z'); // 10:59 CET
      await tick();
      expect(await history('erin')).to.deep.equal([]);
      clock = new Date('2026-03-25T10:00:00Z'); // 11:00 CET
      await tick();
      expect((await history('erin'))[0]).to.include({ period: '2026-W12', status: 'delivered', trigger: 'schedule' });
      clock = new Date('2026-03-25T10:01:00Z');
      await tick();
    } finally {
      clock = start;
    }
    expect(await history('erin')).to.have.length(1);
    expect(mailsTo('erin@example.org')).to.have.length(1);
  });

  it('the scheduler serves researchers ahead of UTC: Monday 09:00 in Auckland covers the UTC week before', async function () {
    await put('fiona', { email: 'fiona@example.org', weekly_digest_enabled: true, weekday: 'monday', hour: 9, minute: 0, timezone: 'Pacific/Auckland' });
    await seedWeek('fiona', '2026-03-12T08:00:00.000Z'); // inside 2026-W11
    const start = clock;
    try {
      clock = new Date('2026-03-22T20:00:00Z'); // Monday 09:00 NZDT, still Sunday in UTC
      await tick();
    } finally {
      clock = start;
    }
    const [entry] = await history('fiona');
    expect(entry).to.include({ period: '2026-W11', window_start: '2026-03-09T00:00:00.000Z', status: 'delivered' });
    expect(mailsTo('fiona@example.org')).to.have.length(1);
  });

  it('startDigestDispatcher runs the duty at once and stops cleanly (the scheduler\'s entry point)', async function () {
    await put('gina', { email: 'gina@example.org', weekly_digest_enabled: true, weekday: 'monday', hour: 0, minute: 0, timezone: 'UTC' });
    await seedWeek('gina');
    await server.runtime.projections.waitForCatchUp();
    const stop = startDigestDispatcher(server.runtime, 60_000);
    await stop();
    expect(mailsTo('gina@example.org')).to.have.length(1);
  });

  it('validates the delivery-history limit (1-200)', async function () {
    for (const limit of ['0', '201', 'x']) {
      expect((await fetch(`${server.baseUrl}/api/workspace/digest/delivery-history?limit=${limit}`, { headers: as('alice') })).status, limit).to.equal(422);
    }
    expect((await fetch(`${server.baseUrl}/api/workspace/digest/delivery-history?limit=1`, { headers: as('alice') })).status).to.equal(200);
  });

  describe('signed review links', function () {
    const open = (token: string) => fetch(`${server.baseUrl}/api/workspace/digest/review?token=${encodeURIComponent(token)}`, { redirect: 'manual' });

    it('redirects a valid link to the run in the dashboard', async function () {
      const link = (await preview('alice')).review_link as string;
      const response = await fetch(link.replace('https://evidence.example', server.baseUrl), { redirect: 'manual' });
      expect(response.status).to.equal(302);
      expect(response.headers.get('location')).to.equal(`/?run=${aliceRun}#digest/2026-W12`);
    });

    it('refuses tampered (403), expired (403) and malformed (400) tokens', async function () {
      const token = new URL((await preview('alice')).review_link).searchParams.get('token')!;
      const [payload, signature] = token.split('.') as [string, string];
      const forged = Buffer.from(JSON.stringify({ period: '2026-W12', run_id: randomUUID(), exp: 4_000_000_000 })).toString('base64url');
      expect((await open(`${forged}.${signature}`)).status).to.equal(403);
      expect((await open(`${payload}.${signReviewToken('another-secret', { period: '2026-W12' }, clock).split('.')[1]}`)).status).to.equal(403);
      const expired = signReviewToken('review-link-secret', { period: '2026-W11' }, new Date(clock.getTime() - 9 * 86_400_000));
      const response = await open(expired);
      expect(response.status).to.equal(403);
      expect(((await response.json()) as Json).detail).to.match(/expired/);
      expect((await open('garbage')).status).to.equal(400);
      expect((await fetch(`${server.baseUrl}/api/workspace/digest/review`, { redirect: 'manual' })).status).to.equal(422);
    });

    it('omits the link and refuses tokens when no secret is configured', async function () {
      const settings = server.runtime.settings;
      const saved = { secret: settings.workspaceReviewLinkSecret, apiKey: settings.apiKey };
      const token = new URL((await preview('alice')).review_link).searchParams.get('token')!;
      settings.workspaceReviewLinkSecret = undefined;
      settings.apiKey = undefined;
      try {
        expect((await preview('alice')).review_link).to.equal(null);
        expect((await open(token)).status).to.equal(403);
      } finally {
        settings.workspaceReviewLinkSecret = saved.secret;
        settings.apiKey = saved.apiKey;
      }
    });
  });

  it('never shows one researcher\'s digest deliveries to another', async function () {
    const bob = await history('bob');
    expect(bob.map((h) => h.period)).to.deep.equal(['2026-W12']);
    expect(bob[0]).to.include({ status: 'suppressed' });
    const nobody = await history('nobody');
    expect(nobody).to.deep.equal([]);
  });
});
