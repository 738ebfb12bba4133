// The researcher's day in one browser session, on a deployment that requires an API key (the sign-in
// dialog asks for it; the page sends it as X-API-Key and on the job WebSocket) and enforces the CSP:
// sign in, ask in offline mode, watch it complete, pin a candidate, ask again with more sources, see
// the alert badge, compare the two runs, download the review bundle. Nothing the page shows is markup.
import fs from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { DashboardPage, launchBrowser, openDashboard, screenshot, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';

const API_KEY = 'journey-api-key-0123456789abcdefghijklmnop';

describe('Dashboard: a researcher\'s journey with an API key and CSP enforced (Chromium)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let browser: Browser;
  let tab: DashboardPage;

  before(async function () {
    skipWithoutChromium(this);
    server = await startDashboardServer({ API_KEY });
    browser = await launchBrowser();
  });
  after(async function () {
    await tab?.context.close();
    await browser?.close();
    await server?.close();
  });

  async function ask(page: Page, question: string, sources: string[]): Promise<string> {
    await page.evaluate(() => { location.hash = 'ask'; });
    await page.getByTestId('ask-form').waitFor();
    await page.getByTestId('disease-input').fill('ra');
    await page.getByTestId('question-input').fill(question);
    for (const source of ['pubmed', 'clinical_trials', 'gwas', 'opentargets', 'chembl']) {
      await page.getByTestId(`source-${source}`).setChecked(sources.includes(source));
    }
    await page.getByTestId('ask-submit').click();
    await page.waitForURL(/#jobs\/[0-9a-f-]{36}/);
    expect(await page.getByTestId('job-transport').textContent()).to.contain('WebSocket');
    await page.waitForURL(/#runs\/[0-9a-f-]{36}$/, { timeout: 90_000 });
    await page.getByTestId('dossier').waitFor();
    return page.url().split('#runs/')[1] as string;
  }

  it('signs in with the API key, asks twice, pins, sees the alert, compares and downloads', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    const dialog = page.getByTestId('signin-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Username').fill('alice');
    await dialog.getByLabel('Password').fill(ACCOUNTS.alice);
    const keyField = dialog.getByLabel(/API key/);
    expect(await keyField.isVisible(), 'the dialog asks for the key this deployment requires').to.equal(true);
    await keyField.fill(API_KEY);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('researcher-name').textContent()).to.equal('alice');

    const question = 'Which drugs act on <script>alert(1)</script> pathways in RA?';
    const firstRun = await ask(page, question, ['pubmed', 'clinical_trials']);
    expect(await page.getByTestId('dossier-question').textContent(), 'markup in the question is shown as text').to.equal(question);

    // Pin the top-ranked drug.
    const top = page.getByTestId('ranking').first();
    const pinned = await top.getAttribute('data-candidate');
    const panel = page.getByTestId('review-panel').first();
    await panel.locator('summary').first().click();
    await panel.getByTestId('review-pin').check();
    await panel.getByTestId('review-rationale').fill('Worth following as trials report');
    await panel.getByTestId('review-save').click();
    await panel.getByTestId('review-status').filter({ hasText: 'Saved.' }).waitFor();

    // A second question with more sources links new evidence to the pinned drug: a reminder is raised.
    const secondRun = await ask(page, 'Which drugs are most promising for RA?', ['pubmed', 'clinical_trials', 'gwas', 'opentargets', 'chembl']);
    expect(secondRun).not.to.equal(firstRun);
    const badge = page.getByTestId('alerts-badge');
    await badge.waitFor({ state: 'visible', timeout: 30_000 });
    expect(Number(await badge.textContent())).to.be.at.least(1);
    await page.getByRole('link', { name: /Alerts/ }).click();
    await page.getByTestId('alerts-list').waitFor();
    // The alert names the pinned drug (by its name; its id is drug:<name>).
    // (Case aside: a compound known only to ChEMBL carries ChEMBL's upper-case name, "ETANERCEPT".)
    expect((await page.getByTestId('alerts-list').textContent())!.toLowerCase()).to.contain((pinned as string).replace(/^drug:/, ''));
    await screenshot(page, 'journey-alerts');

    // Compare the two runs from the runs list.
    await page.getByRole('link', { name: 'Runs', exact: true }).click();
    await page.locator(`[data-run-id="${firstRun}"] [data-testid="run-select"]`).check();
    await page.locator(`[data-run-id="${secondRun}"] [data-testid="run-select"]`).check();
    await page.getByTestId('compare-selected').click();
    await page.getByTestId('compare-result').waitFor();
    expect(await page.getByTestId('compare-left').inputValue()).to.equal(firstRun);
    expect(await page.getByTestId('compare-right').inputValue()).to.equal(secondRun);
    await screenshot(page, 'journey-compare');

    // Download the first run's review bundle: a ZIP whose review notes name the pinned drug.
    await page.evaluate((id) => { location.hash = `runs/${id}`; }, firstRun);
    await page.getByTestId('dossier').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-bundle').click()]);
    const zip = fs.readFileSync((await download.path()) as string);
    expect(zip.subarray(0, 2).toString('latin1')).to.equal('PK');
    expect(zip.includes(Buffer.from('review.md'))).to.equal(true);

    expect(tab.dialogs, 'no script from the question ran').to.deep.equal([]);
    expect(tab.cspViolations).to.deep.equal([]);
    expect(tab.pageErrors).to.deep.equal([]);
  });

  it('follows a job over server-sent events with the key (read with fetch, so X-API-Key goes along)', async function () {
    const submitted = await fetch(`${server.baseUrl}/api/jobs/workspace`, {
      method: 'POST',
      headers: { 'X-API-Key': API_KEY, 'X-Researcher-ID': 'alice', 'content-type': 'application/json' },
      body: JSON.stringify({ disease_id: 'ra', question: 'Followed over SSE', enable_llm: false }),
    });
    expect(submitted.status).to.equal(202);
    const { job_id: jobId } = (await submitted.json()) as { job_id: string };
    await tab?.context.close();
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    const dialog = page.getByTestId('signin-dialog');
    await dialog.getByLabel('Username').fill('alice');
    await dialog.getByLabel('Password').fill(ACCOUNTS.alice);
    await dialog.getByLabel(/API key/).fill(API_KEY);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.evaluate((hash) => { location.hash = hash; }, `jobs/${jobId}?stay=1&transport=sse`);
    await page.getByTestId('job-success').waitFor({ timeout: 60_000 });
    const used = await page.getByTestId('job-transport').textContent();
    expect(used).to.contain('Server-sent events').and.not.to.contain('fell back');
    expect(tab.cspViolations).to.deep.equal([]);
    expect(tab.pageErrors).to.deep.equal([]);
  });
});
