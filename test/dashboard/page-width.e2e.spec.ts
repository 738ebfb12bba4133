// Issue 30 (phone width): every page a researcher opens, at 390 px on the seeded store (the seed graph's real
// drug and target names, ChEMBL ids, long titles and URLs are what made the dossier scroll 766 px sideways in CI),
// scrolls only downwards: no element reaches past the viewport's right edge. A failure names the widest
// elements, so the culprit is found from the report alone.
import { expect } from 'chai';
import { DESKTOP, PHONE } from './support/browser';
import { sidewaysOverflow } from './support/page-width';
import { useSeededDashboard } from './support/seeded-dashboard';
import { completedSleRun } from './support/sle-run';

interface Ranking { candidate_id: string }
interface Run { dossier: { target_rankings: Ranking[]; drug_rankings: Ranking[] } }

describe('Dashboard: no page scrolls sideways at 390 px with the seed graph active (issue 30, Chromium)', function () {
  this.timeout(300_000);
  let runId: string;
  const dashboard = useSeededDashboard(async (server) => { runId = await completedSleRun(server, 'alice'); });

  it('fits the dossier, its per-source tables, the entity pages of its candidates, the disease and the graph into a phone\'s width', async function () {
    const page = await dashboard.signedInTab(PHONE);
    const run = (await (await page.request.get(`/api/workspace/runs/${runId}`)).json()) as Run;
    const drugs = run.dossier.drug_rankings.slice(0, 3).map((r) => r.candidate_id);
    const targets = run.dossier.target_rankings.slice(0, 2).map((r) => r.candidate_id);
    const found: string[] = [];
    const check = async (where: string) => {
      await page.waitForLoadState('networkidle');
      const { scroll, culprits } = await sidewaysOverflow(page);
      if (scroll > 0) found.push(`${where}: scrolls ${scroll} px sideways; ${culprits.join(' | ')}`);
    };

    await page.goto(`/#runs/${runId}`);
    await page.getByTestId('source-evidence').waitFor();
    await check('dossier');
    // The per-source tables of each top candidate (the drugs' ChEMBL names and records are the longest strings).
    for (const candidate of [...drugs, ...targets]) {
      await page.getByTestId('source-evidence-candidate').selectOption(candidate);
      await check(`dossier, per-source evidence of ${candidate}`);
    }
    for (const candidate of [...drugs, ...targets]) {
      await page.goto(`/#entity/${encodeURIComponent(candidate)}?disease=sle`);
      await page.locator('main h1').first().waitFor();
      await check(`entity page of ${candidate}`);
    }
    for (const [path, ready] of [
      ['entity/disease%3Asle', 'main h1'], ['biomed/conditions/MONDO%3A0007915', 'main h1'], ['graph/sle', '[data-testid="graph-canvas"][data-ready="true"]'],
      ['runs', 'main h1'], ['history', 'main h1'], ['alerts', 'main h1'], ['analysis', '[data-testid^="module-"]'],
    ] as const) {
      await page.goto(`/#${path}`);
      await page.locator(ready).first().waitFor({ timeout: 60_000 });
      await check(`#${path}`);
    }
    expect(found).to.deep.equal([]);
  });

  it('narrowed from desktop to phone width, the dossier and the graph explorer do not scroll sideways (failed before: the graph\'s canvases kept their desktop width, 766 px too wide)', async function () {
    const page = await dashboard.signedInTab(DESKTOP);
    const found: string[] = [];
    for (const [path, drawn] of [[`runs/${runId}`, '[data-testid="kg-graph"][data-nodes]'], ['graph/sle', '[data-testid="graph-canvas"][data-ready="true"]']] as const) {
      await page.setViewportSize(DESKTOP);
      await page.goto(`/#${path}`);
      await page.locator(drawn).first().waitFor({ timeout: 60_000 });
      await page.setViewportSize(PHONE);
      const { scroll, culprits } = await sidewaysOverflow(page);
      if (scroll > 0) found.push(`#${path}: scrolls ${scroll} px sideways; ${culprits.join(' | ')}`);
    }
    expect(found).to.deep.equal([]);
  });
});
