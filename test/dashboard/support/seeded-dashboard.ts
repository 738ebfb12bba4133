// The shared frame of the dashboard E2E specs that run on the seeded biomedical store: a scratch database,
// a server with BIOMED_SEED, one Chromium for the suite, and per test one tab whose CSP violations and
// console errors are checked when the test ends. Call inside `describe`; use the returned handle in tests.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';
import type { TestServer } from '../../support/test-server';
import { DashboardPage, DESKTOP, launchBrowser, openDashboard, signIn, skipWithoutChromium } from './browser';
import { ACCOUNTS, startDashboardServer } from './dashboard-server';

export interface SeededDashboard {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A new tab (checked for CSP violations and console errors after the test), signed in as alice. */
  signedInTab(viewport?: { width: number; height: number }): Promise<Page>;
  /** A new tab, checked after the test like signedInTab's, not signed in. */
  tab(viewport?: { width: number; height: number }): Promise<DashboardPage>;
}

/**
 * `setup` runs once the server is up (e.g. a completed run); `env` (read when the suite starts, so a
 * `before` hook registered earlier can start a stand-in provider first) adds to the server's environment.
 */
export function useSeededDashboard(setup: (server: TestServer) => Promise<void> = async () => undefined, env: () => Record<string, string> = () => ({})): SeededDashboard {
  let scratch: ScratchDatabase | undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let open: DashboardPage | undefined;

  before(async function () {
    skipWithoutChromium(this);
    scratch = await createScratchDatabase();
    server = await startDashboardServer({ ...env(), BIOMED_SEED: 'true' }, { databaseUrl: scratch.url });
    browser = await launchBrowser();
    await setup(server);
  });
  afterEach(async function () {
    if (!open) return;
    const tab = open;
    open = undefined;
    expect(tab.cspViolations, 'no CSP violation').to.deep.equal([]);
    expect(tab.pageErrors, 'no console error').to.deep.equal([]);
    await tab.context.close();
  });
  after(async function () {
    await browser?.close();
    await server?.close();
    await scratch?.drop();
  });

  const handle: SeededDashboard = {
    get server() { return server!; },
    get browser() { return browser!; },
    async tab(viewport = DESKTOP) {
      open = await openDashboard(browser!, server!.baseUrl, viewport);
      return open;
    },
    async signedInTab(viewport = DESKTOP) {
      const { page } = await handle.tab(viewport);
      await page.goto('/');
      await signIn(page, 'alice', ACCOUNTS.alice);
      return page;
    },
  };
  return handle;
}
