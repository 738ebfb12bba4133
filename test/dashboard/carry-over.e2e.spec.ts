// Issue 30 "carry-over", in Chromium with the CSP enforced: a new run of the same disease and question
// shows the researcher's pins and rejections of their previous run as "carried over from run X" — on the
// page and on each candidate, never saved silently — with undo (remembered on reload, and reversible),
// and saving them makes them this run's reviews, tagged and noted with where they came from; a saved
// carry-over is undone (after a reload too) by withdrawing those reviews, the history keeping both.
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { SeedCandidate, seedCompletedRun, seedReview } from '../support/workspace-seed';
import { accessibilityProblems } from './support/a11y';
import { DashboardPage, launchBrowser, openDashboard, PHONE, screenshot, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';

describe('Dashboard: reviews carried over to the next run of the same question (issue 30, Chromium)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  let tab: DashboardPage | undefined;

  before(async function () {
    skipWithoutChromium(this);
    server = await startDashboardServer();
    browser = await launchBrowser();
  });
  afterEach(async function () {
    if (!tab) return;
    expect(tab.cspViolations, 'no CSP violation').to.deep.equal([]);
    expect(tab.pageErrors, 'no console error').to.deep.equal([]);
    await tab.context.close();
    tab = undefined;
  });
  after(async () => { await browser?.close(); await server?.close(); });

  /** Two completed runs of alice for a disease of this test alone (same question), the first reviewed. */
  async function twoRuns(disease: string): Promise<{ first: string; second: string }> {
    const candidates: SeedCandidate[] = [
      { id: 'drug:anifrolumab', score: 0.7, rank: 1, evidence: { ev_a0000000000000001: 0.9 } },
      { id: 'drug:belimumab', score: 0.6, rank: 2, evidence: { ev_b0000000000000002: 0.8 } },
      { id: 'target:IFNAR1', type: 'target', score: 0.5, rank: 1, evidence: { ev_a0000000000000001: 0.9 } },
    ];
    const { runId: first } = await seedCompletedRun(server.runtime, { researcherId: 'alice', diseaseId: disease, at: '2026-03-02T10:00:00.000Z', candidates });
    const { runId: second } = await seedCompletedRun(server.runtime, { researcherId: 'alice', diseaseId: disease, at: '2026-03-09T10:00:00.000Z', candidates });
    await seedReview(server.runtime, { researcherId: 'alice', runId: first, candidateId: 'drug:anifrolumab', decision: 'pin', at: '2026-03-03T10:00:00.000Z' });
    await seedReview(server.runtime, { researcherId: 'alice', runId: first, candidateId: 'drug:belimumab', decision: 'reject', at: '2026-03-03T10:01:00.000Z' });
    return { first, second };
  }

  it('shows the earlier run\'s pins and rejections as carried over (unsaved), undoes and redoes it, and saves them as this run\'s reviews', async function () {
    const { first, second } = await twoRuns('e2e-carry-over');
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    await signIn(page, 'alice', ACCOUNTS.alice);
    const reviewsOf = async (runId: string) => (await (await page.request.get(`/api/workspace/runs/${runId}/reviews`)).json() as { reviews: { candidate_id: string; decision: string; tags: string[]; notes: string }[] }).reviews;

    // The first run has no earlier run of its question: nothing is carried to it.
    await page.goto(`/#runs/${first}`);
    await page.locator('[data-testid="carry-over-slot"][data-state]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('carry-over-slot').getAttribute('data-state')).to.equal('none');

    await page.goto(`/#runs/${second}`);
    const panel = page.getByTestId('carry-over');
    await panel.waitFor();
    expect(await panel.getByTestId('carry-over-text').textContent()).to.contain(`Carried over from run ${first.slice(0, 8)}`).and.to.contain('your 1 pin and 1 rejection');
    expect(await page.locator('[data-testid="carried-mark"][data-candidate="drug:anifrolumab"]').textContent()).to.contain('pinned').and.to.contain(`carried over from run ${first.slice(0, 8)}`);
    expect(await page.locator('[data-testid="carried-mark"][data-candidate="drug:belimumab"]').textContent()).to.contain('rejected');
    expect(await page.locator('[data-testid="carried-mark"][data-candidate="target:IFNAR1"]').textContent(), 'a candidate not reviewed before carries nothing').to.equal('');
    expect(await reviewsOf(second), 'shown, not saved: the second run has no review yet').to.deep.equal([]);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'dossier-carry-over-desktop');

    // Undo: the marks go, and stay gone on reload; it can be brought back.
    // (Recorded on the server first: the page changes once the decision is saved.)
    await panel.getByTestId('carry-over-undo').click();
    await page.getByTestId('carry-over-text').filter({ hasText: 'Not carried over' }).waitFor();
    expect(await page.locator('[data-testid="carried-mark"][data-candidate="drug:anifrolumab"]').textContent()).to.equal('');
    await page.reload();
    await page.getByTestId('carry-over-redo').waitFor();
    expect(await page.getByTestId('carry-over-text').textContent()).to.contain('Not carried over');
    await page.getByTestId('carry-over-redo').click();
    await page.getByTestId('carry-over-save').waitFor();
    expect(await page.locator('[data-testid="carried-mark"][data-candidate="drug:anifrolumab"]').textContent()).to.contain('pinned');

    // Saved: this run's own reviews, saying where they came from.
    await page.getByTestId('carry-over-save').click();
    await page.getByTestId('carry-over-text').filter({ hasText: 'Saved to this run' }).waitFor();
    const saved = (await reviewsOf(second)).map((r) => [r.candidate_id, r.decision, r.tags.includes('carried-over'), r.notes.startsWith(`Carried over from run ${first}.`)]).sort();
    expect(saved).to.deep.equal([['drug:anifrolumab', 'pin', true, true], ['drug:belimumab', 'reject', true, true]]);
    expect(await page.locator('[data-candidate="drug:anifrolumab"] [data-testid="review-decision"]').first().textContent()).to.equal('pinned');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    await screenshot(page, 'dossier-carry-over-saved-phone');
  });

  it('keeps "Undo carry-over" for every browser: a second browser does not offer it again, and "Carry them over again" in it shows in the first (failed before: the decline lived in one browser\'s localStorage)', async function () {
    const { first, second } = await twoRuns('e2e-carry-over-declined');
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    await signIn(page, 'alice', ACCOUNTS.alice);
    await page.goto(`/#runs/${second}`);
    await page.getByTestId('carry-over-undo').click();
    await page.getByTestId('carry-over-text').filter({ hasText: 'Not carried over' }).waitFor();

    // Another browser context: no shared storage; alice signs in again.
    const other = await openDashboard(browser, server.baseUrl);
    try {
      await other.page.goto('/');
      await signIn(other.page, 'alice', ACCOUNTS.alice);
      await other.page.goto(`/#runs/${second}`);
      await other.page.getByTestId('carry-over-redo').waitFor();
      expect(await other.page.getByTestId('carry-over-text').textContent()).to.contain('Not carried over').and.to.contain(`run ${first.slice(0, 8)}`);
      expect(await other.page.getByTestId('carry-over-save').count(), 'not offered for saving').to.equal(0);
      expect(await other.page.locator('[data-testid="carried-mark"][data-candidate="drug:anifrolumab"]').textContent()).to.equal('');
      // Brought back in the second browser: the first sees it offered after a reload.
      await other.page.getByTestId('carry-over-redo').click();
      await other.page.getByTestId('carry-over-save').waitFor();
      expect(other.cspViolations).to.deep.equal([]);
      expect(other.pageErrors).to.deep.equal([]);
    } finally {
      await other.context.close();
    }
    await page.reload();
    await page.getByTestId('carry-over-save').waitFor();
    expect(await page.locator('[data-testid="carried-mark"][data-candidate="drug:anifrolumab"]').textContent()).to.contain('pinned');
    expect((await (await page.request.get(`/api/workspace/runs/${second}/reviews`)).json() as { reviews: unknown[] }).reviews, 'deciding saved no review').to.deep.equal([]);
  });

  it('undoes the saved carry-over after a reload: the reviews are withdrawn, the history keeps the save and the undo (failed before: a saved carry-over could not be undone)', async function () {
    const { first, second } = await twoRuns('e2e-carry-over-unsave');
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    await page.goto('/');
    await signIn(page, 'alice', ACCOUNTS.alice);
    const api = async (path: string) => (await (await page.request.get(`/api/workspace/runs/${second}/${path}`)).json()) as Record<string, { candidate_id: string; event?: string; decision: string | null }[]>;

    await page.goto(`/#runs/${second}`);
    await page.getByTestId('carry-over-save').click();
    await page.getByTestId('carry-over-text').filter({ hasText: 'Saved to this run' }).waitFor();
    // A reload reads the saved carry-over back from the server: the undo is still offered.
    await page.reload();
    const text = page.getByTestId('carry-over-text');
    await text.filter({ hasText: 'Saved to this run' }).waitFor();
    expect(await text.textContent()).to.contain('your 1 pin and 1 rejection carried over from').and.to.contain(`run ${first.slice(0, 8)}`);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'dossier-carry-over-unsave-desktop');
    await page.getByTestId('carry-over-unsave').click();
    await text.filter({ hasText: 'Not carried over' }).waitFor();
    expect(await page.locator('[data-candidate="drug:anifrolumab"] [data-testid="review-decision"]').count(), 'no review shown as this run\'s').to.equal(0);
    expect((await api('reviews')).reviews, 'the second run has no current review after the undo').to.deep.equal([]);
    const events = (await api('review-events')).events!.map((e) => [e.event, e.candidate_id, e.decision]);
    expect(events).to.deep.equal([
      ['saved', 'drug:anifrolumab', 'pin'], ['saved', 'drug:belimumab', 'reject'],
      ['withdrawn', 'drug:anifrolumab', null], ['withdrawn', 'drug:belimumab', null],
    ]);

    // The undo survives a reload too, and the carry-over can be brought back and saved again.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('carry-over-redo').waitFor();
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    await screenshot(page, 'dossier-carry-over-unsaved-phone');
    await page.getByTestId('carry-over-redo').click();
    await page.getByTestId('carry-over-save').click();
    await text.filter({ hasText: 'Saved to this run' }).waitFor();
    expect((await api('reviews')).reviews!.map((r) => [r.candidate_id, r.decision]).sort()).to.deep.equal([['drug:anifrolumab', 'pin'], ['drug:belimumab', 'reject']]);
  });
});
