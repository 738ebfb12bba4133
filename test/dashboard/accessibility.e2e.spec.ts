// The accessibility pass (issue 17 "done means"): every page of the dashboard, signed in on the seeded
// store with a real SLE dossier, at 1280×800 and 390×844, checked by axe-core's WCAG 2.1 A/AA rules
// (no serious or critical violation) and the page's own checks (labelled pictures, one h1, no skipped
// heading level). Pages with their own E2E spec are visited again here so one list covers them all.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { accessibilityProblems } from './support/a11y';
import { DESKTOP, PHONE } from './support/browser';
import { useSeededDashboard } from './support/seeded-dashboard';
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
    { path: 'analysis/run-all', ready: '[data-testid="run-all-form"]' },
    { path: 'graph/sle', ready: '[data-testid="graph-canvas"][data-ready="true"]' },
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
  let runId: string;
  const dashboard = useSeededDashboard(async (server) => { runId = await completedSleRun(server, 'alice'); });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`finds no serious accessibility problem on any page (${name})`, async function () {
      const page = await dashboard.signedInTab(viewport);
      const found: string[] = [];
      for (const { path, ready } of pages(runId)) {
        await visit(page, path, ready);
        for (const problem of await accessibilityProblems(page)) found.push(`#${path}: ${problem}`);
      }
      expect(found).to.deep.equal([]);
    });
  }
});
