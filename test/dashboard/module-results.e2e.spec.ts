// Issue 30 "every module result drawn", the three results not yet run in a browser: semantic search,
// drug combinations and virtual screening, each queued from its module page on the seeded store, followed
// to its end and drawn as tables whose rows are the result's own list (as the job's JSON over the API
// says), with no console error, axe clean, photographed at desktop and 390 px.
import { expect } from 'chai';
import { accessibilityProblems } from './support/a11y';
import { PHONE, screenshot } from './support/browser';
import { useSeededDashboard } from './support/seeded-dashboard';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Dashboard: semantic search, drug combinations and virtual screening results (issue 30, Chromium)', function () {
  this.timeout(180_000);
  const dashboard = useSeededDashboard();

  // Module, form fields (small enough to run in seconds on the seed; a boolean as true/false ticks its box), the list drawn.
  // Screening with no similarity floor: the seed's compounds are too few for analogues above the default 0.3.
  const CASES: { module: string; fields: Record<string, string | boolean>; list: string }[] = [
    { module: 'semantic-search', fields: { query: 'lupus nephritis', disease_id: 'sle', expand: false, top_k: '30' }, list: 'results' },
    { module: 'drug-combinations', fields: { max_compounds: '8', permutations: '100', top_n: '30' }, list: 'pairs' },
    { module: 'virtual-screening', fields: { top_n: '30', min_tanimoto: '0' }, list: 'candidates' },
  ];

  for (const c of CASES) {
    it(`${c.module}: the result's ${c.list} drawn as a table, row for row (desktop and 390 px)`, async function () {
      const page = await dashboard.signedInTab();
      await page.goto(`/#analysis/${c.module}`);
      await page.getByTestId('analysis-form').waitFor();
      for (const [name, value] of Object.entries(c.fields)) {
        const field = page.getByTestId(`param-${name}`);
        await (typeof value === 'boolean' ? field.setChecked(value) : field.fill(value));
      }
      await page.getByTestId('analysis-run').click();
      await page.getByTestId('analysis-result').or(page.getByTestId('analysis-failure')).first().waitFor({ timeout: 150_000 });
      expect(await page.getByTestId('analysis-failure').count(), `${c.module} ran`).to.equal(0);
      const jobId = (await page.getByTestId('export-job-link').getAttribute('href'))!.split('/').pop()!;
      const job = await (await page.request.get(`/api/jobs/${jobId}`)).json() as { status: string; result: Json };
      expect(job.status).to.equal('SUCCESS');
      const rows = job.result[c.list] as Json[];
      expect(rows.length, `the seeded store gives ${c.module} some ${c.list}`).to.be.greaterThan(0);
      const table = page.locator(`[data-testid="module-table"][data-list="${c.list}"]`);
      expect(await table.getByTestId('module-row').count()).to.equal(Math.min(25, rows.length));
      expect(await table.locator('[data-testid$="-count"]').textContent()).to.equal(`Showing ${Math.min(25, rows.length)} of ${rows.length}`);
      if (c.module === 'semantic-search') { // its first column is the rank: the rows in the result's order
        const ranks = await table.getByTestId('module-row').evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent ?? ''));
        expect(ranks).to.deep.equal(rows.slice(0, 25).map((r) => String(r.rank)));
      }
      // The module's own note, when it has one, stands in the banner above the tables.
      if (job.result.note) expect(await page.getByTestId('module-note').textContent()).to.equal(`Note: ${job.result.note}`);
      expect(await accessibilityProblems(page)).to.deep.equal([]);
      await screenshot(page, `analysis-${c.module}-tables-desktop`);
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no horizontal overflow on a phone').to.be.at.most(0);
      await screenshot(page, `analysis-${c.module}-tables-phone`);
    });
  }
});
