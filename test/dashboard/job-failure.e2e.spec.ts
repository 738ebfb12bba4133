// A job that fails: the watch page shows the server's error text, as text (markup in it stays
// literal), with the failed state, over the WebSocket and over polling.
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { shippedModules } from '../../commands/jobs/shipped-modules';
import type { ModuleDefinition } from '../../commands/jobs/module-registry';
import type { TestServer } from '../support/test-server';
import { DashboardPage, launchBrowser, openDashboard, screenshot, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';

const FAILURE_TEXT = 'the <b>source</b> database is unreachable <img src=x onerror=alert(1)>';

const failingModule: ModuleDefinition = {
  id: 'failing',
  title: 'Failing',
  description: 'Always fails with markup in its error',
  querySchema: { type: 'object', properties: {} },
  contract: { resultSchema: { type: 'object' }, description: 'never produced' },
  availability: () => ({ available: true }),
  async run() {
    throw new Error(FAILURE_TEXT);
  },
};

describe('Dashboard: a failed job (Chromium)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;
  let tab: DashboardPage | undefined;

  before(async function () {
    skipWithoutChromium(this);
    server = await startDashboardServer({}, { modules: (parts) => [...shippedModules(parts), failingModule] });
    browser = await launchBrowser();
  });
  afterEach(async function () {
    if (tab) {
      expect(tab.dialogs, 'no script from the error ran').to.deep.equal([]);
      expect(tab.cspViolations).to.deep.equal([]);
      expect(tab.pageErrors).to.deep.equal([]);
      await tab.context.close();
    }
  });
  after(async function () {
    await browser?.close();
    await server?.close();
  });

  for (const transport of ['ws', 'poll'] as const) {
    it(`shows the server's error text as text over ${transport}`, async function () {
      const response = await fetch(`${server.baseUrl}/api/jobs/failing`, { method: 'POST', headers: { 'X-Researcher-ID': 'alice' } });
      expect(response.status).to.equal(202);
      const { job_id: jobId } = (await response.json()) as { job_id: string };
      tab = await openDashboard(browser, server.baseUrl);
      const { page } = tab;
      await page.goto('/');
      await signIn(page, 'alice', ACCOUNTS.alice);
      await page.evaluate((hash) => { location.hash = hash; }, `jobs/${jobId}?stay=1${transport === 'poll' ? '&transport=poll' : ''}`);
      const error = page.getByTestId('job-error');
      await error.waitFor({ timeout: 30_000 });
      expect(await error.textContent()).to.contain(FAILURE_TEXT);
      expect(await page.getByTestId('job-status').textContent()).to.equal('FAILURE');
      expect(await error.locator('b, img').count(), 'no element was made from the error text').to.equal(0);
      await screenshot(page, `job-failure-${transport}`);
    });
  }
});
