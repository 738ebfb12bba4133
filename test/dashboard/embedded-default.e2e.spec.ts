// The README's run command on a fresh machine, in a browser: `evidence serve` as `npm start` runs it
// (embedded PGlite, generated API key and dashboard account, DEBUG unset), then sign in with what it
// generated and get a dossier in the dashboard.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { ServiceProcess, startService } from '../support/service-process';
import { DashboardPage, launchBrowser, openDashboard, skipWithoutChromium } from './support/browser';

describe('Dashboard on the embedded default, as `npm start` runs it (Chromium)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let service: ServiceProcess;
  let browser: Browser;
  let tab: DashboardPage | undefined;

  before(async function () {
    skipWithoutChromium(this);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-embedded-'));
    // A fresh machine's environment; offline sources so the run does not depend on the network.
    service = await startService(['--generate-api-key-if-unset', '--create-local-account-if-none'],
      { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, EVIDENCE_SOURCE_MODE: 'offline' }, 60_000);
    browser = await launchBrowser();
  });
  after(async function () {
    await tab?.context.close();
    await browser?.close();
    await service?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in with the generated account and key, and builds a dossier (the LLM toggle starts off: no LLM configured)', async function () {
    const account = fs.readFileSync(path.join(dataDir, 'local-account'), 'utf8').match(/username: (.*)\npassword: (.*)/);
    const key = fs.readFileSync(path.join(dataDir, 'api-key'), 'utf8').trim();
    tab = await openDashboard(browser, service.baseUrl);
    const { page } = tab;
    await page.goto('/');
    const dialog = page.getByTestId('signin-dialog');
    await dialog.getByLabel('Username').fill(account?.[1] as string);
    await dialog.getByLabel('Password').fill(account?.[2] as string);
    await dialog.getByLabel(/API key/).fill(key);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('researcher-name').textContent()).to.equal('researcher');

    await page.getByTestId('disease-input').fill('sle');
    await page.getByTestId('question-input').fill('What could treat lupus nephritis?');
    // No LLM is configured on a fresh machine: the toggle starts off and says why.
    expect(await page.getByTestId('enable-llm').isChecked()).to.equal(false);
    expect(await page.getByTestId('llm-unavailable').textContent()).to.match(/no language model is configured on this server/);
    await page.getByTestId('enable-llm').uncheck();
    await page.getByTestId('ask-submit').click();
    await page.waitForURL(/#runs\/[0-9a-f-]{36}$/, { timeout: 90_000 });
    await page.getByTestId('dossier').waitFor();
    expect(await page.getByTestId('ranking').count()).to.be.greaterThan(0);
    expect(await page.getByTestId('evidence-item').count()).to.be.greaterThan(0);
    expect(tab.cspViolations).to.deep.equal([]);
    expect(tab.pageErrors).to.deep.equal([]);
  });
});
