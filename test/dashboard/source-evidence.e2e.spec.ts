// Issue 30 "Open Targets conventions": per-source evidence tables of a target or drug on the dossier page, in
// Chromium with the CSP enforced, on a real offline SLE dossier. The rows of each source's table are checked
// against the run's JSON as the API serves it, selected here by a second implementation of the rule the page
// states (records of the candidate's supporting/contradicting claims, or naming it; grouped by source); the
// TSV holds exactly the rows shown under the dossier's "rests on" "# " head; "API query" names the request.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { accessibilityProblems } from './support/a11y';
import { DashboardPage, launchBrowser, openDashboard, PHONE, SCREENSHOT_DIR, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';
import { sidewaysOverflow } from './support/page-width';
import { completedSleRun } from './support/sle-run';

interface Ranking { candidate_id: string; kind: string; supporting_claim_ids: string[]; contradicting_claim_ids: string[]; graph_explanation_ids: string[] }
interface Run {
  dossier: {
    rests_on?: { real_and_complete: boolean; headline: string };
    evidence: { evidence_id: string; source: string; native_id: string; entities?: { drugs: string[]; targets: string[] } }[];
    claims: { claim_id: string; evidence_ids: string[] }[];
    target_rankings: Ranking[]; drug_rankings: Ranking[];
    graph_explanations: { explanation_id: string }[];
  };
}
const GROUPS: Record<string, string[]> = {
  gwas: ['gwas'], literature: ['pubmed', 'biorxiv'], trials: ['clinical_trials'], drugs: ['fda_labels', 'chembl'], associations: ['opentargets'], expression: ['gtex'],
};

/** The expected native ids per group, selected from the API's JSON independently of the page's code. */
function expectedRows(run: Run, candidateId: string): Record<string, string[]> {
  const ranking = [...run.dossier.target_rankings, ...run.dossier.drug_rankings].find((r) => r.candidate_id === candidateId)!;
  const ids = new Set<string>();
  for (const claim of run.dossier.claims) {
    if (ranking.supporting_claim_ids.includes(claim.claim_id) || ranking.contradicting_claim_ids.includes(claim.claim_id)) claim.evidence_ids.forEach((id) => ids.add(id));
  }
  const out: Record<string, string[]> = {};
  for (const [group, sources] of Object.entries(GROUPS)) {
    out[group] = [];
    for (const e of run.dossier.evidence) {
      const names = [...(e.entities?.drugs ?? []), ...(e.entities?.targets ?? [])];
      if (sources.includes(e.source) && (ids.has(e.evidence_id) || names.includes(candidateId))) out[group].push(e.native_id);
    }
  }
  out.graph = run.dossier.graph_explanations.map((g) => g.explanation_id).filter((id) => ranking.graph_explanation_ids.includes(id));
  return out;
}

async function drawnRows(page: Page): Promise<Record<string, string[]>> {
  return page.getByTestId('source-group').evaluateAll((groups) => Object.fromEntries(groups.map((g) => [g.getAttribute('data-group'),
    [...g.querySelectorAll('[data-testid="source-row"]')].map((r) => r.getAttribute('data-record'))])));
}

describe('Dashboard: per-source evidence tables of a target or drug (issue 30, Open Targets conventions, Chromium)', function () {
  this.timeout(240_000);
  let server: TestServer;
  let browser: Browser;
  let tab: DashboardPage | undefined;
  let runId: string;

  before(async function () {
    skipWithoutChromium(this);
    // The run's shared store, whatever other specs left in it (seed snapshots, runs and reviews of alice's).
    server = await startDashboardServer();
    browser = await launchBrowser();
    runId = await completedSleRun(server, 'alice');
  });
  afterEach(async function () {
    if (!tab) return;
    expect(tab.cspViolations, 'no CSP violation').to.deep.equal([]);
    expect(tab.pageErrors, 'no console error').to.deep.equal([]);
    await tab.context.close();
    tab = undefined;
  });
  after(async () => { await browser?.close(); await server?.close(); });

  it('draws each source\'s records of the chosen candidate as the API gives them, exports exactly what is shown, and names the API query (390 px too)', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    await signIn(page, 'alice', ACCOUNTS.alice);
    const run = (await (await page.request.get(`/api/workspace/runs/${runId}`)).json()) as Run;
    await page.goto(`/#runs/${runId}`);
    const section = page.getByTestId('source-evidence');
    await section.waitFor();

    // Every candidate: the groups' rows are the API's records of that candidate, source by source.
    const candidates = [...run.dossier.target_rankings, ...run.dossier.drug_rankings];
    let nonEmpty = 0;
    for (const c of candidates.slice(0, 4).concat(run.dossier.drug_rankings.slice(0, 2))) {
      await page.getByTestId('source-evidence-candidate').selectOption(c.candidate_id);
      const expected = expectedRows(run, c.candidate_id);
      expect(await drawnRows(page), c.candidate_id).to.deep.equal(expected);
      nonEmpty += Object.values(expected).filter((rows) => rows.length > 0).length;
    }
    expect(nonEmpty, 'some candidate has records in some source').to.be.greaterThan(0);

    // The top drug's literature, filtered by free text, exported: the TSV holds the rows shown under the "# " head.
    const drug = run.dossier.drug_rankings[0]!;
    await page.getByTestId('source-evidence-candidate').selectOption(drug.candidate_id);
    const group = page.locator('[data-testid="source-group"]').filter({ has: page.locator('[data-testid="source-row"]') }).first();
    const shown = await group.locator('[data-testid="source-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-record')));
    const [download] = await Promise.all([page.waitForEvent('download'), group.getByTestId('table-export-tsv').click()]);
    const tsv = fs.readFileSync((await download.path())!, 'utf8').split('\n').filter((l) => l !== '');
    const head = tsv.filter((l) => l.startsWith('# '));
    if (run.dossier.rests_on && !run.dossier.rests_on.real_and_complete) expect(head.join('\n')).to.contain(run.dossier.rests_on.headline);
    const body = tsv.filter((l) => !l.startsWith('# '));
    expect(body[0]!.split('\t')).to.deep.equal(['record', 'url', 'title', 'effect', 'statement', 'score', 'provenance', 'synthetic']);
    expect(body.slice(1).map((l) => l.split('\t')[0])).to.deep.equal(shown);
    // A synthetic record has no provider link (cell or export): it is not a real publication or trial.
    for (const line of body.slice(1)) if (line.split('\t')[7] === 'yes') expect(line.split('\t')[1]).to.equal('');

    await section.getByTestId('source-api-query').locator('summary').click();
    expect(await section.getByTestId('source-api-query-request').textContent()).to.equal(`GET /api/workspace/runs/${runId}`);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    // The section, not the whole (long) dossier page: a full-page capture of it outlasts a loaded machine.
    const shot = async (name: string) => {
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await section.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), timeout: 120_000 });
    };
    await shot('dossier-source-evidence-desktop');

    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page), 'no sideways scroll of the page').to.deep.equal({ scroll: 0, culprits: [] });
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await shot('dossier-source-evidence-phone');
  });
});
