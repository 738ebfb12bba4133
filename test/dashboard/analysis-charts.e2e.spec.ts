// Issue 17 part 4 in Chromium with the CSP enforced, on the seeded store: module results as pictures —
// the FAERS forest plot of drug safety (openFDA played by a local server in openFDA's documented count
// format), the Bgee genes × tissues heatmap of the expression profile, the gene-Jaccard heatmap of the
// cross-disease comparison — each drawn from a job run on its module page, with every drawn value equal to
// the one the API's synchronous GET returns for the same parameters (an independent read of the same
// computation); and the run-all page, whose per-module rows must match the run-all job's own result.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { Replayed, ReplayServer, startReplayServer } from '../api/analysis/support/replay-server';
import { accessibilityProblems } from './support/a11y';
import { PHONE, screenshot } from './support/browser';
import { useSeededDashboard } from './support/seeded-dashboard';

// openFDA as played here: 1,000,000 reports; event totals SOMNOLENCE 20,000, NAUSEA 50,000, HEADACHE 40,000,
// STEVENS-JOHNSON SYNDROME 2,000; QUETIAPINE in 10,000 reports with SOMNOLENCE 600, HEADACHE 350, NAUSEA 300, SJS 40.
// By hand, SOMNOLENCE: a=600, b=9,400, c=19,400, d=970,600 → PRR (600/10,000)/(19,400/990,000) = 3.06, a signal;
// NAUSEA: (300/10,000)/(49,700/990,000) = 0.60, below 1. Every other source gets a 400 (the server falls back offline).
const TOTAL = 1_000_000;
const EVENT_TOTALS = [{ term: 'NAUSEA', count: 50_000 }, { term: 'HEADACHE', count: 40_000 }, { term: 'SOMNOLENCE', count: 20_000 }, { term: 'STEVENS-JOHNSON SYNDROME', count: 2_000 }];
const QUETIAPINE = [{ term: 'SOMNOLENCE', count: 600 }, { term: 'HEADACHE', count: 350 }, { term: 'NAUSEA', count: 300 }, { term: 'STEVENS-JOHNSON SYNDROME', count: 40 }];
function openFda(request: Replayed): { status: number; body: unknown } {
  const meta = (total: number) => ({ disclaimer: 'Do not rely on openFDA…', results: { skip: 0, limit: 1, total } });
  const notFound = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No matches found!' } } };
  if (request.url.pathname === '/drug/label.json') return notFound;
  if (request.url.pathname !== '/drug/event.json') return { status: 400, body: { error: 'not played here' } };
  const search = request.url.searchParams.get('search');
  const count = request.url.searchParams.get('count');
  if (search === null) return { status: 200, body: count === null ? { meta: meta(TOTAL), results: [{}] } : { meta: meta(TOTAL), results: EVENT_TOTALS } };
  if (search !== 'patient.drug.openfda.generic_name:"QUETIAPINE"') return notFound;
  return { status: 200, body: count === null ? { meta: meta(10_000), results: [{}] } : { meta: meta(10_000), results: QUETIAPINE } };
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Dashboard: module results as pictures and run-all (issue 17 part 4, Chromium)', function () {
  this.timeout(180_000);
  let fda: ReplayServer;
  before(async function () {
    fda = await startReplayServer(openFda);
  });
  after(async () => fda?.close());
  const dashboard = useSeededDashboard(undefined, () => ({
    EVIDENCE_SOURCE_MODE: 'auto', USE_CACHE: 'false',
    EVIDENCE_SOURCE_BASE_URLS: ['pubmed', 'clinical_trials', 'gwas', 'fda_labels', 'opentargets', 'gtex', 'biorxiv', 'chembl'].map((s) => `${s}=${fda.baseUrl}`).join(','),
  }));
  const apiGet = async (path: string) => (await fetch(`${dashboard.server.baseUrl}${path}`)).json() as Promise<Json>;

  /** Signed in on a module's page, its form filled and run, until `testId` is drawn. */
  async function runModule(moduleId: string, fields: Record<string, string>, testId: string): Promise<Page> {
    const page = await dashboard.signedInTab();
    await page.goto(`/#analysis/${moduleId}`);
    await page.getByTestId('analysis-form').waitFor();
    for (const [name, value] of Object.entries(fields)) await page.getByTestId(`param-${name}`).fill(value);
    await page.getByTestId('analysis-run').click();
    await page.getByTestId(testId).waitFor({ timeout: 90_000 });
    return page;
  }

  /** The page is accessible, fits a phone without sideways scrolling, and is photographed at both sizes. */
  async function checkBothSizes(page: Page, name: string): Promise<void> {
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    expect(await page.locator('[role="img"]').evaluateAll((els) => els.filter((e) => !e.getAttribute('aria-label')).length)).to.equal(0);
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no horizontal overflow on a phone').to.be.at.most(0);
    await screenshot(page, `${name}-phone`);
  }

  it('draws the FAERS forest plot of a drug: PRR and ROR with their CIs as the API computes them, Evans signals marked', async function () {
    const page = await runModule('drug-safety', { drug_id: 'DRUGBANK:DB01224' }, 'faers-forest-plot');
    const expected = (await apiGet('/api/safety/profiles?drug_id=DRUGBANK:DB01224')).drugs[0].faers.events as Json[];
    const rows = page.getByTestId('forest-row');
    expect(await rows.count()).to.equal(expected.filter((e) => e.prr || e.ror).length).and.to.equal(4);
    for (const [i, event] of expected.entries()) {
      const row = rows.nth(i);
      expect(await row.getAttribute('data-term')).to.equal(event.term);
      expect(await row.getAttribute('data-signal')).to.equal(String(event.evans_signal));
      for (const measure of ['prr', 'ror']) {
        const point = row.locator(`[data-measure="${measure}"]`);
        expect(Number(await point.getAttribute('data-value'))).to.be.closeTo(event[measure].value, 1e-9);
        expect(Number(await point.getAttribute('data-ci-lower'))).to.be.closeTo(event[measure].ci_lower, 1e-9);
        expect(Number(await point.getAttribute('data-ci-upper'))).to.be.closeTo(event[measure].ci_upper, 1e-9);
      }
    }
    // The hand computation in the header: somnolence is a signal with PRR 3.06, nausea is under 1.
    const somnolence = page.locator('[data-term="SOMNOLENCE"]');
    expect(await somnolence.getAttribute('data-signal')).to.equal('true');
    expect(Number(await somnolence.locator('[data-measure="prr"]').getAttribute('data-value'))).to.be.closeTo((600 / 10_000) / (19_400 / 990_000), 1e-9);
    expect(await page.locator('[data-term="NAUSEA"]').getAttribute('data-signal')).to.equal('false');
    expect(await page.getByTestId('faers-forest').locator('figcaption').textContent()).to.match(/Evans/).and.to.match(/Rothman/);
    await checkBothSizes(page, 'analysis-faers-forest');
  });

  it('draws the expression profile as a genes × tissues heatmap of the Bgee calls the API returns', async function () {
    const page = await runModule('expression-profile', {}, 'expression-heatmap');
    const expected = await apiGet('/api/expression/correlate?disease_id=sle');
    const tissues = (expected.tissues as Json[]).slice(0, 20);
    const genes = (expected.genes as Json[]).filter((g) => (g.listed_tissue_calls as unknown[]).some((c) => c !== null)).slice(0, 30);
    expect(genes.length, 'the seed has genes with calls').to.be.greaterThan(0);
    const drawn = await page.getByTestId('expression-row').evaluateAll((rows) => rows.map((r) => ({
      gene: r.getAttribute('data-gene'),
      cells: [...r.querySelectorAll('[data-testid="expression-cell"]')].map((c) => [c.getAttribute('data-tissue'), c.getAttribute('data-value')]),
    })));
    expect(drawn).to.deep.equal(genes.map((g) => ({ gene: g.id, cells: tissues.map((t, j) => [t.id, g.listed_tissue_calls[j] ?? 'none']) })));
    expect(await page.getByTestId('expression-figure').locator('figcaption').textContent()).to.match(/at most 30 genes × 20 tissues/);
    await checkBothSizes(page, 'analysis-expression-heatmap');
  });

  it('draws the cross-disease comparison as a gene-Jaccard heatmap matching the API\'s pairs (unlisted pairs share no gene)', async function () {
    const page = await runModule('cross-disease', {}, 'cross-disease-heatmap');
    const expected = await apiGet('/api/cross-disease/overlap');
    const compared = (expected.compared as Json[]).slice(0, 20);
    expect(compared.length).to.be.at.least(2);
    const jaccard = (a: string, b: string) => (expected.pairs as Json[]).find((p) => (p.a.curie === a && p.b.curie === b) || (p.a.curie === b && p.b.curie === a))?.gene_jaccard ?? 0;
    const cells = await page.getByTestId('cross-disease-cell').evaluateAll((els) => els.map((e) => [e.getAttribute('data-a'), e.getAttribute('data-b'), Number(e.getAttribute('data-value'))] as const));
    expect(cells).to.have.length(compared.length * (compared.length - 1));
    for (const [a, b, value] of cells) expect(value, `${a} × ${b}`).to.be.closeTo(jaccard(a!, b!), 1e-12);
    expect(cells.some(([, , v]) => v > 0), 'some pair shares genes in the seed').to.equal(true);
    expect(await page.getByTestId('cross-disease-figure').textContent()).to.match(/Jaccard index of their GWAS genes/);
    await checkBothSizes(page, 'analysis-cross-disease-heatmap');
  });

  it('runs all modules from the run-all page and shows one row per module with the outcome the job recorded', async function () {
    this.timeout(400_000);
    const page = await dashboard.signedInTab();
    await page.goto('/#analysis');
    await page.getByTestId('run-all-link').click();
    await page.getByTestId('run-all-form').waitFor();
    expect(await page.getByTestId('param-disease_id').inputValue()).to.equal('sle');
    await page.getByTestId('param-parallel').check();
    await page.getByTestId('param-max_parallel').fill('4');
    // Issue 30: the run used to be polled every 500 ms and froze at the first 429; it is followed over the
    // job's WebSocket now, so its status is never polled however long it runs.
    const polls: string[] = [];
    page.on('request', (request) => { if (request.method() === 'GET' && /\/api\/jobs\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname)) polls.push(request.url()); });
    await page.getByTestId('analysis-run').click();
    await page.getByTestId('run-all-result').or(page.getByTestId('analysis-failure')).waitFor({ timeout: 360_000 });
    expect(await page.getByTestId('analysis-transport').textContent()).to.contain('WebSocket');
    expect(polls, 'no polling while the socket works').to.deep.equal([]);
    const jobId = (await page.getByTestId('export-job-link').getAttribute('href'))!.split('/').pop()!;
    const job = await (await page.request.get(`/api/jobs/${jobId}`)).json() as Json; // the job is alice's: read with her session
    expect(job.status).to.equal('SUCCESS');
    const result = job.result as { modules_completed: string[]; errors: Record<string, string> };
    // Issue 30: the page stayed live to the end of the run ("13 of 13"), its count moving while the run went on.
    const modulesRun = result.modules_completed.length + Object.keys(result.errors).length;
    const live = page.getByTestId('run-all-progress');
    expect([await live.getAttribute('data-done'), await live.getAttribute('data-total')]).to.deep.equal([String(modulesRun), String(modulesRun)]);
    expect(await live.textContent()).to.contain(`${modulesRun} of ${modulesRun} modules finished`);
    expect(Number(await live.getAttribute('data-live-done')), 'progress updates arrived while the run went on').to.be.at.least(1);
    const rows = await page.getByTestId('run-all-row').evaluateAll((els) => els.map((e) => [e.getAttribute('data-module'), e.getAttribute('data-status')]));
    const expected = [...result.modules_completed.map((m) => [m, 'completed']), ...Object.keys(result.errors).map((m) => [m, 'failed'])].sort((x, y) => (x[0]! < y[0]! ? -1 : 1));
    expect(rows).to.deep.equal(expected);
    for (const [module, message] of Object.entries(result.errors)) {
      expect(await page.locator(`[data-testid="run-all-row"][data-module="${module}"]`).textContent()).to.contain(message);
    }
    const first = result.modules_completed[0]!;
    const row = page.locator(`[data-testid="run-all-row"][data-module="${first}"]`);
    expect(await row.getByTestId('export-module-json').getAttribute('href')).to.equal(`/api/export/json/${first}?disease_id=sle`);
    expect(await row.getByTestId('export-module-report').getAttribute('href')).to.equal(`/api/export/report/${first}?disease_id=sle`);
    const exported = await page.request.get(`/api/export/json/${first}?disease_id=sle`);
    expect(exported.status(), 'the completed module\'s stored result is there to export').to.equal(200);
    await checkBothSizes(page, 'analysis-run-all');
  });
});
