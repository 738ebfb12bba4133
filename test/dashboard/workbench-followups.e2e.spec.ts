// Issue 17 part 5, in Chromium with the CSP enforced: evidence changes named by title and source id
// (not ev_… hashes), compare without raw fingerprints, candidate history by name with type-ahead, the
// API key remembered across tabs only when asked (and forgotten at sign-out), a header on one line at
// 1280 px, one compact disclaimer that covers nothing, and an SVG favicon served as image/svg+xml.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { seedCompletedRun } from '../support/workspace-seed';
import { DashboardPage, launchBrowser, openDashboard, PHONE, screenshot, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';
import { completedSleRun } from './support/sle-run';

const API_KEY = 'followups-api-key-0123456789abcdefghijklmn';
const DISEASE = 'e2e-followups-disease';

async function signInWithKey(page: Page, remember: boolean): Promise<void> {
  const dialog = page.getByTestId('signin-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Username').fill('alice');
  await dialog.getByLabel('Password').fill(ACCOUNTS.alice);
  await dialog.getByLabel(/API key/).fill(API_KEY);
  await dialog.getByTestId('remember-key').setChecked(remember);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('researcher-name').filter({ hasText: 'alice' }).waitFor();
}

describe('Dashboard: workbench follow-ups (issue 17 part 5, Chromium)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  let tab: DashboardPage | undefined;
  const runIds: string[] = [];

  before(async function () {
    skipWithoutChromium(this);
    server = await startDashboardServer({ API_KEY });
    browser = await launchBrowser();
    const runs: { at: string; evidence: Record<string, number> }[] = [
      { at: '2026-02-02T10:00:00.000Z', evidence: { 'ev_old0000000000001': 0.9, 'ev_gone000000000002': 0.4 } },
      { at: '2026-02-09T10:00:00.000Z', evidence: { 'ev_old0000000000001': 0.9, 'ev_new0000000000003': 0.8 } },
    ];
    for (const run of runs) {
      const { runId } = await seedCompletedRun(server.runtime, {
        researcherId: 'alice', diseaseId: DISEASE, at: run.at,
        candidates: [{ id: 'drug:anifrolumab', score: 0.6, rank: 1, evidence: run.evidence }, { id: 'target:IFNAR1', type: 'target', score: 0.5, rank: 1, evidence: run.evidence }],
      });
      runIds.push(runId);
    }
    // A real run too: the history's type-ahead offers the names its rankings give.
    await completedSleRun(server, 'alice', API_KEY);
  });
  afterEach(async function () {
    if (tab) {
      expect(tab.cspViolations, 'no CSP violation').to.deep.equal([]);
      expect(tab.pageErrors, 'no console error').to.deep.equal([]);
      await tab.context.close();
      tab = undefined;
    }
  });
  after(async function () {
    await browser?.close();
    await server?.close();
  });

  it('keeps the key for every tab only when "remember on this device" is ticked, and forgets it at sign-out', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    await tab.page.goto('/');
    await signInWithKey(tab.page, false);
    const stored = (page: Page) => page.evaluate(() => sessionStorage.getItem('ers.api-key') ?? localStorage.getItem('ers.api-key'));
    const second = await tab.context.newPage();
    await second.goto('/#runs');
    await second.getByTestId('researcher-name').filter({ hasText: 'alice' }).waitFor();
    expect(await stored(second), 'an unremembered key stays in its tab').to.equal(null);
    await second.close();

    await tab.page.getByTestId('sign-out').click();
    await signInWithKey(tab.page, true);
    const third = await tab.context.newPage();
    await third.goto('/#runs');
    await third.getByTestId('researcher-name').filter({ hasText: 'alice' }).waitFor();
    expect(await stored(third), 'a remembered key reaches the new tab').to.equal(API_KEY);
    await third.getByTestId('sign-out').click();
    await third.getByTestId('signin-dialog').waitFor({ state: 'visible' });
    expect(await third.evaluate(() => localStorage.getItem('ers.api-key')), 'sign-out forgets the key').to.equal(null);
    await third.close();
  });

  it('lays the header out on one line at 1280 px with one compact disclaimer, and serves the favicon as SVG', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    await signInWithKey(page, false);
    const header = await page.getByTestId('app-header').boundingBox();
    expect(header?.height ?? 999, 'one line of header').to.be.below(60);
    const disclaimer = page.getByTestId('disclaimer');
    expect(await page.locator('[role="note"]:visible').count(), 'one disclaimer').to.equal(1);
    expect(await disclaimer.evaluate((el) => getComputedStyle(el).position)).to.equal('static');
    expect((await disclaimer.boundingBox())?.height ?? 999).to.be.below(30);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).to.match(/^\/assets\/favicon-.*\.svg$/);
    const served = await page.request.get(icon as string);
    expect(served.status()).to.equal(200);
    expect(served.headers()['content-type']).to.contain('image/svg+xml');
    await screenshot(page, 'followups-header-desktop');
  });

  it('names evidence changes by title and source id, hides raw fingerprints, and finds a history by name', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    await signInWithKey(page, false);
    await page.goto(`/#trends?${runIds.map((id) => `run_ids=${id}`).join('&')}`);
    await page.getByTestId('evidence-ref').first().waitFor();
    const changes = await page.getByTestId('evidence-changes').textContent();
    expect(changes).to.contain('Study ev_new0000000000003').and.contain('pubmed').and.contain('Study ev_gone000000000002');
    expect(await page.locator('[data-testid="evidence-changes"] code').count(), 'no bare ids').to.equal(0);
    await screenshot(page, 'followups-trends-desktop');

    await page.goto(`/#compare?left=${runIds[0]}&right=${runIds[1]}`);
    await page.getByTestId('compare-result').waitFor();
    const note = page.getByTestId('compare-fingerprints');
    expect(await note.locator('summary').textContent()).to.match(/Same inputs|Different inputs/);
    expect(await note.locator('p').isVisible(), 'fingerprints only on request').to.equal(false);
    expect(await page.getByTestId('evidence-added').textContent()).to.contain('Study ev_new0000000000003').and.contain('pubmed');

    await page.goto('/#history');
    const input = page.getByTestId('history-candidate');
    await input.focus();
    // The offered names are the runs' labels, the graph's names of the drugs ("Anifrolumab"), matched in any case.
    const offered = () => page.locator('#candidate-names option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value.toLowerCase()));
    await page.waitForFunction(() => [...document.querySelectorAll('#candidate-names option')].some((o) => (o as HTMLOptionElement).value.toLowerCase() === 'anifrolumab'));
    expect(await offered()).to.include('belimumab');
    await input.fill('Anifrolumab');
    await page.getByRole('button', { name: 'Show history' }).click();
    await page.waitForURL(/candidate_id=drug%3Aanifrolumab&candidate_type=drug/);
    await page.getByTestId('history-runs').waitFor();
    expect(await page.getByTestId('history-score').count()).to.be.at.least(1);
  });

  it('works at phone width: compact disclaimer, search and history without horizontal scrolling', async function () {
    tab = await openDashboard(browser, server.baseUrl, PHONE);
    const { page } = tab;
    await page.goto('/');
    await signInWithKey(page, false);
    await page.goto(`/#trends?${runIds.map((id) => `run_ids=${id}`).join('&')}`);
    await page.getByTestId('evidence-ref').first().waitFor();
    const box = await page.getByTestId('disclaimer').boundingBox();
    expect(box?.height ?? 999, 'under 5 % of the screen').to.be.below(844 * 0.05);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    await screenshot(page, 'followups-trends-phone');
  });
});
