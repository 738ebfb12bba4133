// Following research in the browser (issue 7 item 6): the alerts badge and list, notification
// settings, the weekly digest, the runs list and comparing two runs, in real Chromium with the CSP
// enforced. History is seeded through the real write path (test/support/workspace-seed.ts) so the real
// reminders processor raises the alerts; one real offline dossier job shows the badge following a
// completed dossier.
import { systemClock } from '../../infra/clock/clock';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { newCommandContext } from '../../commands/shared/command-context';
import { changeRun } from '../../commands/workspace/run-commands';
import { REVIEW_REMINDERS_PROCESSOR } from '../../processors/alerts/review-reminders.processor';
import { eventually } from '../support/databases';
import { startSmtpPeer, SmtpPeer } from '../support/smtp-peer';
import type { TestServer } from '../support/test-server';
import { seedCompletedRun, seedDossier, seedReview } from '../support/workspace-seed';
import { DashboardPage, launchBrowser, openDashboard, PHONE, screenshot, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';
import { openScratchPostgres, ScratchDatabase } from '../support/scratch-postgres';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SMTP = { user: 'follow-smtp', pass: 'follow-smtp-password' };
const WEBHOOK_SECRET_PART = 'zQ9SECRETtokenX';
const DAY = 86_400_000;

/** Monday 00:00 UTC of the previous completed week (the digest's window) plus `days` and `hours`. */
function previousWeek(days: number, hours: number): string {
  const now = new Date();
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY;
  return new Date(monday - 7 * DAY + days * DAY + hours * 3_600_000).toISOString();
}

describe('Dashboard: follow (alerts, notifications, digest, runs, compare) in Chromium', function () {
  this.timeout(120_000);
  let server: TestServer;
  let scratch: ScratchDatabase | undefined;
  let smtp: SmtpPeer;
  let browser: Browser;
  let tab: DashboardPage;
  let run1 = '';
  let run2 = '';
  let bobTopDrug: Json = {};

  const as = (who: string) => ({ 'X-Researcher-ID': who, 'content-type': 'application/json' });
  async function call(who: string, method: string, path: string, body?: Json): Promise<Response> {
    return fetch(`${server.baseUrl}${path}`, { method, headers: as(who), body: body ? JSON.stringify(body) : undefined });
  }
  async function json(who: string, path: string): Promise<Json> {
    const response = await call(who, 'GET', path);
    expect(response.status, await response.clone().text()).to.equal(200);
    return (await response.json()) as Json;
  }
  async function processed(eventId: string): Promise<void> {
    await eventually(async () => Boolean(await server.runtime.db.knex('processed_events').where({ processor: REVIEW_REMINDERS_PROCESSOR, event_id: eventId }).first()),
      'the review-reminders processor handled the run', 30_000);
    await server.runtime.projections.waitForCatchUp();
  }
  async function finishedJob(who: string, body: Json): Promise<Json> {
    const response = await call(who, 'POST', '/api/jobs/workspace', body);
    expect(response.status, await response.clone().text()).to.equal(202);
    const { job_id: jobId } = (await response.json()) as Json;
    let status: Json = {};
    await eventually(async () => {
      status = await json(who, `/api/jobs/${jobId}`);
      return status.status === 'SUCCESS' || status.status === 'FAILURE';
    }, 'workspace job finished', 60_000);
    expect(status.status, status.error).to.equal('SUCCESS');
    return status;
  }
  async function open(viewport?: typeof PHONE, who: 'alice' | 'bob' = 'alice'): Promise<Page> {
    tab = await openDashboard(browser, server.baseUrl, viewport);
    await tab.page.goto('/');
    await signIn(tab.page, who, ACCOUNTS[who]);
    return tab.page;
  }
  async function go(page: Page, hash: string): Promise<void> {
    await page.evaluate((target) => { location.hash = target; }, hash);
  }
  function expectCleanPage(): void {
    expect(tab.cspViolations, 'CSP violations').to.deep.equal([]);
    expect(tab.pageErrors, 'page errors').to.deep.equal([]);
  }

  before(async function () {
    skipWithoutChromium(this);
    smtp = await startSmtpPeer(SMTP);
    // A database of its own: the badge and the digest count every alert and run of 'alice', and other
    // suites review runs as 'alice' in the run's shared database.
    scratch = await openScratchPostgres('follow_e2e');
    server = await startDashboardServer({
      ALERT_SMTP_HOST: '127.0.0.1', ALERT_SMTP_PORT: String(smtp.port), ALERT_SMTP_USE_TLS: 'false',
      ALERT_SMTP_USERNAME: SMTP.user, ALERT_SMTP_PASSWORD: SMTP.pass,
    }, { databaseUrl: scratch.url });
    browser = await launchBrowser();

    // alice, last week: a run, two pins, a later run where both pinned drugs gain evidence -> two reminders.
    const first = await seedCompletedRun(server.runtime, {
      researcherId: 'alice', diseaseId: 'sle', at: previousWeek(0, 9), candidates: [
        { id: 'drug_a', score: 70, rank: 1, evidence: { ev_a1: 0.8 } },
        { id: 'drug_b', score: 50, rank: 2, evidence: { ev_b1: 0.6 } },
        { id: 'tnfsf13b', type: 'target', score: 40, rank: 1, evidence: { ev_t1: 0.5 } },
      ],
    });
    run1 = first.runId;
    await processed(first.completedEventId);
    for (const candidateId of ['drug_a', 'drug_b']) await seedReview(server.runtime, { researcherId: 'alice', runId: run1, candidateId, decision: 'pin', at: previousWeek(0, 10) });
    await server.runtime.projections.waitForCatchUp();
    const second = await seedCompletedRun(server.runtime, {
      researcherId: 'alice', diseaseId: 'sle', at: previousWeek(1, 9), candidates: [
        { id: 'drug_b', score: 72, rank: 1, evidence: { ev_b1: 0.6, ev_b2: 0.9 } },
        { id: 'drug_a', score: 65, rank: 2, evidence: { ev_a1: 0.8, ev_a2: 0.7 } },
        { id: 'tnfsf13b', type: 'target', score: 45, rank: 1, evidence: { ev_t1: 0.5 } },
      ],
    });
    run2 = second.runId;
    await processed(second.completedEventId);
    expect((await call('alice', 'PUT', '/api/workspace/notifications', { email: 'alice@example.org' })).status).to.equal(200);

    // bob: enough runs for two pages of the runs list, and one real offline dossier (its top drug seeds
    // alice's baseline in the badge test).
    for (let i = 0; i < 22; i += 1) {
      await seedCompletedRun(server.runtime, { researcherId: 'bob', diseaseId: 'ra', at: new Date(Date.UTC(2025, 0, 6, 9, i)).toISOString(), candidates: [{ id: `drug_${i}`, score: 50, rank: 1, evidence: { [`ev_${i}`]: 0.5 } }] });
    }
    const job = await finishedJob('bob', { disease_id: 'ra', question: 'Which drugs are most promising for RA?', enable_llm: false });
    bobTopDrug = job.result.dossier.drug_rankings[0];
    expect(bobTopDrug, 'the offline ra dossier ranks drugs').to.be.an('object');
    await server.runtime.projections.waitForCatchUp();
  });
  afterEach(async function () {
    await tab?.context.close();
  });
  after(async function () {
    await browser?.close();
    await server?.close();
    await smtp?.close();
    await scratch?.drop();
  });

  it('shows the unread count in the badge; marking an alert read decrements it', async function () {
    const page = await open();
    const badge = page.getByTestId('alerts-badge');
    expect(await waitForText(badge, '2')).to.equal('2');
    await go(page, '#alerts');
    await page.getByTestId('alerts-list').waitFor();
    expect(await page.getByTestId('alert-item').count()).to.equal(2);
    expect(await page.getByTestId('alerts-unread-count').textContent()).to.equal('2');
    expect(await page.getByTestId('alert-item').first().textContent()).to.match(/1 new evidence record linked/);
    await screenshot(page, 'follow-alerts-desktop');

    const first = page.getByTestId('alert-item').first();
    const alertId = await first.getAttribute('data-alert-id');
    await first.getByTestId('alert-mark-read').click();
    await page.locator(`[data-alert-id="${alertId}"][data-status="read"]`).waitFor();
    expect(await waitForText(badge, '1')).to.equal('1');
    expect(await page.getByTestId('alerts-unread-count').textContent()).to.equal('1');
    const stored = await json('alice', '/api/workspace/alerts');
    expect(stored.alerts.find((a: Json) => a.alert_id === alertId).status).to.equal('read');

    await page.getByTestId('alerts-unread-only').check();
    await page.waitForURL(/#alerts\?unread=1$/);
    // The list re-renders on hashchange: wait for the filtered list rather than the one it replaces.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="alert-item"]').length === 1
      && document.querySelectorAll('[data-testid="alert-item"][data-status="unread"]').length === 1);
    expectCleanPage();
  });

  it('saves notification settings: the webhook comes back masked, a bad URL gets the server\'s 422 next to its field', async function () {
    const page = await open(undefined, 'bob');
    const puts: string[] = [];
    page.on('request', (request) => { if (request.method() === 'PUT') puts.push(request.url()); });
    await go(page, '#settings');
    const form = page.getByTestId('settings-form');
    await form.waitFor();
    expect(await page.getByTestId('settings-webhook-masked').textContent()).to.equal('No webhook configured.');

    // A rule of the route's schema, caught in the browser: nothing is sent.
    await page.getByTestId('settings-score_drop_threshold').fill('150');
    await page.getByTestId('settings-save').click();
    expect(await form.locator('[data-field="score_drop_threshold"] [data-testid="field-error"]').textContent()).to.match(/between 0 and 100/);
    expect(puts).to.deep.equal([]);

    // The webhook rules are the server's: its 422 lands next to the webhook field.
    await page.getByTestId('settings-score_drop_threshold').fill('5');
    await page.getByTestId('settings-webhook').fill('http://hooks.slack.com/services/T000/B000/plain');
    await page.getByTestId('settings-save').click();
    const webhookError = form.locator('[data-field="chat_webhook_url"] [data-testid="field-error"]');
    await webhookError.waitFor();
    expect(await webhookError.textContent()).to.match(/https/);
    expect(puts).to.have.length(1);
    await screenshot(page, 'follow-settings-422-desktop');

    await page.getByTestId('settings-email').fill('bob@example.org');
    await page.getByTestId('settings-webhook').fill(`https://hooks.slack.com/services/T0FOLLOW/B0FOLLOW/${WEBHOOK_SECRET_PART}`);
    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-saved').waitFor();
    expect(await page.getByTestId('settings-webhook').inputValue()).to.equal('');

    await page.reload();
    await page.getByTestId('settings-form').waitFor();
    const masked = await page.getByTestId('settings-webhook-masked').textContent();
    expect(masked).to.contain('hooks.slack.com');
    expect(masked).not.to.contain(WEBHOOK_SECRET_PART);
    expect(await page.content()).not.to.contain(WEBHOOK_SECRET_PART);
    expect(await page.getByTestId('settings-email').inputValue()).to.equal('bob@example.org');
    expect(await page.getByTestId('settings-score_drop_threshold').inputValue()).to.equal('5');
    expect(await page.getByTestId('delivery-chat').textContent()).to.match(/ready/);
    await screenshot(page, 'follow-settings-desktop');
    expectCleanPage();
  });

  it('previews the digest, sends it, refuses a second send unless "send again", and lands review links on the week', async function () {
    const page = await open();
    await go(page, '#digest');
    const preview = page.getByTestId('digest-preview');
    await preview.waitFor();
    const digest = await json('alice', '/api/workspace/digest');
    expect(await preview.textContent()).to.contain(`week ${digest.period}`);
    const evidence = await page.getByTestId('digest-new-evidence').textContent();
    expect(evidence).to.contain('Study ev_a2').and.to.contain('Study ev_b2');
    expect(await page.getByTestId('digest-reminders').locator('li').count()).to.equal(1);
    await page.getByTestId('digest-history').waitFor();

    const result = page.getByTestId('digest-send-result');
    await page.getByTestId('digest-send').click();
    await result.locator('[data-status="delivered"]').waitFor();
    await page.locator(`[data-testid="digest-history-row"][data-period="${digest.period}"]`).filter({ hasText: 'delivered' }).waitFor();
    await page.getByTestId('digest-send').click();
    await result.locator('[data-status="already_delivered"]').waitFor();
    await page.getByTestId('digest-force').check();
    await page.getByTestId('digest-send').click();
    await result.locator('[data-status="delivered"]').waitFor();
    expect(await result.textContent()).to.contain('round 2');
    const mails = smtp.received.filter((m) => m.envelopeTo.includes('alice@example.org') && m.headers['x-evidence-digest-period']);
    expect(mails).to.have.length(2);
    await screenshot(page, 'follow-digest-desktop');

    // The signed review link's redirect target: /?run={run_id}#digest/{period}.
    await page.goto(`/?run=${run2}#digest/${digest.period}`);
    const context = page.getByTestId('digest-context');
    await context.waitFor();
    expect(await context.textContent()).to.contain(`Review of week ${digest.period}`);
    expect(await page.getByTestId('digest-context-run').getAttribute('href')).to.equal(`#runs/${run2}`);
    await page.locator(`[data-testid="digest-history-row"][data-period="${digest.period}"].highlight`).waitFor();
    expectCleanPage();
  });

  it('pages through the runs list and deletes a run after confirming; the row disappears', async function () {
    const page = await open(undefined, 'bob');
    const { total } = await json('bob', '/api/workspace/runs?limit=1');
    expect(total).to.be.greaterThan(20);
    await go(page, '#runs');
    await page.getByTestId('run-row').first().waitFor();
    expect(await page.getByTestId('run-row').count()).to.equal(20);
    expect(await page.getByTestId('runs-total').textContent()).to.equal(`${total} runs`);
    expect(await page.getByTestId('runs-pager-range').textContent()).to.equal(`1–20 of ${total}`);
    await screenshot(page, 'follow-runs-desktop');

    await page.getByTestId('runs-pager-next').click();
    await page.waitForURL(/#runs\?offset=20$/);
    await page.getByTestId('runs-pager-range').filter({ hasText: `21–${total} of ${total}` }).waitFor();
    expect(await page.getByTestId('run-row').count()).to.equal(total - 20);

    const row = page.getByTestId('run-row').first();
    const runId = await row.getAttribute('data-run-id');
    await row.getByTestId('run-delete').click();
    await row.getByTestId('run-delete-cancel').click();
    await row.getByTestId('run-delete').click();
    await row.getByTestId('run-delete-confirm').click();
    await page.locator(`[data-run-id="${runId}"]`).waitFor({ state: 'detached' });
    expect(await page.getByTestId('runs-total').textContent()).to.equal(`${total - 1} runs`);
    expect((await call('bob', 'GET', `/api/workspace/runs/${runId}`)).status).to.equal(404);
    expect(tab.dialogs).to.deep.equal([]);
    expectCleanPage();
  });

  it('compares two runs picked in the runs list, and shows the server\'s 404 and 409 text', async function () {
    const page = await open();
    await go(page, '#runs');
    await page.locator(`[data-run-id="${run2}"] [data-testid="run-select"]`).check();
    await page.locator(`[data-run-id="${run1}"] [data-testid="run-select"]`).check();
    await page.getByTestId('compare-selected').click();
    await page.waitForURL(new RegExp(`#compare\\?left=${run1}&right=${run2}$`));
    const result = page.getByTestId('compare-result');
    await result.waitFor();
    expect(await page.getByTestId('evidence-counts').textContent()).to.equal('2 added, 0 removed, 3 unchanged.');
    expect(await page.getByTestId('evidence-added').textContent()).to.contain('Study ev_a2');
    const drugs = page.getByTestId('compare-drugs').getByTestId('ranking-change');
    expect(await drugs.count()).to.equal(2);
    expect(await page.getByTestId('compare-drugs').textContent()).to.contain('moved up').and.to.contain('moved down');
    expect(await page.getByTestId('compare-reviews').textContent()).to.contain('only in left');
    expect(await page.getByTestId('compare-left').inputValue()).to.equal(run1);
    await screenshot(page, 'follow-compare-desktop');

    await go(page, `#compare?left=${randomUUID()}&right=${run2}`);
    await page.getByTestId('compare-output').getByTestId('error').waitFor();
    expect(await page.getByTestId('compare-output').textContent()).to.match(/\(404\): no such run/);

    // A run still running has no dossier: 409 with the server's words.
    const running = randomUUID();
    const request = seedDossier(running, 'sle', []).request;
    await changeRun(server.runtime.store, running, { type: 'RequestRun', runId: running, researcherId: 'alice', request, at: new Date().toISOString() }, newCommandContext(systemClock, { kind: 'researcher', id: 'alice' }));
    await go(page, `#compare?left=${run1}&right=${running}`);
    await page.getByTestId('compare-output').filter({ hasText: '(409)' }).waitFor();
    expect(await page.getByTestId('compare-output').textContent()).to.match(/\(409\): run .* is still running/);
    expectCleanPage();
  });

  it('fits the follow views at phone width (390×844) without horizontal scrolling', async function () {
    const page = await open(PHONE);
    const views: [string, string][] = [
      ['#alerts', 'alerts-list'], ['#settings', 'settings-form'], ['#digest', 'digest-preview'], ['#runs', 'run-row'], [`#compare?left=${run1}&right=${run2}`, 'compare-result'],
    ];
    for (const [hash, testid] of views) {
      await go(page, hash);
      await page.getByTestId(testid).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `no horizontal scrolling on ${hash}`).to.be.at.most(0);
      await screenshot(page, `follow-${hash.slice(1).split('?')[0]}-phone`);
    }
    expectCleanPage();
  });

  it('refreshes the alerts badge when a dossier completes (dossier-completed), well before the 60 s tick', async function () {
    // A baseline ra run where alice pinned the drug the real offline dossier ranks first, with evidence
    // the real run does not have: the real run links new evidence to it, so a reminder is raised.
    const baseline = await seedCompletedRun(server.runtime, {
      researcherId: 'alice', diseaseId: 'ra', at: new Date(Date.now() - 60_000).toISOString(),
      candidates: [{ id: bobTopDrug.candidate_id, type: 'drug', score: bobTopDrug.score, rank: 1, evidence: { ev_baseline_only: 0.5 } }],
    });
    await processed(baseline.completedEventId);
    await seedReview(server.runtime, { researcherId: 'alice', runId: baseline.runId, candidateId: bobTopDrug.candidate_id, decision: 'pin', at: new Date(Date.now() - 50_000).toISOString() });
    await server.runtime.projections.waitForCatchUp();

    const page = await open();
    const before = (await json('alice', '/api/workspace/alerts?unread_only=true&limit=1')).unread_count as number;
    const badge = page.getByTestId('alerts-badge');
    expect(await waitForText(badge, String(before))).to.equal(String(before));
    const loadedAt = Date.now();

    const response = await call('alice', 'POST', '/api/jobs/workspace', { disease_id: 'ra', question: 'Which drugs are most promising for RA?', enable_llm: false });
    expect(response.status, await response.clone().text()).to.equal(202);
    const { job_id: jobId } = (await response.json()) as Json;
    await go(page, `#jobs/${jobId}`);
    expect(await waitForText(badge, String(before + 1), 40_000)).to.equal(String(before + 1));
    expect(Date.now() - loadedAt, 'refreshed by the completion, not by the 60 s timer').to.be.below(60_000);
    const alerts = await json('alice', '/api/workspace/alerts?unread_only=true');
    expect(alerts.alerts.some((a: Json) => a.run_id === jobId && a.candidate_id === bobTopDrug.candidate_id)).to.equal(true);
    await screenshot(page, 'follow-badge-after-dossier-desktop');
    expectCleanPage();
  });

  it('refreshes the alerts badge on its 60-second tick (the page clock is fast-forwarded)', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.clock.install();
    await page.goto('/');
    await signIn(page, 'alice', ACCOUNTS.alice);
    const unread = await json('alice', '/api/workspace/alerts?unread_only=true');
    const before = unread.unread_count as number;
    expect(before, 'an earlier test left alice an unread alert').to.be.at.least(1);
    const badge = page.getByTestId('alerts-badge');
    expect(await waitForText(badge, String(before))).to.equal(String(before));

    // Read elsewhere (another device): nothing tells this page, until its timer looks again.
    expect((await call('alice', 'POST', `/api/workspace/alerts/${unread.alerts[0].alert_id}/read`)).status).to.equal(200);
    await server.runtime.projections.waitForCatchUp();
    await page.clock.runFor(50_000);
    expect(await waitForText(badge, String(before), 1_000), 'no refresh before the minute is up').to.equal(String(before));
    await page.clock.runFor(11_000);
    expect(await waitForText(badge, String(before - 1))).to.equal(String(before - 1));
    expectCleanPage();
  });
});

/** Waits until the locator's text is `text` (or times out) and returns the text it last had. */
async function waitForText(locator: ReturnType<Page['getByTestId']>, text: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = ((await locator.textContent()) ?? '').trim();
    if (last === text) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}
