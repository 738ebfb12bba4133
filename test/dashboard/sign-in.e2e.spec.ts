// Signing in and out in a real browser, with the CSP enforced.
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { DashboardPage, launchBrowser, openDashboard, PHONE, screenshot, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';

describe('Dashboard: sign in and out (Chromium)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;
  let tab: DashboardPage;

  before(async function () {
    skipWithoutChromium(this);
    server = await startDashboardServer();
    browser = await launchBrowser();
  });
  afterEach(async function () {
    await tab?.context.close();
  });
  after(async function () {
    await browser?.close();
    await server?.close();
  });

  it('asks for sign-in, shows the researcher, keeps the disclaimer visible, and signs out', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).to.contain("script-src 'self'");
    await signIn(page, 'alice', ACCOUNTS.alice);
    expect(await page.getByTestId('researcher-name').textContent()).to.equal('alice');
    expect(await page.getByTestId('disclaimer').isVisible()).to.equal(true);
    await screenshot(page, 'signed-in-desktop');
    await page.getByTestId('sign-out').click();
    await page.getByTestId('signin-dialog').waitFor({ state: 'visible' });
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me.authenticated).to.equal(false);
    expect(tab.cspViolations).to.deep.equal([]);
    expect(tab.pageErrors).to.deep.equal([]);
  });

  it('shows the server\'s refusal of a wrong password as text in the dialog', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    const dialog = page.getByTestId('signin-dialog');
    await dialog.getByLabel('Username').fill('alice');
    await dialog.getByLabel('Password').fill('wrong');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('signin-error').waitFor();
    expect(await page.getByTestId('signin-error').textContent()).to.match(/invalid/i);
    expect(await dialog.isVisible()).to.equal(true);
  });

  it('works at phone width (390×844): the menu opens and navigates', async function () {
    tab = await openDashboard(browser, server.baseUrl, PHONE);
    const { page } = tab;
    await page.goto('/');
    await signIn(page, 'bob', ACCOUNTS.bob);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Runs' }).click();
    await page.waitForURL(/#runs$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scrolling at phone width').to.be.at.most(0);
    await screenshot(page, 'signed-in-phone');
    expect(tab.cspViolations).to.deep.equal([]);
  });
});
