// The Ask view's disease type-ahead over a registry of thousands of modules: the page never loads the
// registry, it asks the server for at most 25 suggestions per keystroke pause, and picking one by
// keyboard names it under the field.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { DEFAULT_DISEASES_DIR, DiseaseRegistry } from '../../infra/diseases/disease-registry';
import type { TestServer } from '../support/test-server';
import { DashboardPage, launchBrowser, openDashboard, screenshot, signIn, skipWithoutChromium } from './support/browser';
import { ACCOUNTS, startDashboardServer } from './support/dashboard-server';

const GENERATED = 5_000;

describe('Dashboard: disease type-ahead over thousands of modules (Chromium)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  let tab: DashboardPage | undefined;
  let registryDir: string | undefined;

  before(async function () {
    skipWithoutChromium(this);
    // The shipped modules plus 5,000 generated ones (complete, so they are offered).
    registryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picker-registry-'));
    for (const file of fs.readdirSync(DEFAULT_DISEASES_DIR)) fs.copyFileSync(path.join(DEFAULT_DISEASES_DIR, file), path.join(registryDir, file));
    const template = JSON.parse(fs.readFileSync(path.join(DEFAULT_DISEASES_DIR, 'sle.json'), 'utf8'));
    for (let i = 0; i < GENERATED; i++) {
      const id = `gen${String(i).padStart(4, '0')}`;
      fs.writeFileSync(path.join(registryDir, `${id}.json`), JSON.stringify({ ...template, id, name: `Generated condition ${i}`, synonyms: [`Synthetic alias ${i}`] }));
    }
    server = await startDashboardServer({}, { diseases: DiseaseRegistry.load(registryDir) });
    browser = await launchBrowser();
  });
  after(async function () {
    if (tab) {
      expect(tab.cspViolations).to.deep.equal([]);
      expect(tab.pageErrors).to.deep.equal([]);
      await tab.context.close();
    }
    await browser?.close();
    await server?.close();
    if (registryDir) fs.rmSync(registryDir, { recursive: true, force: true }); // unset when skipped (no Chromium)
  });

  it('suggests at most 25 matches from the server as the researcher types, and names the one picked', async function () {
    tab = await openDashboard(browser, server.baseUrl);
    const { page } = tab;
    const lookups: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/api/system/diseases')) lookups.push(request.url()); });
    await page.goto('/#ask');
    await signIn(page, 'alice', ACCOUNTS.alice);
    const input = page.getByTestId('disease-input');
    await input.waitFor();
    await input.fill('');
    await page.getByTestId('disease-hint').filter({ hasText: `${GENERATED + 18} disease modules` }).waitFor();
    lookups.length = 0;

    await input.pressSequentially('Generated condition 42', { delay: 20 });
    await page.locator('#disease-options option[value="gen0042"]').waitFor({ state: 'attached' });
    const options = await page.locator('#disease-options option').count();
    expect(options).to.be.within(1, 25);
    expect(lookups.every((url) => /limit=25/.test(url)), 'every lookup is bounded').to.equal(true);
    expect(lookups.length, 'typing is debounced, not one request per key').to.be.below('Generated condition 42'.length);

    // A synonym finds its module too.
    await input.fill('Synthetic alias 4999');
    await page.locator('#disease-options option[value="gen4999"]').waitFor({ state: 'attached' });
    await input.fill('gen4999');
    await page.getByTestId('disease-hint').filter({ hasText: 'Generated condition 4999' }).waitFor();
    await screenshot(page, 'ask-disease-typeahead');
  });
});
