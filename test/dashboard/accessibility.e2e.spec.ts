// The accessibility pass (issue 17 "done means"): every page of the dashboard, signed in on the seeded
// store with a real SLE dossier, at 1280×800 and 390×844, checked by axe-core's WCAG 2.1 A/AA rules
// (no serious or critical violation) and the page's own checks (labelled pictures, one h1, no skipped
// heading level). Pages with their own E2E spec are visited again here so one list covers them all.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { createScratchDatabase, ScratchDatabase } from '../biomed/support/biomed-env';
import type { TestServer } from '../support/test-server';
import { accessibilityProblems } from './support/a11y';
import { DashboardPage, launchBrowser, openDashboard, PHONE, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';
import { completedSleRun } from './support/sle-run';

/** Every route, with what shows it has rendered its data (not just its frame). */
function pages(runId: string): { path: string; ready: string }[] {
  return [
    { path: 'ask', ready: 'main h1' },
    { path: 'runs', ready: '[data-testid="run-row"], main h1' },
    { path: `runs/${runId}`, ready: '[data-testid="graph-section"]' },
    { path: 'trends', ready: 'main h1' },
    { path: 'history', ready: 'main h1' },
    { path: 'compare', ready: 'main h1' },
    { path: 'alerts', ready: 'main h1' },
    { path: 'settings', ready: 'main h1' },
    { path: 'digest', ready: 'main h1' },
    { path: 'biomed', ready: 'main h1' },
    { path: 'biomed/snapshots', ready: 'main h1' },
    { path: 'analysis', ready: '[data-testid^="module-"]' },
    { path: 'analysis/pathway-enrichment', ready: '[data-testid="analysis-form"]' },
    { path: 'entity/disease%3Asle', ready: 'main h1' },
    { path: 'entity/drug%3Abelimumab?disease=sle', ready: 'main h1' },
  ];
}

async function visit(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`/#${path}`);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

describe('Dashboard: accessibility pass over every page (axe-core, Chromium)', function () {
  this.timeout(240_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  let browser: Browser;
  let runId: string;
  let tab: DashboardPage | undefined;

  before(async function () {
    skipWithoutChromium(this);
    scratch = await createScratchDatabase();
    server = await startDashboardServer({ BIOMED_SEED: 'true' }, { databaseUrl: scratch.url });
    browser = await launchBrowser();
    runId = await completedSleRun(server, 'alice');
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
    await scratch?.drop();
  });

  for (const [name, viewport] of [['desktop', undefined], ['phone', PHONE]] as const) {
    it(`finds no serious accessibility problem on any page (${name})`, async function () {
      tab = await openDashboard(browser, server.baseUrl, viewport);
      const { page } = tab;
      await page.goto('/');
      await signIn(page, 'alice', ACCOUNTS.alice);
      const found: string[] = [];
      for (const { path, ready } of pages(runId)) {
        await visit(page, path, ready);
        for (const problem of await accessibilityProblems(page)) found.push(`#${path}: ${problem}`);
      }
      expect(found).to.deep.equal([]);
    });
  }
});
