// Ask, watch, read and review in a real browser with the CSP enforced: a question in offline mode
// becomes a dossier (progress over WebSocket, SSE and polling), the dossier shows rankings, evidence,
// claims and the graph, a candidate is pinned (and its history shown), two tabs meet a 412, the
// downloads work, and markup in a question stays text.
import fs from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { DashboardPage, DESKTOP, launchBrowser, openDashboard, PHONE, screenshot, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';

const MARKUP_QUESTION = 'Does <script>alert(1)</script><img src=x onerror=alert(2)> help in lupus?';

describe('Dashboard: ask, watch, read, review (Chromium)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  const tabs: DashboardPage[] = [];
  let runId: string;

  before(async function () {
    skipWithoutChromium(this);
    server = await startDashboardServer();
    browser = await launchBrowser();
  });
  afterEach(async function () {
    for (const tab of tabs.splice(0)) {
      expect(tab.cspViolations, 'CSP violations').to.deep.equal([]);
      expect(tab.pageErrors, 'page errors').to.deep.equal([]);
      await tab.context.close();
    }
  });
  after(async function () {
    await browser?.close();
    await server?.close();
  });

  async function signedInTab(viewport = DESKTOP): Promise<DashboardPage> {
    const tab = await openDashboard(browser, server.baseUrl, viewport);
    tabs.push(tab);
    await tab.page.goto('/');
    await signIn(tab.page, 'alice', ACCOUNTS.alice);
    return tab;
  }

  async function go(page: Page, fragment: string): Promise<void> {
    await page.evaluate((hash) => { location.hash = hash; }, fragment);
  }

  async function noHorizontalOverflow(page: Page): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scrolling at phone width').to.be.at.most(0);
  }

  /** Queues a dossier through the public API as alice (DEBUG test server: X-Researcher-ID). */
  async function submitRun(question: string): Promise<string> {
    const response = await fetch(`${server.baseUrl}/api/jobs/workspace`, {
      method: 'POST',
      headers: { 'X-Researcher-ID': 'alice', 'content-type': 'application/json' },
      body: JSON.stringify({ disease_id: 'sle', question, enable_llm: false }),
    });
    expect(response.status).to.equal(202);
    return ((await response.json()) as { job_id: string }).job_id;
  }

  async function waitForRun(jobId: string): Promise<void> {
    for (let i = 0; i < 600; i++) {
      const job = (await (await fetch(`${server.baseUrl}/api/jobs/${jobId}`, { headers: { 'X-Researcher-ID': 'alice' } })).json()) as { status: string; error?: string };
      if (job.status === 'SUCCESS') return;
      if (job.status === 'FAILURE') throw new Error(job.error);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('run did not finish');
  }

  it('asks a question, watches it complete, reads the dossier, pins a candidate and sees its history', async function () {
    const tab = await signedInTab();
    const { page } = tab;
    await page.getByTestId('ask-form').waitFor();
    expect(await page.getByTestId('source-pubmed').isChecked()).to.equal(true);
    expect(await page.getByTestId('source-clinical_trials').isChecked()).to.equal(true);
    expect(await page.getByTestId('source-gwas').isChecked()).to.equal(false);
    await page.getByTestId('disease-input').fill('sl');
    await page.locator('#disease-options option[value="sle"]').waitFor({ state: 'attached' });
    await page.getByTestId('disease-input').fill('sle');
    await page.getByTestId('question-input').fill('Which drugs could be repurposed for lupus nephritis?');
    await page.getByTestId('enable-llm').uncheck();
    await screenshot(page, 'ask-desktop');
    await page.getByTestId('ask-submit').click();

    await page.waitForURL(/#jobs\/[0-9a-f-]{36}$/);
    await page.getByTestId('job-progress').waitFor();
    expect(await page.getByTestId('job-transport').textContent()).to.contain('WebSocket');
    await page.locator('[data-testid="source-progress"] li').first().waitFor();
    await screenshot(page, 'watch-desktop');
    await page.waitForURL(/#runs\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    runId = page.url().split('#runs/')[1]!;

    await page.getByTestId('dossier').waitFor();
    expect(await page.getByTestId('dossier-question').textContent()).to.equal('Which drugs could be repurposed for lupus nephritis?');
    expect(await page.getByTestId('dossier-disclaimer').textContent()).to.match(/Research use only/);
    expect(await page.getByTestId('ranking').count()).to.be.greaterThan(0);
    expect(await page.getByTestId('component-meter').count()).to.be.greaterThan(0);
    expect(await page.getByTestId('evidence-item').count()).to.be.greaterThan(0);
    // The offline corpus is synthetic: each record is badged and links to no provider page.
    // (Counted within the evidence table: the per-source tables badge the same records again.)
    expect(await page.locator('[data-testid="evidence-item"] [data-testid="synthetic-badge"]').count()).to.equal(await page.getByTestId('evidence-item').count());
    expect(await page.locator('[data-testid="evidence-item"] a[target="_blank"]').count(), 'no provider link for a synthetic record').to.equal(0);
    expect(await page.getByTestId('claim-item').count()).to.be.greaterThan(0);
    expect(await page.locator('[data-testid="graph-path"], [data-testid="graph-no-path"]').count()).to.be.greaterThan(0);
    if (await page.getByTestId('graph-path').count() > 0) {
      await page.locator('[data-testid="kg-graph"] canvas').first().waitFor({ state: 'attached' });
    }
    await screenshot(page, 'dossier-desktop');

    const panel = page.getByTestId('review-panel').first();
    await panel.locator('summary').first().click();
    await panel.getByTestId('review-pin').check();
    await panel.getByTestId('review-rationale').fill('Strong trial evidence <b>not bold</b>');
    await panel.getByTestId('review-tags').fill('follow-up, phase 2');
    await panel.getByTestId('review-save').click();
    await panel.getByTestId('review-status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await panel.getByTestId('review-decision').textContent()).to.equal('pinned');
    await panel.getByTestId('review-history-toggle').click();
    await panel.getByTestId('review-event').first().waitFor();
    expect(await panel.getByTestId('review-event').count()).to.equal(1);
    expect(await panel.getByTestId('review-history').textContent()).to.contain('Strong trial evidence <b>not bold</b>');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'dossier-review-desktop');
  });

  it('downloads the review bundle (a ZIP with review.md) and the HTML export', async function () {
    const { page } = await signedInTab();
    await go(page, `runs/${runId}`);
    await page.getByTestId('dossier').waitFor();

    const [bundle] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-bundle').click()]);
    expect(bundle.suggestedFilename()).to.equal(`review-bundle-${runId}.zip`);
    const zip = fs.readFileSync((await bundle.path())!);
    expect(zip.subarray(0, 2).toString('latin1')).to.equal('PK');
    expect(zip.includes(Buffer.from('review.md'))).to.equal(true);

    const [html] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-html').click()]);
    expect(html.suggestedFilename()).to.equal(`dossier-${runId}.html`);
    const text = fs.readFileSync((await html.path())!, 'utf8');
    expect(text).to.match(/<html/i);
    expect(text).to.match(/Research use only/);
  });

  it('shows a question with markup as text: no script runs, no image loads', async function () {
    const tab = await signedInTab();
    const { page } = tab;
    await page.getByTestId('disease-input').fill('sle');
    await page.getByTestId('question-input').fill(MARKUP_QUESTION);
    await page.getByTestId('ask-submit').click();
    await page.waitForURL(/#runs\//, { timeout: 60_000 });
    await page.getByTestId('dossier-question').waitFor();
    expect(await page.getByTestId('dossier-question').textContent()).to.equal(MARKUP_QUESTION);
    await page.getByText(MARKUP_QUESTION).first().waitFor();
    expect(await page.locator('img[src="x"]').count()).to.equal(0);
    expect(await page.locator('main script').count()).to.equal(0);
    expect(tab.dialogs).to.deep.equal([]);
    await screenshot(page, 'dossier-markup-question');
  });

  it('checks the form in the browser, shows the server\'s 422 next to its field, and keeps the draft', async function () {
    const { page } = await signedInTab();
    await page.getByTestId('disease-input').fill('sle');
    await page.getByTestId('question-input').fill('x');
    await page.getByTestId('source-pubmed').uncheck();
    await page.getByTestId('source-clinical_trials').uncheck();
    await page.getByTestId('ask-submit').click();
    await page.locator('[data-field="question"] [data-testid="field-error"]').waitFor();
    await page.locator('[data-field="sources"] [data-testid="field-error"]').waitFor();
    expect(page.url()).not.to.match(/#jobs/);

    // Passes the browser's rules (a well-formed id) but no such module exists: the server's 422.
    await page.getByTestId('source-gwas').check();
    await page.getByTestId('question-input').fill('What treats it?');
    await page.getByTestId('disease-input').fill('no_such_module');
    await page.getByTestId('ask-submit').click();
    const error = page.locator('[data-field="disease_id"] [data-testid="field-error"]');
    await error.waitFor();
    expect(await error.textContent()).to.match(/no_such_module|unknown|disease/i);
    expect(await page.locator('[data-field="question"] [data-testid="field-error"]').count()).to.equal(0);
    await screenshot(page, 'ask-422-desktop');

    // What was typed survives a reload (the draft), as it does a 401 and a new sign-in.
    await page.reload();
    await page.getByTestId('ask-form').waitFor();
    expect(await page.getByTestId('question-input').inputValue()).to.equal('What treats it?');
    expect(await page.getByTestId('source-gwas').isChecked()).to.equal(true);
  });

  it('keeps the typed question through an expired session and a new sign-in', async function () {
    const { page, context } = await signedInTab();
    await page.getByTestId('disease-input').fill('sle');
    await page.getByTestId('question-input').fill('Typed before the session ended');
    await context.clearCookies();
    await page.getByTestId('ask-submit').click();
    await signIn(page, 'alice', ACCOUNTS.alice);
    await page.getByTestId('ask-form').waitFor();
    expect(await page.getByTestId('question-input').inputValue()).to.equal('Typed before the session ended');
    await page.getByTestId('ask-submit').click();
    await page.waitForURL(/#jobs\//);
    await page.getByTestId('job-success').waitFor({ timeout: 60_000 });
  });

  it('shows the server\'s error text for a job it does not know (the socket fails, the event stream answers 404)', async function () {
    const { page } = await signedInTab();
    await go(page, 'jobs/00000000-0000-4000-8000-000000000000?stay=1');
    const error = page.getByTestId('error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).to.contain('no such job');
    // The WebSocket only says ERROR; the event stream's 404 is the server's final word, so no polling.
    expect(await page.getByTestId('job-transport').textContent()).to.contain('Server-sent events');
  });

  for (const transport of ['ws', 'sse', 'poll'] as const) {
    it(`follows a job to SUCCESS over ${transport}`, async function () {
      const { page } = await signedInTab();
      const jobId = await submitRun(`Transport check over ${transport}`);
      await go(page, `jobs/${jobId}?stay=1${transport === 'ws' ? '' : `&transport=${transport}`}`);
      await page.getByTestId('job-success').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('job-status').textContent()).to.equal('SUCCESS');
      expect(await page.getByTestId('job-progress').evaluate((el) => (el as HTMLProgressElement).value)).to.equal(100);
      const used = await page.getByTestId('job-transport').textContent();
      expect(used).to.contain({ ws: 'WebSocket', sse: 'Server-sent events', poll: 'Polling' }[transport]);
      expect(used).not.to.contain('fell back');
      expect(await page.locator('[data-testid="source-progress"] [data-status="ok"], [data-testid="source-progress"] [data-status="warning"]').count()).to.be.greaterThan(0);
      await page.getByTestId('open-dossier').click();
      await page.getByTestId('dossier').waitFor();
    });
  }

  it('on a conflicting save (412) shows the newer version and keeps the typed text', async function () {
    const jobId = await submitRun('Conflict check: which targets?');
    await waitForRun(jobId);
    const first = await signedInTab();
    const second = await signedInTab();
    for (const { page } of [first, second]) {
      await go(page, `runs/${jobId}`);
      await page.getByTestId('review-panel').first().waitFor();
      await page.getByTestId('review-panel').first().locator('summary').first().click();
    }
    const panelA = first.page.getByTestId('review-panel').first();
    await panelA.getByTestId('review-pin').check();
    await panelA.getByTestId('review-rationale').fill('Pinned in the first tab');
    await panelA.getByTestId('review-save').click();
    await panelA.getByTestId('review-status').filter({ hasText: 'Saved.' }).waitFor();

    const panelB = second.page.getByTestId('review-panel').first();
    await panelB.getByTestId('review-reject').check();
    await panelB.getByTestId('review-rationale').fill('Rejected in the second tab');
    await panelB.getByTestId('review-save').click();
    const conflict = panelB.getByTestId('review-conflict');
    await conflict.waitFor();
    expect(await conflict.getByTestId('review-version').getAttribute('data-decision')).to.equal('pin');
    expect(await conflict.textContent()).to.contain('Pinned in the first tab');
    expect(await panelB.getByTestId('review-rationale').inputValue()).to.equal('Rejected in the second tab');
    expect(await panelB.getByTestId('review-reject').isChecked()).to.equal(true);
    expect(await panelB.getByTestId('changed-mind-hint').textContent()).to.contain('changing the saved decision');
    await conflict.scrollIntoViewIfNeeded();
    await screenshot(second.page, 'review-conflict-desktop');

    // Re-applying over the newer version succeeds and both saves are in the history.
    await panelB.getByTestId('review-save').click();
    await panelB.getByTestId('review-status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await panelB.getByTestId('review-decision').textContent()).to.equal('rejected');
    await panelB.getByTestId('review-history-toggle').click();
    await panelB.getByTestId('review-event').nth(1).waitFor();
    expect(await panelB.getByTestId('review-event').count()).to.equal(2);
  });

  it('works at phone width (390×844): ask, watch and the dossier without horizontal scrolling', async function () {
    const { page } = await signedInTab(PHONE);
    await page.getByTestId('ask-form').waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, 'ask-phone');
    const jobId = await submitRun('Phone check: what is promising?');
    await go(page, `jobs/${jobId}?stay=1`);
    await page.getByTestId('job-success').waitFor({ timeout: 60_000 });
    await noHorizontalOverflow(page);
    await screenshot(page, 'watch-phone');
    await go(page, `runs/${jobId}`);
    await page.getByTestId('dossier').waitFor();
    await page.getByTestId('review-panel').first().locator('summary').first().click();
    await noHorizontalOverflow(page);
    await screenshot(page, 'dossier-phone');
  });
});
