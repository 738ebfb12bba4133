// The API docs render cleanly offline: Swagger UI without the jsonSchemaDialect warning, ReDoc without
// loading anything from another host (its credit logo came from a CDN), both under their CSP.
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestServer, TestServer } from '../support/test-server';
import { launchBrowser, skipWithoutChromium } from './support/browser';

describe('API docs pages offline (Chromium)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;

  before(async function () {
    skipWithoutChromium(this);
    server = await startTestServer({ env: { OPENAPI_ENABLED: 'true' }, projectors: [], processors: [] });
    browser = await launchBrowser();
  });
  after(async function () {
    await browser?.close();
    await server?.close();
  });

  for (const [path, ready] of [['/api/docs', '.swagger-ui .info'], ['/api/redoc', '[role="menu"]']] as const) {
    it(`${path} renders the service's operations and requests nothing from another host`, async function () {
      const context = await browser.newContext();
      const page = await context.newPage();
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(server.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
      });
      try {
        const response = await page.goto(`${server.baseUrl}${path}`);
        expect(response?.headers()['content-security-policy']).to.contain("img-src 'self' data:");
        await page.locator(ready).first().waitFor();
        await page.getByText('/api/workspace/runs').first().waitFor();
        await page.waitForLoadState('networkidle');
        const text = await page.evaluate(() => document.body.innerText);
        expect(text).to.contain('Evidence Research Service');
        expect(text).not.to.match(/jsonSchemaDialect|not supported/);
        expect(foreign).to.deep.equal([]);
      } finally {
        await context.close();
      }
    });
  }
});
