// Issue 30 in Chromium on the seeded store: the dashboard's own traffic and the rate limit. A module job
// is followed over its WebSocket (no polling of GET /api/jobs/{id}); when the socket and the event stream
// both fail it polls, and a 429 on a poll makes it wait the Retry-After and resume to the end (it used
// to stop for good at the first 429, freezing run-all at "4 of 13"). An entity-page section refused
// with a 429 says so and loads by itself after the wait. One disease per CAR-T / drug-safety form. A
// module result drawn as tables (GWAS loci), exported as shown. The sign-in dialog says where npm start
// put the credentials.
import fs from 'node:fs';
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { accessibilityProblems } from './support/a11y';
import { PHONE, screenshot } from './support/browser';
import { useSeededDashboard } from './support/seeded-dashboard';

const JOB_STATUS = /\/api\/jobs\/[0-9a-f-]{36}$/;

/** GETs of one job's status the page made (the polling transport), in order, with their times. */
function jobPolls(page: Page): { at: number; url: string }[] {
  const polls: { at: number; url: string }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'GET' && JOB_STATUS.test(new URL(request.url()).pathname)) polls.push({ at: Date.now(), url: request.url() });
  });
  return polls;
}

describe('Dashboard: jobs followed live, 429s waited out, one disease per form (issue 30, Chromium)', function () {
  this.timeout(120_000);
  const dashboard = useSeededDashboard();

  it('polls when the socket and the event stream fail, waits out a 429\'s Retry-After and resumes to the end (390 px)', async function () {
    const page = await dashboard.signedInTab(PHONE);
    // The socket is refused and the event stream ends at once: polling is all that is left.
    await page.routeWebSocket(/\/api\/jobs\/.*\/ws/, (ws) => ws.close({ code: 1011, reason: 'refused for the test' }));
    await page.route(/\/api\/stream\/jobs\//, (route) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: '' }));
    // The first two polls are refused as the rate limit would refuse them, asking for a one-second wait.
    let refused = 0;
    const refusedAt: number[] = [];
    await page.route(JOB_STATUS, async (route) => {
      if (route.request().method() === 'GET' && refused < 2) {
        refused += 1;
        refusedAt.push(Date.now());
        return route.fulfill({ status: 429, headers: { 'Retry-After': '1' }, contentType: 'application/json', body: JSON.stringify({ detail: 'rate limit exceeded' }) });
      }
      return route.continue();
    });
    const polls = jobPolls(page);
    await page.goto('/#analysis/gwas-loci');
    await page.getByTestId('analysis-form').waitFor();
    await page.getByTestId('analysis-run').click();
    await page.getByTestId('analysis-status').filter({ hasText: /^(Done|Failed)\.$/ }).waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('analysis-status').textContent()).to.equal('Done.');
    await page.getByTestId('module-tables').waitFor();
    expect(await page.getByTestId('analysis-transport').textContent()).to.contain('polling');
    expect(refused, 'two polls were refused').to.equal(2);
    expect(polls.length, 'it kept polling after the 429s').to.be.greaterThan(2);
    // Each retry came no sooner than the second the server asked for.
    for (const at of refusedAt) {
      const next = polls.find((p) => p.at > at);
      expect(next, 'a poll after the 429').to.not.equal(undefined);
      expect(next!.at - at).to.be.at.least(950);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
  });

  it('an entity-page section refused with a 429 says it will retry, then loads by itself', async function () {
    const page = await dashboard.signedInTab();
    let refused = 0;
    await page.route(/\/api\/safety\/profiles/, async (route) => {
      if (refused++ === 0) return route.fulfill({ status: 429, headers: { 'Retry-After': '1' }, contentType: 'application/json', body: JSON.stringify({ detail: 'rate limit exceeded' }) });
      return route.continue();
    });
    await page.goto('/#entity/DRUGBANK%3ADB01224');
    const section = page.getByTestId('entity-safety');
    await section.getByTestId('section-retrying').waitFor();
    expect(await section.getByTestId('section-retrying').textContent()).to.match(/retrying in 1 s/);
    await section.getByTestId('section-retrying').waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="entity-safety"] [aria-busy="true"]'));
    expect(await section.getByTestId('error').count(), 'no error left after the retry').to.equal(0);
    expect(refused).to.equal(2);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
  });

  for (const moduleId of ['cart-suitability', 'drug-safety']) {
    it(`${moduleId}: one disease field, filled from the page's context, checked before queueing and sent under both names`, async function () {
      const page = await dashboard.signedInTab();
      const queued: URL[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes(`/api/jobs/${moduleId}`)) queued.push(new URL(request.url()));
      });
      await page.goto(`/#analysis/${moduleId}?disease=ms`);
      await page.getByTestId('analysis-form').waitFor();
      // Used to be two fields (disease_id and disease, the second pre-filled with sle): `ms` in one gave SLE results.
      expect(await page.getByTestId('param-disease').count(), 'no second disease field').to.equal(0);
      expect(await page.getByTestId('param-disease_id').inputValue(), 'from the page\'s context').to.equal('ms');

      await page.getByTestId('param-disease_id').fill('no_such_disease');
      await page.getByTestId('analysis-run').click();
      const problem = page.locator('[data-field="disease_id"] [data-testid="field-error"]');
      await problem.waitFor();
      expect(await problem.textContent()).to.contain('no_such_disease');
      expect(queued, 'nothing queued for an unknown disease').to.deep.equal([]);

      await page.getByTestId('param-disease_id').fill('ms');
      await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(`/api/jobs/${moduleId}`)), page.getByTestId('analysis-run').click()]);
      await page.getByTestId('analysis-progress').waitFor();
      expect(queued).to.have.length(1);
      expect(queued[0]!.searchParams.get('disease_id')).to.equal('ms');
      expect(queued[0]!.searchParams.get('disease')).to.equal('ms');
      expect(await accessibilityProblems(page)).to.deep.equal([]);
      await screenshot(page, `analysis-one-disease-${moduleId}`);
    });
  }

  it('follows a module job over its WebSocket (the job status is never polled) and draws its result as sortable, filterable tables with '
    + 'the note, counts, report link, and TSV of exactly what is shown (desktop and 390 px)', async function () {
    const page = await dashboard.signedInTab();
    const polls = jobPolls(page);
    await page.goto('/#analysis/gwas-loci');
    await page.getByTestId('analysis-form').waitFor();
    await page.getByTestId('analysis-run').click();
    await page.getByTestId('analysis-result').or(page.getByTestId('analysis-failure')).first().waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('analysis-transport').textContent()).to.contain('WebSocket');
    expect(polls, 'no GET /api/jobs/{id} while the socket works').to.deep.equal([]);
    const jobId = (await page.getByTestId('export-job-link').getAttribute('href'))!.split('/').pop()!;
    // The job's own JSON, read over the API: what the tables must show.
    const job = await (await page.request.get(`/api/jobs/${jobId}`)).json() as { result: { note: string | null; genes: { symbol: string }[]; counts: Record<string, number> } };
    const genes = job.result.genes;
    expect(genes.length, 'the seeded store has GWAS genes for SLE').to.be.greaterThan(1);
    const table = page.locator('[data-testid="module-table"][data-list="genes"]');
    await table.waitFor();
    expect(await table.getByTestId('module-row').count()).to.equal(Math.min(25, genes.length));
    expect(await table.locator('[data-testid$="-count"]').textContent()).to.equal(`Showing ${Math.min(25, genes.length)} of ${genes.length}`);
    if (job.result.note) expect(await page.getByTestId('module-note').textContent()).to.contain(job.result.note);
    expect(await page.getByTestId('module-counts').textContent()).to.contain(`genes ${job.result.counts.genes}`);

    // Sorted by symbol (descending on the second click), the first row is the last symbol in code-point order.
    await table.getByTestId('sort-symbol').click();
    await table.getByTestId('sort-symbol').click();
    const lastSymbol = genes.map((g) => g.symbol).sort((a, b) => a.localeCompare(b)).pop()!;
    expect(await table.getByTestId('module-row').first().locator('td').first().textContent()).to.equal(lastSymbol);
    // Filtered to that symbol: the TSV holds the header and exactly the rows on screen.
    await table.getByTestId('filter-text').fill(lastSymbol);
    const shown = await table.getByTestId('module-row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
    const [download] = await Promise.all([page.waitForEvent('download'), table.getByTestId('table-export-tsv').click()]);
    // Lines after the "# " head (what the numbers rest on, when the result says anything of the kind).
    const tsv = (await fs.promises.readFile((await download.path())!, 'utf8')).trimEnd().split('\n').filter((line) => !line.startsWith('# ')).map((line) => line.split('\t'));
    expect(tsv[0]![0]).to.equal('symbol');
    expect(tsv.slice(1).map((r) => r[0])).to.deep.equal(shown.map((r) => r[0]));
    expect(tsv.length - 1).to.equal(shown.length);

    // A study's PubMed id leads to PubMed (a real GWAS Catalog record).
    const studies = page.locator('[data-testid="module-table"][data-list="studies"]');
    const pmid = (await studies.getByTestId('module-row').first().locator('td').first().textContent())!;
    expect(await studies.getByTestId('module-row').first().locator('td a').first().getAttribute('href')).to.equal(`https://pubmed.ncbi.nlm.nih.gov/${pmid}/`);

    const report = await page.getByTestId('export-report-link').getAttribute('href');
    expect(report).to.equal('/api/export/report/gwas-loci?disease_id=sle');
    expect((await page.request.get(report!)).status(), 'the linked HTML report is there').to.equal(200);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'analysis-gwas-loci-tables-desktop');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    await screenshot(page, 'analysis-gwas-loci-tables-phone');
  });

  it('CAR-T antigens show their vital tissues by name (the UBERON id only in the tooltip), at 390 px too', async function () {
    const page = await dashboard.signedInTab();
    await page.goto('/#analysis/cart-suitability');
    await page.getByTestId('analysis-form').waitFor();
    await page.getByTestId('analysis-run').click();
    await page.getByTestId('analysis-result').or(page.getByTestId('analysis-failure')).first().waitFor({ timeout: 90_000 });
    const jobId = (await page.getByTestId('export-job-link').getAttribute('href'))!.split('/').pop()!;
    // The graph labels some anatomy nodes by their id only (label "UBERON:0000948"); the result names its vital tissues in vital_tissues.used.
    const job = await (await page.request.get(`/api/jobs/${jobId}`)).json() as { result: { vital_tissues: { used: { id: string; name: string }[] }; antigens: { vital_tissues: { expressed_in: { id: string; label: string }[] | null } }[] } };
    const tissues = job.result.antigens.slice(0, 25).flatMap((a) => a.vital_tissues.expressed_in ?? []);
    expect(tissues.length, 'the seeded antigens are present in some vital tissue').to.be.greaterThan(0);
    const antigens = page.locator('[data-testid="module-table"][data-list="antigens"]');
    const cells = await antigens.getByTestId('module-row').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[5]!.textContent ?? ''));
    expect(cells.join(' '), 'no raw UBERON id as text').to.not.match(/UBERON:/);
    const first = tissues[0]!;
    const named = antigens.locator(`[title="${first.id}"]`).first();
    expect(await named.textContent()).to.equal(job.result.vital_tissues.used.find((t) => t.id === first.id)!.name);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'analysis-cart-suitability-tables-desktop');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    await screenshot(page, 'analysis-cart-suitability-tables-phone');
  });

  it('literature: the module\'s note ("… articles are synthetic …") heads the result and its TSV and JSON exports, and its genes and drugs are tables', async function () {
    const page = await dashboard.signedInTab();
    await page.goto('/#analysis/literature');
    await page.getByTestId('analysis-form').waitFor();
    await page.getByTestId('analysis-run').click();
    await page.getByTestId('analysis-result').or(page.getByTestId('analysis-failure')).first().waitFor({ timeout: 90_000 });
    const jobId = (await page.getByTestId('export-job-link').getAttribute('href'))!.split('/').pop()!;
    const job = await (await page.request.get(`/api/jobs/${jobId}`)).json() as { result: { note: string | null; genes: unknown[] } };
    expect(job.result.note, 'the offline corpus is synthetic, and the module says so').to.match(/synthetic/);
    const note = page.getByTestId('module-note');
    expect(await note.textContent()).to.equal(`Note: ${job.result.note}`);
    // The note comes before the tables, where the result is read first.
    const order = await page.evaluate(() => {
      const n = document.querySelector('[data-testid="module-note"]');
      const t = document.querySelector('[data-testid="module-tables"]');
      return n && t ? n.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order, 'note above the tables').to.be.greaterThan(0);
    // The banner is the first thing the result says, and every export of a table opens with the same words.
    expect(await page.getByTestId('analysis-result').evaluate((r) => r.querySelector('h2')?.nextElementSibling?.getAttribute('data-testid'))).to.equal('rests-on-banner');
    const genesTable = page.locator('[data-testid="module-table"][data-list="genes"]');
    const [tsvFile] = await Promise.all([page.waitForEvent('download'), genesTable.getByTestId('table-export-tsv').click()]);
    const tsvLines = (await fs.promises.readFile((await tsvFile.path())!, 'utf8')).split('\n');
    expect(tsvLines[0]).to.equal(`# Note: ${job.result.note}`);
    const [jsonFile] = await Promise.all([page.waitForEvent('download'), genesTable.getByTestId('table-export-json').click()]);
    const shownJson = JSON.parse(await fs.promises.readFile((await jsonFile.path())!, 'utf8')) as { rests_on: { kind: string; text: string }[]; rows: unknown[] };
    expect(shownJson.rests_on[0]).to.deep.equal({ kind: 'synthetic', text: job.result.note });
    expect(shownJson.rows).to.have.length(Math.min(25, job.result.genes.length));
    // The HTML report opens with the same banner, before its title.
    const report = await (await page.request.get((await page.getByTestId('export-report-link').getAttribute('href'))!)).text();
    expect(report.indexOf('id="rests-on"'), 'banner in the report').to.be.greaterThan(0).and.lessThan(report.indexOf('<h1'));
    expect(await page.locator('[data-testid="module-table"][data-list="genes"] [data-testid="module-row"]').count()).to.equal(Math.min(25, job.result.genes.length));
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'analysis-literature-tables-desktop');
  });

  // The other modules issue 30 lists as "not drawn": each result as tables, axe clean, photographed.
  const OTHERS: [string, Record<string, string>][] = [
    ['disease-module', {}], ['biomarker-discovery', {}], ['clinical-trials', {}], ['evidence-gathering', {}],
  ]; // semantic search, drug combinations and virtual screening: module-results.e2e.spec.ts
  it(`draws the results of ${OTHERS.map(([m]) => m).join(', ')} as tables of every list they hold (screenshots)`, async function () {
    this.timeout(240_000);
    const page = await dashboard.signedInTab();
    for (const [moduleId, fields] of OTHERS) {
      await page.goto(`/#analysis/${moduleId}`);
      await page.getByTestId('analysis-form').waitFor();
      for (const [name, value] of Object.entries(fields)) await page.getByTestId(`param-${name}`).fill(value);
      await page.getByTestId('analysis-run').click();
      await page.getByTestId('analysis-result').or(page.getByTestId('analysis-failure')).first().waitFor({ timeout: 120_000 });
      expect(await page.getByTestId('analysis-failure').count(), `${moduleId} ran`).to.equal(0);
      const jobId = (await page.getByTestId('export-job-link').getAttribute('href'))!.split('/').pop()!;
      const job = await (await page.request.get(`/api/jobs/${jobId}`)).json() as { result: Record<string, unknown> };
      // Every non-empty top-level list of records in the result has its table (when the module is not given its own lists).
      const lists = Object.entries(job.result).filter(([k, v]) => k !== 'snapshots' && Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x))).map(([k]) => k);
      const drawn = await page.getByTestId('module-table').evaluateAll((els) => els.map((e) => e.getAttribute('data-list')));
      expect(drawn.length, `${moduleId}: at least one table when its result holds a list (${lists.join(', ')})`).to.be.at.least(lists.length > 0 ? 1 : 0);
      if (moduleId === 'disease-module') expect(drawn, 'its genes and its component\'s interactions').to.include.members(['disease_genes.in_interactome', 'lcc.edges']);
      expect(await accessibilityProblems(page), moduleId).to.deep.equal([]);
      await screenshot(page, `analysis-${moduleId}-tables-desktop`);
    }
  });

  it('the sign-in dialog says where the password and the API key are under npm start', async function () {
    const { page } = await dashboard.tab(PHONE);
    await page.goto('/');
    const where = page.getByTestId('signin-where');
    await where.waitFor();
    const text = await where.textContent();
    expect(text).to.contain('data/local-account');
    expect(text).to.contain('data/api-key');
    expect(text).to.contain('npm start');
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'signin-where-phone');
  });
});
