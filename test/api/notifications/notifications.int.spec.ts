// Notification settings and alert delivery through real peers: an SMTP server (smtp-server) and an
// HTTPS chat-webhook receiver (self-signed, trusted through the injected CA and reached through an
// injected resolver). Exactly one successful delivery per (alert, researcher, channel).
import { systemClock } from '../../../infra/clock/clock';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { changeAlert } from '../../../commands/alerts/alert-commands';
import { newCommandContext } from '../../../commands/shared/command-context';
import { deliveryStreamId } from '../../../domain/notifications/delivery';
import { notificationTransportOptions, setNotificationTransportOptions } from '../../../infra/notifications/transport-options';
import { silentLogger } from '../../../infra/logging/logger';
import { alertDispatcherDeps } from '../../../app/notify.compose';
import { dispatchPendingAlerts } from '../../../commands/notifications/dispatch-pending-alerts';
import { startSmtpPeer, SmtpPeer } from '../../support/smtp-peer';
import { startTestServer, TestServer } from '../../support/test-server';
import { startWebhookReceiver, WebhookReceiver } from '../../support/webhook-receiver';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SMTP_PASSWORD = 'smtp-Pa55word-never-shown';
const HOOK_SECRETS = ['T0SECRET1', 'B0SECRET2', 'xoxSecretToken123'];
const HOOK_URL = `https://hooks.slack.com/services/${HOOK_SECRETS.join('/')}`;

describe('Notification settings and alert delivery', function () {
  this.timeout(60_000);
  let server: TestServer;
  let smtp: SmtpPeer;
  let hook: WebhookReceiver;
  const suffix = randomUUID().slice(0, 8);
  const who = (name: string) => `notify-${name}-${suffix}`;
  const as = (name: string) => ({ 'X-Researcher-ID': who(name), 'content-type': 'application/json' });

  before(async function () {
    smtp = await startSmtpPeer({ user: 'alerts-user', pass: SMTP_PASSWORD });
    hook = await startWebhookReceiver();
    server = await startTestServer({
      startWorkers: true,
      env: {
        ALERT_SMTP_HOST: '127.0.0.1', ALERT_SMTP_PORT: String(smtp.port), ALERT_SMTP_USE_TLS: 'false', ALERT_SMTP_USERNAME: 'alerts-user',
        ALERT_SMTP_PASSWORD: SMTP_PASSWORD, ALERT_SMTP_FROM: 'alerts@evidence.test', WORKSPACE_PUBLIC_URL: 'https://evidence.example',
        AUTH_SESSION_SECRET: 'notification-test-session-secret',
      },
    });
    setNotificationTransportOptions(server.runtime, {
      webhook: { lookup: async () => [{ address: '127.0.0.1', family: 4 }], allowPrivateForTests: true, port: hook.port, ca: hook.ca },
    });
  });
  after(async function () {
    await server?.close();
    await smtp?.close();
    await hook?.close();
  });

  async function put(name: string, body: Json): Promise<Response> {
    return fetch(`${server.baseUrl}/api/workspace/notifications`, { method: 'PUT', headers: as(name), body: JSON.stringify(body) });
  }
  async function getSettings(name: string): Promise<Json> {
    // Delivery status is a read model: let it catch up with the deliveries just recorded (regression: flaky null).
    await server.runtime.projections.waitForCatchUp();
    return (await (await fetch(`${server.baseUrl}/api/workspace/notifications`, { headers: as(name) })).json()) as Json;
  }
  async function poll(name: string): Promise<Json> {
    const response = await fetch(`${server.baseUrl}/api/workspace/alerts`, { headers: as(name) });
    expect(response.status).to.equal(200);
    return (await response.json()) as Json;
  }
  /** Raises an alert for `name` as the processor would, and waits for the read model. */
  async function raise(name: string, label = 'Drug X'): Promise<string> {
    const alertId = randomUUID();
    await changeAlert(server.runtime.store, alertId, {
      type: 'RaiseAlert', alertId, researcherId: who(name), runId: randomUUID(), previousRunId: randomUUID(), diseaseId: 'sle',
      candidateId: 'drug_x', candidateType: 'drug', label, previous: { score: 70, rank: 1, average_evidence_quality: 0.8, evidence_count: 1 },
      current: { score: 50, rank: 3, average_evidence_quality: 0.6, evidence_count: 2 }, reasons: [{ type: 'new_evidence', new_evidence_ids: ['ev_2'], count: 1 }],
      newEvidenceIds: ['ev_2'], at: new Date().toISOString(),
    }, newCommandContext(systemClock, { kind: 'system', id: 'test' }));
    await server.runtime.projections.waitForCatchUp();
    return alertId;
  }
  const mailsFor = (alertId: string) => smtp.received.filter((m) => m.headers['x-evidence-alert-id'] === alertId);
  const hooksFor = (label: string) => hook.received.filter((h) => JSON.stringify(h.body).includes(label));
  const streamTypes = async (alertId: string, channel: 'email' | 'chat') => (await server.runtime.store.readStream(deliveryStreamId(alertId, channel))).map((e) => e.type);

  describe('settings', function () {
    it('saves settings, stores the webhook URL encrypted and only ever returns it masked', async function () {
      const saved = await put('alice', {
        email: 'alice@example.org', chat_webhook_url: HOOK_URL, score_drop_threshold: 12.5, rank_change_threshold: 3,
        evidence_quality_change_threshold: 0.15, weekly_digest_enabled: false, weekday: 'friday', hour: 7, minute: 30, timezone: 'Europe/Berlin',
      });
      expect(saved.status, await saved.clone().text()).to.equal(200);
      const body = (await saved.json()) as Json;
      expect(body).to.include({
        email: 'alice@example.org', chat_webhook_configured: true, chat_webhook_url_masked: 'https://hooks.slack.com/services/T…/…/****',
        score_drop_threshold: 12.5, rank_change_threshold: 3, evidence_quality_change_threshold: 0.15, weekday: 'friday', hour: 7, minute: 30, timezone: 'Europe/Berlin',
      });
      const loaded = await getSettings('alice');
      const events = await server.runtime.store.readStream(`notifications-${who('alice')}`);
      for (const text of [JSON.stringify(body), JSON.stringify(loaded), JSON.stringify(events)]) {
        for (const secret of HOOK_SECRETS) expect(text).not.to.contain(secret);
      }
      const partial = (await (await put('alice', { hour: 8 })).json()) as Json;
      expect(partial).to.include({ hour: 8, email: 'alice@example.org', chat_webhook_configured: true, weekday: 'friday' });
    });

    for (const [name, body] of [
      ['an http webhook', { chat_webhook_url: 'http://hooks.slack.com/services/T1/B2/c' }],
      ['a webhook on another host', { chat_webhook_url: 'https://example.com/services/T1/B2/c' }],
      ['a lookalike webhook host', { chat_webhook_url: 'https://hooks.slack.com.evil.com/services/T1/B2/c' }],
      ['a webhook with credentials', { chat_webhook_url: 'https://hooks.slack.com@evil.com/services/T1/B2/c' }],
      ['a score drop above 100', { score_drop_threshold: 100.5 }],
      ['a negative score drop', { score_drop_threshold: -1 }],
      ['a rank change above 100', { rank_change_threshold: 101 }],
      ['a fractional rank change', { rank_change_threshold: 1.5 }],
      ['a quality change above 1', { evidence_quality_change_threshold: 1.01 }],
      ['hour 24', { hour: 24 }],
      ['minute 60', { minute: 60 }],
      ['an unknown weekday', { weekday: 'funday' }],
      ['a numeric weekday', { weekday: 1 }],
      ['an unknown timezone', { timezone: 'Mars/Olympus' }],
      ['a bad email', { email: 'not-an-address' }],
      ['an unknown field', { colour: 'blue' }],
    ] as [string, Json][]) {
      it(`answers 422 for ${name}`, async function () {
        const response = await put('alice', body);
        expect(response.status).to.equal(422);
        const text = await response.text();
        for (const secret of HOOK_SECRETS) expect(text).not.to.contain(secret);
      });
    }

    it('accepts the thresholds\' bounds and removes a channel with null', async function () {
      expect((await put('zed', { score_drop_threshold: 100, rank_change_threshold: 100, evidence_quality_change_threshold: 1 })).status).to.equal(200);
      expect((await put('zed', { score_drop_threshold: 0, rank_change_threshold: 0, evidence_quality_change_threshold: 0, chat_webhook_url: HOOK_URL })).status).to.equal(200);
      const cleared = (await (await put('zed', { chat_webhook_url: null })).json()) as Json;
      expect(cleared).to.include({ chat_webhook_configured: false, chat_webhook_url_masked: null });
    });

    it('keeps researchers apart: bob sees defaults, never alice\'s settings', async function () {
      const bob = await getSettings('bob');
      expect(bob).to.include({ email: null, chat_webhook_configured: false, chat_webhook_url_masked: null, score_drop_threshold: 0, weekday: 'monday', timezone: 'UTC' });
      expect(bob.delivery_status.email).to.include({ configured: false, last_status: null });
    });
  });

  describe('delivery', function () {
    it('delivers an alert once per channel: email with a stable Message-ID, chat with an idempotency key', async function () {
      const alertId = await raise('alice', 'Drug Alpha');
      const first = await poll('alice');
      expect(first.notifications).to.include({ delivered: 2, failed: 0 });
      const [mail, ...more] = mailsFor(alertId);
      expect(more).to.have.length(0);
      expect(mail!.headers['message-id']).to.match(new RegExp(`^<${alertId}\\.email\\.r[0-9a-f]{12}@evidence>$`));
      expect(mail!.headers.from).to.contain('alerts@evidence.test');
      expect(mail!.headers.to).to.contain('alice@example.org');
      expect(mail!.headers.subject).to.contain('Drug Alpha');
      expect(mail!.envelopeTo).to.deep.equal(['alice@example.org']);
      expect(mail!.user).to.equal('alerts-user');
      expect(mail!.text).to.contain('1 new evidence record(s) linked').and.contain('https://evidence.example/?run=').and.contain('Research use only');
      const [post, ...morePosts] = hooksFor('Drug Alpha');
      expect(morePosts).to.have.length(0);
      expect(post!.path).to.equal(`/services/${HOOK_SECRETS.join('/')}`);
      expect(post!.headers.host).to.equal('hooks.slack.com');
      expect(post!.headers['idempotency-key']).to.match(/^[0-9a-f]{32}$/);
      expect((post!.body as Json).text).to.contain('Drug Alpha');

      await server.runtime.projections.waitForCatchUp();
      const second = await poll('alice');
      expect(second.notifications).to.include({ attempted: 0, delivered: 0 });
      expect(mailsFor(alertId)).to.have.length(1);
      expect(hooksFor('Drug Alpha')).to.have.length(1);
      expect(await streamTypes(alertId, 'email')).to.deep.equal(['AlertDeliveryAttempted', 'AlertDeliverySucceeded']);
      const listed = second.alerts.find((a: Json) => a.alert_id === alertId);
      expect(listed.deliveries.email).to.include({ status: 'succeeded', attempts: 1, message_id: mail!.headers['message-id'] });
      const status = (await getSettings('alice')).delivery_status;
      expect(status.email).to.include({ configured: true, available: true, last_status: 'succeeded' });
      expect(status.chat).to.include({ configured: true, available: true, last_status: 'succeeded' });
    });

    it('retries a delivery that fails twice on the next polls, then delivers it once; errors hold no secrets', async function () {
      expect((await put('carol', { email: 'carol@example.org' })).status).to.equal(200);
      const alertId = await raise('carol', 'Drug Carol');
      smtp.rejectNext(2, `mailbox busy (session for alerts-user / ${SMTP_PASSWORD})`);
      for (let failure = 1; failure <= 2; failure++) {
        const body = await poll('carol');
        expect(body.notifications, `poll ${failure}`).to.include({ attempted: 1, failed: 1 });
        expect(mailsFor(alertId)).to.have.length(0);
      }
      await server.runtime.projections.waitForCatchUp();
      const failed = (await getSettings('carol')).delivery_status.email;
      expect(failed.last_status).to.equal('failed');
      expect(failed.last_error).to.be.a('string').and.contain('451').and.contain('[redacted]').and.not.contain(SMTP_PASSWORD);
      expect(failed.last_error.length).to.be.at.most(300);
      expect((await poll('carol')).notifications).to.include({ delivered: 1 });
      await server.runtime.projections.waitForCatchUp();
      await poll('carol');
      expect(mailsFor(alertId)).to.have.length(1);
      expect(await streamTypes(alertId, 'email')).to.deep.equal([
        'AlertDeliveryAttempted', 'AlertDeliveryFailed', 'AlertDeliveryAttempted', 'AlertDeliveryFailed', 'AlertDeliveryAttempted', 'AlertDeliverySucceeded',
      ]);
      const events = JSON.stringify(await server.runtime.store.readStream(deliveryStreamId(alertId, 'email')));
      expect(events).not.to.contain(SMTP_PASSWORD);
    });

    it('a worker killed between sending and recording repeats the delivery at most once, with the same Message-ID', async function () {
      expect((await put('dave', { email: 'dave@example.org' })).status).to.equal(200);
      const alertId = await raise('dave', 'Drug Dave');
      const killed = { ...notificationTransportOptions(server.runtime), now: () => new Date(Date.now() - 10 * 60_000), afterSend: () => { throw new Error('worker killed'); } };
      const crash = await dispatchPendingAlerts(alertDispatcherDeps(server.runtime, { logger: silentLogger, options: killed }), who('dave'), newCommandContext(systemClock, { kind: 'system', id: 'worker' })).then(() => undefined, (e: Error) => e);
      expect(crash?.message).to.equal('worker killed');
      expect(mailsFor(alertId)).to.have.length(1);
      expect(await streamTypes(alertId, 'email')).to.deep.equal(['AlertDeliveryAttempted']);

      // The dead worker's claim is older than the stale window: the next poll sends again and records it.
      await poll('dave');
      await server.runtime.projections.waitForCatchUp();
      await poll('dave');
      const mails = mailsFor(alertId);
      expect(mails).to.have.length(2);
      expect(mails[1]!.headers['message-id']).to.equal(mails[0]!.headers['message-id']);
      expect(await streamTypes(alertId, 'email')).to.deep.equal(['AlertDeliveryAttempted', 'AlertDeliveryAttempted', 'AlertDeliverySucceeded']);
    });

    it('does not send again while a fresh claim is in flight (another worker may still be sending)', async function () {
      const alertId = await raise('dave', 'Drug Dave Two');
      const killed = { ...notificationTransportOptions(server.runtime), afterSend: () => { throw new Error('worker killed'); } };
      await dispatchPendingAlerts(alertDispatcherDeps(server.runtime, { logger: silentLogger, options: killed }), who('dave'), newCommandContext(systemClock, { kind: 'system', id: 'worker' })).catch(() => undefined);
      await poll('dave');
      expect(mailsFor(alertId)).to.have.length(1);
    });

    it('stops delivering an alert once it is read', async function () {
      expect((await put('erin', { email: 'erin@example.org' })).status).to.equal(200);
      const alertId = await raise('erin', 'Drug Erin');
      smtp.rejectNext(1);
      expect((await poll('erin')).notifications).to.include({ failed: 1 });
      expect((await fetch(`${server.baseUrl}/api/workspace/alerts/${alertId}/read`, { method: 'POST', headers: as('erin') })).status).to.equal(200);
      expect((await poll('erin')).notifications).to.include({ attempted: 0 });
      expect(mailsFor(alertId)).to.have.length(0);
    });

    it('retries pending deliveries when the settings are saved', async function () {
      expect((await put('frank', { email: 'frank@example.org' })).status).to.equal(200);
      const alertId = await raise('frank', 'Drug Frank');
      smtp.rejectNext(1);
      expect((await poll('frank')).notifications).to.include({ failed: 1 });
      const saved = (await (await put('frank', { hour: 10 })).json()) as Json;
      expect(saved.notifications).to.include({ delivered: 1 });
      expect(saved.delivery_status.email).to.include({ last_status: 'succeeded', last_error: null });
      expect(mailsFor(alertId)).to.have.length(1);
    });

    it('records webhook failures without the webhook path, and refuses redirects', async function () {
      expect((await put('grace', { chat_webhook_url: HOOK_URL })).status).to.equal(200);
      await raise('grace', 'Drug Grace');
      const before = hook.received.length;
      hook.failNext(1, 302);
      expect((await poll('grace')).notifications).to.include({ failed: 1 });
      expect(hook.received.length).to.equal(before);
      const redirected = (await getSettings('grace')).delivery_status.chat;
      expect(redirected.last_error).to.match(/redirect/);
      hook.failNext(1, 500);
      await poll('grace');
      const failed = (await getSettings('grace')).delivery_status.chat;
      expect(failed.last_error).to.match(/HTTP 500/);
      for (const status of [redirected, failed]) for (const secret of HOOK_SECRETS) expect(JSON.stringify(status)).not.to.contain(secret);
      expect((await poll('grace')).notifications).to.include({ delivered: 1 });
      expect(hooksFor('Drug Grace')).to.have.length(1);
    });

    it('refuses to post to a webhook host that resolves to a private address (no test allowance)', async function () {
      expect((await put('henry', { chat_webhook_url: HOOK_URL })).status).to.equal(200);
      const alertId = await raise('henry', 'Drug Henry');
      const options = notificationTransportOptions(server.runtime);
      setNotificationTransportOptions(server.runtime, { ...options, webhook: { ...options.webhook, allowPrivateForTests: false } });
      try {
        expect((await poll('henry')).notifications).to.include({ failed: 1 });
      } finally {
        setNotificationTransportOptions(server.runtime, options);
      }
      await server.runtime.projections.waitForCatchUp();
      expect((await getSettings('henry')).delivery_status.chat.last_error).to.match(/non-public address/);
      expect(hooksFor('Drug Henry')).to.have.length(0);
      expect(await streamTypes(alertId, 'chat')).to.deep.equal(['AlertDeliveryAttempted', 'AlertDeliveryFailed']);
    });

    it('never dispatches or shows one researcher\'s deliveries to another', async function () {
      const bob = await poll('bob');
      expect(bob.alerts).to.deep.equal([]);
      expect(bob.notifications).to.include({ attempted: 0 });
      expect((await getSettings('bob')).delivery_status.chat).to.include({ last_status: null, last_alert_id: null });
    });
  });
});
