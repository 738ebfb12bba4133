// Trends, candidate history and the biomedical store pages in a real browser with the CSP enforced:
// seeded runs with known scores must come out of the chart's table fallback and the history; the HP and
// HPOA fixture forms imported into the store must be searchable, walkable up the hierarchy, filterable
// by claim and listed as active snapshots with their import reports.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { importSnapshot } from '../../commands/biomed/import-snapshot';
import type { TestServer } from '../support/test-server';
import { SeedCandidate, seedCompletedRun, seedReview } from '../support/workspace-seed';
import { fixture } from '../biomed/support/biomed-env';
import { DashboardPage, launchBrowser, openDashboard, PHONE, screenshot, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';

const RESEARCHER = 'bob';
// A disease id of its own, so runs other specs leave in the same database never join this history.
const DISEASE = 'e2e-trends-disease';

async function noHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at phone width').to.be.at.most(0);
}

/** Canvas pixels that are not transparent: the chart really drew something. */
async function paintedPixels(page: Page): Promise<number> {
  return page.getByTestId('trend-chart').evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
    return painted;
  });
}

async function rowCells(page: Page, candidateId: string): Promise<string[]> {
  const row = page.locator(`[data-testid="trend-row"][data-candidate-id="${candidateId}"]`);
  return (await row.getByTestId('trend-cell').allTextContents()).map((t) => t.trim());
}

describe('Dashboard: trends, candidate history and biomedical store (Chromium)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  let tab: DashboardPage;
  const runIds: string[] = [];
  const snapshots: Record<string, string> = {};

  before(async function () {
    skipWithoutChromium(this);
    server = await startDashboardServer();
    browser = await launchBrowser();
    const runs: { at: string; alpha: number; beta: number | null; evidence: Record<string, number> }[] = [
      { at: '2026-01-05T10:00:00.000Z', alpha: 0.5, beta: 0.4, evidence: { e1: 0.9, e2: 0.4 } },
      { at: '2026-01-12T10:00:00.000Z', alpha: 0.6, beta: null, evidence: { e1: 0.9, e3: 0.8 } },
      { at: '2026-01-19T10:00:00.000Z', alpha: 0.7, beta: 0.45, evidence: { e1: 0.9, e3: 0.8, e4: 0.7 } },
    ];
    for (const run of runs) {
      const candidates: SeedCandidate[] = [
        { id: 'drug:alphamab', score: run.alpha, rank: 1, evidence: run.evidence },
        ...(run.beta === null ? [] : [{ id: 'drug:betanib', score: run.beta, rank: 2, evidence: { e1: 0.9 } }]),
        { id: 'target:TNF', type: 'target', score: run.alpha - 0.1, rank: 1, evidence: { e1: 0.9 } },
      ];
      const { runId } = await seedCompletedRun(server.runtime, { researcherId: RESEARCHER, diseaseId: DISEASE, at: run.at, candidates });
      runIds.push(runId);
    }
    await seedReview(server.runtime, { researcherId: RESEARCHER, runId: runIds[2]!, candidateId: 'drug:alphamab', decision: 'pin', at: '2026-01-20T10:00:00.000Z' });
    const deps = { knex: server.runtime.db.knex, store: server.runtime.store, logInDatabase: true };
    for (const [resource, file] of [['hp', 'hp-fixture.obo'], ['hpoa', 'hpoa-fixture.hpoa']] as const) {
      // Another spec of the same run may have imported the same file already: that snapshot is the one to find.
      const result = await importSnapshot(deps, { resource, files: [fixture(file)] });
      snapshots[resource] = result.snapshot.snapshot_id;
    }
  });
  afterEach(async function () {
    await tab?.context.close();
  });
  after(async function () {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(viewport?: typeof PHONE): Promise<Page> {
    tab = await openDashboard(browser, server.baseUrl, viewport);
    await tab.page.goto('/');
    await signIn(tab.page, RESEARCHER, ACCOUNTS[RESEARCHER]);
    return tab.page;
  }

  it('draws the trends chart of candidate scores with a table of the same numbers, for drugs and targets', async function () {
    const page = await signedIn();
    await page.goto(`/#trends?${runIds.map((id) => `run_ids=${id}`).join('&')}`);
    await page.getByTestId('trend-table').waitFor();
    expect(await page.getByTestId('trend-runs').locator('tbody tr').count()).to.equal(3);
    expect(await page.getByTestId('trend-row').count()).to.equal(2);
    expect(await rowCells(page, 'drug:alphamab')).to.deep.equal(['0.500 #1', '0.600 #1', '0.700 #1']);
    expect(await rowCells(page, 'drug:betanib')).to.deep.equal(['0.400 #2', 'not ranked', '0.450 #2']);
    const box = await page.getByTestId('trend-chart').boundingBox();
    expect(box?.width ?? 0).to.be.greaterThan(300);
    expect(box?.height ?? 0).to.be.greaterThan(150);
    expect(await paintedPixels(page)).to.be.greaterThan(1000);
    const changes = page.getByTestId('evidence-changes');
    expect(await changes.textContent()).to.contain('e3').and.contain('e2').and.contain('e4');
    await screenshot(page, 'trends-desktop');

    await page.getByTestId('trend-kind-target').click();
    await page.locator('[data-testid="trend-row"][data-candidate-id="target:TNF"]').waitFor();
    expect(await page.getByTestId('trend-row').count()).to.equal(1);
    expect(await rowCells(page, 'target:TNF')).to.deep.equal(['0.400 #1', '0.500 #1', '0.600 #1']);
    expect(await page.getByTestId('trend-kind-target').getAttribute('aria-pressed')).to.equal('true');
    expect(await paintedPixels(page)).to.be.greaterThan(1000);

    // A link the form would refuse reaches the server: its 422 shows next to the field it concerns.
    await page.goto(`/#trends?run_ids=${runIds[0]}&disease_id=${DISEASE}`);
    const diseaseField = page.locator('[data-testid="trends-form"] [data-field="disease_id"]');
    await diseaseField.getByTestId('field-error').waitFor();
    expect(await diseaseField.getByTestId('field-error').textContent()).to.contain('cannot be combined with run_ids');
    expect(tab.cspViolations).to.deep.equal([]);
    expect(tab.pageErrors).to.deep.equal([]);
  });

  it('shows a candidate\'s history by link from the trends and from the form, with each run\'s score and the review', async function () {
    const page = await signedIn();
    await page.goto(`/#trends?${runIds.map((id) => `run_ids=${id}`).join('&')}`);
    await page.locator('[data-testid="trend-row"][data-candidate-id="drug:alphamab"] a').click();
    await page.waitForURL(/#history\?candidate_id=drug%3Aalphamab&candidate_type=drug/);
    await page.getByTestId('history-runs').waitFor();
    const scores = (await page.getByTestId('history-score').allTextContents()).map((t) => t.trim());
    expect(scores).to.deep.equal(['0.500', '0.600', '0.700']);
    expect(await page.getByTestId('history-title').textContent()).to.contain('DRUG:ALPHAMAB');
    expect(await page.getByTestId('history-reviews').textContent()).to.contain('pin');
    expect(await page.getByTestId('history-evidence-changes').textContent()).to.contain('Study e3').and.contain('Study e2');
    await screenshot(page, 'candidate-history-desktop');
    await page.getByTestId('history-trends-link').click();
    await page.getByTestId('trend-table').waitFor();
    expect(await page.getByTestId('trend-runs').locator('tbody tr').count()).to.equal(3);

    // The form: its own check first (mirrors the server: candidate_id is required), then a real query.
    await page.goto('/#history');
    const form = page.getByTestId('history-form');
    await form.getByRole('button', { name: 'Show history' }).click();
    expect(await form.getByTestId('field-error').textContent()).to.contain('required');
    await form.getByLabel('Candidate (name or id)').fill('drug:betanib');
    await form.getByLabel('Disease (optional)').fill(DISEASE);
    await form.getByRole('button', { name: 'Show history' }).click();
    await page.waitForURL(/candidate_id=drug%3Abetanib/);
    await page.getByTestId('history-runs').waitFor();
    expect((await page.getByTestId('history-score').allTextContents()).map((t) => t.trim())).to.deep.equal(['0.400', 'not ranked', '0.450']);
    expect(await page.getByTestId('history-no-reviews').isVisible()).to.equal(true);
    expect(tab.cspViolations).to.deep.equal([]);
    expect(tab.pageErrors).to.deep.equal([]);
  });

  it('searches a condition, opens it, walks the hierarchy to a parent and filters its claims', async function () {
    const page = await signedIn();
    await page.goto('/#biomed');
    await page.getByTestId('condition-search').fill('arthri');
    const hit = page.locator('[data-testid="condition-hit"][data-curie="HP:0001369"]');
    await hit.waitFor();
    expect(await page.getByTestId('biomed-disclaimer').textContent()).to.contain('not medical advice');
    await screenshot(page, 'biomed-search-desktop');
    await hit.getByRole('link', { name: 'Arthritis' }).click();
    await page.waitForURL(/#biomed\/conditions\/HP%3A0001369/);
    await page.getByTestId('condition-summary').waitFor();
    expect(await page.getByTestId('biomed-title').textContent()).to.contain('Arthritis');
    expect(await page.getByTestId('readiness-meaning').textContent()).to.match(/term/);
    expect(await page.getByTestId('biomed-disclaimer').textContent()).to.contain('Research use only');
    expect(await page.locator('[role="note"]:visible').count(), 'one disclaimer per page').to.equal(1);
    expect(await page.getByTestId('condition-entity-link').getAttribute('href')).to.equal('#entity/HP%3A0001369');

    // Claims: the fixture diseases that have (or, NOT, do not have) arthritis as a phenotype.
    await page.getByTestId('claim-row').first().waitFor();
    expect(await page.getByTestId('claim-row').count()).to.be.greaterThan(2);
    await page.getByTestId('claims-evidence_direction').selectOption('contradicts');
    await page.waitForURL(/evidence_direction=contradicts/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="claim-row"]').length === 1);
    expect(await page.getByTestId('claims-table').textContent()).to.contain('OMIM:270150');
    await page.getByTestId('claims-evidence_direction').selectOption('');
    await page.getByTestId('claims-predicate').selectOption('INDICATED_FOR');
    await page.getByTestId('claims-body').getByTestId('empty-section').waitFor();
    expect(await page.getByTestId('claims-body').textContent()).to.contain('No data imported for this section');
    await screenshot(page, 'biomed-condition-desktop');

    // Up the IS_A hierarchy: depth 2 lists the grandparent too; the direct parent is a link to its page.
    await page.getByTestId('hierarchy-depth').selectOption('2');
    await page.locator('[data-testid="hierarchy-parent"][data-curie="HP:0011842"]').waitFor();
    await page.locator('[data-testid="hierarchy-parent"][data-curie="HP:0001367"] a').click();
    await page.waitForURL(/#biomed\/conditions\/HP%3A0001367/);
    // The parent's page replaces the child's: wait for its own title rather than any summary on screen.
    await page.getByTestId('biomed-title').filter({ hasText: 'Abnormal joint morphology' }).waitFor();
    await page.getByTestId('condition-summary').waitFor();
    await page.locator('[data-testid="hierarchy-child"][data-curie="HP:0001369"]').waitFor();

    // A CURIE the store does not hold: the server's 404 text, as text, and the placeholder.
    await page.goto('/#biomed/conditions/HP%3A9999999');
    await page.getByTestId('error').waitFor();
    expect(await page.getByTestId('error').textContent()).to.contain('no condition HP:9999999 in the active snapshots');
    expect(await page.getByTestId('empty-section').isVisible()).to.equal(true);
    // Opened directly, the page still shows the server's own disclaimer, taken from the 404 body.
    expect(await page.getByTestId('biomed-disclaimer').textContent()).to.contain('not medical advice');
    // The search's page size is checked in the browser as the server would (1-200).
    await page.goto('/#biomed?q=fever&limit=500');
    expect(await page.getByTestId('field-error').textContent()).to.contain('from 1 to 200');
    expect(tab.cspViolations).to.deep.equal([]);
    expect(tab.pageErrors).to.deep.equal([]);
  });

  it('lists snapshots with their active flags and shows an import report', async function () {
    const page = await signedIn();
    await page.goto('/#biomed/snapshots');
    const row = page.locator(`[data-testid="snapshot-row"][data-snapshot-id="${snapshots.hp}"]`);
    await row.waitFor();
    expect((await row.getByTestId('snapshot-active').textContent())?.trim()).to.equal('active');
    await page.getByTestId('snapshot-resource').selectOption('hpoa');
    await page.waitForURL(/resource=hpoa/);
    await page.locator(`[data-testid="snapshot-row"][data-snapshot-id="${snapshots.hpoa}"]`).waitFor();
    expect(await page.locator(`[data-testid="snapshot-row"][data-snapshot-id="${snapshots.hp}"]`).count()).to.equal(0);
    await screenshot(page, 'biomed-snapshots-desktop');
    await page.locator(`[data-testid="snapshot-row"][data-snapshot-id="${snapshots.hpoa}"]`).getByTestId('snapshot-report-link').click();
    await page.getByTestId('snapshot-report').waitFor();
    expect(await page.getByTestId('report-counts').textContent()).to.contain('claims');
    expect(await page.getByTestId('report-artifacts').textContent()).to.contain('hpoa-fixture.hpoa');
    expect(await page.getByTestId('biomed-disclaimer').textContent()).to.contain('Research use only');
    await screenshot(page, 'biomed-snapshot-report-desktop');
    expect(tab.cspViolations).to.deep.equal([]);
    expect(tab.pageErrors).to.deep.equal([]);
  });

  it('works at phone width (390×844): trends chart, history, condition and snapshots without horizontal scrolling', async function () {
    const page = await signedIn(PHONE);
    await page.goto(`/#trends?${runIds.map((id) => `run_ids=${id}`).join('&')}`);
    await page.getByTestId('trend-table').waitFor();
    expect(await paintedPixels(page)).to.be.greaterThan(500);
    await noHorizontalOverflow(page);
    await screenshot(page, 'trends-phone');
    await page.goto('/#history?candidate_id=drug%3Aalphamab&candidate_type=drug');
    await page.getByTestId('history-runs').waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, 'candidate-history-phone');
    await page.goto('/#biomed/conditions/HP%3A0001369');
    await page.getByTestId('claim-row').first().waitFor();
    await page.locator('[data-testid="hierarchy-parent"]').first().waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, 'biomed-condition-phone');
    await page.goto('/#biomed/snapshots');
    await page.getByTestId('snapshot-row').first().waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, 'biomed-snapshots-phone');
    expect(tab.cspViolations).to.deep.equal([]);
    expect(tab.pageErrors).to.deep.equal([]);
  });
});
