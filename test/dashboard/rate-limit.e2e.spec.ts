// A tight rate limit must not blank the dashboard: its document and assets are not counted, and an API
// 429 is shown as "too many requests — retry in N s" where the view's data would be.
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { DashboardPage, launchBrowser, openDashboard, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';

describe('Dashboard under a tight rate limit (Chromium)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;
  let tab: DashboardPage | undefined;

  before(async function () {
    skipWithoutChromium(this);
    // A closed Redis port: each process limits in memory, so the test owns its budget.
    server = await startDashboardServer({ RATE_LIMIT_REQUESTS: '12', RATE_LIMIT_WINDOW: '60', STORE_RATE_LIMIT_URL: 'redis://127.0.0.1:6390/0' });
    browser = await launchBrowser();
  });
  after(async function () {
    await tab?.context.close();
    await browser?.close();
    await server?.close();
  });

  it('loads the page whatever the budget, and says when to retry once the API refuses', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    await signIn(page, 'alice', ACCOUNTS.alice);
    let message = '';
    for (let i = 0; i < 15 && !message; i++) {
      await page.goto(`/#${i % 2 === 0 ? 'runs' : 'alerts'}`);
      await page.reload(); // a fresh document each time: only the API calls count
      // Signed in, or (when the budget ran out at boot) the boot error: never a blank page.
      await page.getByTestId('researcher-name').or(page.getByTestId('signin-dialog')).or(page.getByTestId('error')).first().waitFor();
      await page.waitForLoadState('networkidle');
      const errors = await page.getByTestId('error').allTextContents();
      message = errors.find((text) => text.includes('too many requests')) ?? '';
    }
    expect(message).to.match(/too many requests — retry in \d+ s/);
    expect(await page.getByTestId('error').filter({ hasText: 'too many requests' }).first().isVisible()).to.equal(true);
    const status = await page.evaluate(async () => (await fetch('/api/system/modules')).status);
    expect(status).to.equal(429);
    const assets = await page.evaluate(async () => Promise.all(
      [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map(async (s) => (await fetch(s.src)).status)));
    expect(assets.length).to.be.greaterThan(0);
    expect(assets.every((s) => s === 200)).to.equal(true);
  });
});
