// Real headless Chromium (Debian's package, /usr/bin/chromium) driven by playwright-core, for the
// dashboard's end-to-end tests. Suites skip with a message when Chromium is not installed (.ci/run
// installs it). Screenshots go to test-artifacts/screenshots (git-ignored) for reviewers.
import fs from 'node:fs';
import path from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../../test-artifacts/screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Flags that keep Chromium off the (closed) network and quiet in a sandbox-less CI container. */
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--disable-default-apps', '--mute-audio',
];

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

/** Skips the calling suite (in a `before` hook) when Chromium is missing, saying why. */
export function skipWithoutChromium(context: Mocha.Context): void {
  if (!chromiumAvailable()) {
    console.log(`      (skipped: no Chromium at ${CHROMIUM_PATH}; install Debian's chromium package or set CHROMIUM_PATH)`);
    context.skip();
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface DashboardPage {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations the page reported (expected to stay empty). */
  cspViolations: string[];
  /** Uncaught page errors and console errors. */
  pageErrors: string[];
  /** Dialogs (alert/confirm) the page opened; they are accepted. */
  dialogs: string[];
}

export async function openDashboard(browser: Browser, baseUrl: string, viewport = DESKTOP): Promise<DashboardPage> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, acceptDownloads: true });
  const page = await context.newPage();
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  const dialogs: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) pageErrors.push(message.text());
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  return { context, page, cspViolations, pageErrors, dialogs };
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  const dialog = page.getByTestId('signin-dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('researcher-name').filter({ hasText: username }).waitFor();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
