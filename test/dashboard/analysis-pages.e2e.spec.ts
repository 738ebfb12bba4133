// Issue 17 part 4 in Chromium with the CSP enforced, on the seeded store: the module list, a form
// built from pathway enrichment's request schema, the job queued and watched, and the result drawn as
// −log10 FDR bars whose lengths match −log10 of the FDRs the API returns for the same parameters
// (checked against the synchronous GET, an independent read of the same computation); exports.
import { expect } from 'chai';
import { accessibilityProblems } from './support/a11y';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { useSeededDashboard } from './support/seeded-dashboard';

describe('Dashboard: analysis pages (issue 17 part 4, Chromium)', function () {
  this.timeout(120_000);
  const dashboard = useSeededDashboard();

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`runs pathway enrichment from its schema form and draws −log10 FDR bars (${name})`, async function () {
      const page = await dashboard.signedInTab(viewport);
      await page.goto('/#analysis');
      await page.getByTestId('module-pathway-enrichment').click();
      await page.getByTestId('analysis-form').waitFor();
      expect(await page.getByTestId('param-disease_id').inputValue(), 'the schema default').to.equal('sle');
      await page.getByTestId('param-max_fdr').fill('1');
      await page.getByTestId('param-top_n').fill('8');
      await page.getByTestId('analysis-run').click();
      await page.getByTestId('enrichment-chart').waitFor({ timeout: 60_000 });

      const expected = await (await fetch(`${dashboard.server.baseUrl}/api/bioinformatics/enrichment?disease_id=sle&max_fdr=1&top_n=8`)).json() as { pathways: { fdr: number }[] };
      const drawn = await page.locator('[data-testid="enrichment-bar"] rect.fdr').evaluateAll((r) => r.map((x) => Number(x.getAttribute('data-value'))));
      expect(drawn).to.have.length(expected.pathways.length);
      drawn.forEach((v, i) => expect(v).to.be.closeTo(-Math.log10(expected.pathways[i]!.fdr), 1e-3));
      expect(await page.getByTestId('export-json').isVisible()).to.equal(true);
      expect(await page.getByTestId('export-job-link').getAttribute('href')).to.match(/^\/api\/jobs\/[0-9a-f-]{36}$/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).to.be.at.most(0);
      expect(await accessibilityProblems(page)).to.deep.equal([]);
      await screenshot(page, `analysis-enrichment-${name}`);
    });
  }

  it('runs link prediction and shows each prediction with its SHAP waterfall, linked to the compound page', async function () {
    const page = await dashboard.signedInTab();
    await page.goto('/#analysis/link-prediction');
    await page.getByTestId('param-top_n').fill('5');
    await page.getByTestId('analysis-run').click();
    const list = page.getByTestId('prediction-list');
    await list.waitFor({ timeout: 60_000 });
    expect(await list.locator('li').count()).to.equal(5);
    await list.locator('summary').first().click();
    // The API's synchronous answer for the same parameters: the waterfall starts at its base value, every SHAP
    // value drawn (8 largest + the rest as one step) adds up to the first prediction's log-odds (additivity).
    const api = await (await fetch(`${dashboard.server.baseUrl}/api/ml/predict?disease_id=sle&top_n=5`)).json() as { model: { base_value: number }; predictions: { log_odds: number; shap: Record<string, number> }[] };
    const waterfall = list.getByTestId('shap-waterfall').first();
    expect(Number(await waterfall.getByTestId('waterfall-base').getAttribute('data-value'))).to.be.closeTo(api.model.base_value, 1e-4);
    const steps = await waterfall.getByTestId('waterfall-step').evaluateAll((g) => g.map((x) => Number(x.getAttribute('data-value'))));
    expect(steps.length).to.equal(Math.min(Object.keys(api.predictions[0]!.shap).length, 9));
    expect(api.model.base_value + steps.reduce((a, b) => a + b, 0)).to.be.closeTo(api.predictions[0]!.log_odds, 1e-3);
    expect(Number(await waterfall.getByTestId('waterfall-end').getAttribute('data-value'))).to.be.closeTo(api.predictions[0]!.log_odds, 1e-4);
    expect(await list.locator('a').first().getAttribute('href')).to.match(/^#entity\/DRUGBANK%3ADB\d{5}/);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'analysis-link-prediction-desktop');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    await screenshot(page, 'analysis-link-prediction-phone');
  });

  it('runs repurposing and draws each candidate\'s network proximity z as the API computes it', async function () {
    const page = await dashboard.signedInTab();
    await page.goto('/#analysis/repurpose');
    await page.getByTestId('analysis-form').waitFor();
    await page.getByTestId('param-top_n').fill('10');
    await page.getByTestId('param-permutations').fill('200');
    await page.getByTestId('analysis-run').click();
    await page.getByTestId('proximity-chart').waitFor({ timeout: 90_000 });
    const api = await (await fetch(`${dashboard.server.baseUrl}/api/repurpose/candidates?disease_id=sle&top_n=10&permutations=200`)).json() as { candidates: { compound: { id: string }; z: number | null }[] };
    const drawn = await page.getByTestId('proximity-row').evaluateAll((g) => g.map((x) => [x.getAttribute('data-compound'), x.getAttribute('data-value')]));
    expect(drawn.map(([id]) => id)).to.deep.equal(api.candidates.map((c) => c.compound.id));
    drawn.forEach(([, z], i) => {
      const expected = api.candidates[i]!.z;
      if (expected === null) expect(z).to.equal(null);
      else expect(Number(z)).to.be.closeTo(expected, 1e-4);
    });
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'analysis-repurpose-desktop');
    // At phone width the chart scrolls within its own box, never the page.
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    await screenshot(page, 'analysis-repurpose-phone');
  });

  it('has an accessibility checker that does find problems (so its empty lists mean something)', async function () {
    const context = await dashboard.browser.newContext();
    const page = await context.newPage();
    await page.setContent('<main><h1>A</h1><h3>B</h3><input name="q"><button></button><svg role="img"></svg><p id="x"></p><p id="x"></p><p style="color:#bbb;background:#fff">faint</p></main>');
    const problems = await accessibilityProblems(page);
    await context.close();
    expect(problems.join('\n')).to.contain('form control without a label').and.contain('button without a name')
      .and.contain('picture without a label').and.contain('id used 2 times: x').and.contain('heading skips from h1 to h3')
      // axe-core's own findings: the unlabelled field and too little contrast (#bbb on white is 1.9:1).
      .and.contain('axe critical label').and.contain('axe serious color-contrast');
  });

  it('shows a refused parameter next to its field (422 from the server)', async function () {
    const page = await dashboard.signedInTab();
    await page.goto('/#analysis/pathway-enrichment');
    await page.getByTestId('param-top_n').fill('100000');
    await page.getByTestId('analysis-run').click();
    await page.locator('[data-field="top_n"] [data-testid="field-error"]').waitFor();
  });
});
