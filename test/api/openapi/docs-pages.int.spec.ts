// Swagger UI and ReDoc pages on a real listening server: everything they load comes from this server
// (no CDN, no inline script), the asset routes serve only their allow-list, and the three docs routes
// exist only when OPENAPI_ENABLED (default: DEBUG).
import { expect } from 'chai';
import { loadSettings } from '../../../infra/config/settings';
import { startTestServer, TestServer } from '../../support/test-server';

const API_KEY = 'docs-test-key';
const DOCS = ['/api/openapi.json', '/api/docs', '/api/redoc'];

/** The src/href URLs a page references. */
function references(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
}

describe('Docs pages (OPENAPI_ENABLED=true, DEBUG=false with an API key)', function () {
  let server: TestServer;

  before(async function () {
    // Production-like: the docs must still be public (no X-API-Key) when enabled.
    server = await startTestServer({ env: { OPENAPI_ENABLED: 'true', DEBUG: 'false', API_KEY } });
  });
  after(async function () {
    await server.close();
  });

  for (const [page, mustLoad] of [['/api/docs', /swagger-ui-bundle\.js/], ['/api/redoc', /redoc\.standalone\.js/]] as const) {
    it(`${page} is HTML whose scripts and styles all load from this server`, async function () {
      const response = await fetch(`${server.baseUrl}${page}`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      const html = await response.text();
      // No inline script: every <script> has a src, so the page works under a strict CSP.
      expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\ssrc="/.test(tag)), 'inline script').to.equal(true);
      const urls = references(html);
      expect(urls.some((url) => mustLoad.test(url))).to.equal(true);
      expect(urls.filter((url) => /\.js$/.test(url))).to.have.length.greaterThan(1);
      for (const url of urls) {
        expect(url, 'served from this server, not a CDN').to.match(/^\/api\//);
        const asset = await fetch(`${server.baseUrl}${url}`);
        expect(asset.status, url).to.equal(200);
        const type = asset.headers.get('content-type') ?? '';
        if (url.endsWith('.js')) expect(type, url).to.match(/javascript/);
        if (url.endsWith('.css')) expect(type, url).to.match(/^text\/css/);
        const body = await asset.text();
        expect(body.length, url).to.be.greaterThan(0);
        if (url.endsWith('-init.js')) expect(body).to.contain("'/api/openapi.json'");
      }
    });
  }

  it('the asset routes refuse path traversal and anything off their allow-list', async function () {
    const attempts = [
      '/api/docs/assets/..%2F..%2F..%2Fpackage.json',
      '/api/docs/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/docs/assets/..%5Cpackage.json',
      '/api/docs/assets/%2e%2e%2f', // (a bare %2e%2e segment is resolved away by the URL parser before sending)
      '/api/docs/assets/.env',
      '/api/docs/assets/package.json', // a real file of swagger-ui-dist, but not an asset of the page
      '/api/docs/assets/absolute-path.js',
      '/api/redoc/assets/..%2F..%2F..%2F..%2Fpackage.json',
      '/api/redoc/assets/redoc.lib.js',
      '/api/redoc/assets/constructor',
    ];
    for (const attempt of attempts) {
      const response = await fetch(`${server.baseUrl}${attempt}`);
      expect([404, 422], attempt).to.include(response.status);
      const body = await response.text();
      expect(body, attempt).to.not.contain('"version"');
      expect(body, attempt).to.not.contain('module.exports');
    }
  });

  it('the OpenAPI JSON is public too', async function () {
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).to.equal(200);
    expect(await response.json()).to.have.property('openapi', '3.1.0');
  });
});

describe('Docs routes when disabled', function () {
  it('OPENAPI_ENABLED=false (DEBUG=false, API_KEY set): all three, and their assets, are 404', async function () {
    const server = await startTestServer({ env: { OPENAPI_ENABLED: 'false', DEBUG: 'false', API_KEY } });
    try {
      for (const path of [...DOCS, '/api/docs/assets/swagger-ui-bundle.js', '/api/redoc/assets/redoc.standalone.js']) {
        const response = await fetch(`${server.baseUrl}${path}`, { headers: { 'X-API-Key': API_KEY } });
        expect(response.status, path).to.equal(404);
        // Not a bare "no route": the 404 says how to turn the docs on (issue 30: npm start gave no hint).
        expect(((await response.json()) as { detail: string }).detail, path).to.contain('OPENAPI_ENABLED=true');
      }
      expect(server.http.registry.routes.filter((r) => r.tags.includes('docs'))).to.deep.equal([]);
    } finally {
      await server.close();
    }
  });

  it('by default the docs follow DEBUG: served with DEBUG=true, not with DEBUG=false', async function () {
    expect(loadSettings({ DEBUG: 'true' }).openapiEnabled).to.equal(true);
    expect(loadSettings({ DEBUG: 'false', API_KEY }).openapiEnabled).to.equal(false);
    const debug = await startTestServer({ env: { DEBUG: 'true' } });
    try {
      for (const path of DOCS) expect((await fetch(`${debug.baseUrl}${path}`)).status, path).to.equal(200);
    } finally {
      await debug.close();
    }
    const production = await startTestServer({ env: { DEBUG: 'false', API_KEY } });
    try {
      for (const path of DOCS) expect((await fetch(`${production.baseUrl}${path}`)).status, path).to.equal(404);
    } finally {
      await production.close();
    }
  });
});
