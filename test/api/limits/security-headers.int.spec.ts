// Security headers, CORS from CORS_ORIGINS, and the dashboard document with its CSP per
// DASHBOARD_CSP_MODE, through real listening servers.
import { expect } from 'chai';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { securityMiddleware } from '../../../api/security/headers';
import { loadSettings } from '../../../infra/config/settings';
import { startTestServer, TestServer } from '../../support/test-server';

const ALLOWED = 'http://dashboard.example:3000';
const STRICT_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; "
  + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

describe('Security headers and CORS', function () {
  let server: TestServer;
  let wildcard: TestServer;

  before(async function () {
    server = await startTestServer({ env: { CORS_ORIGINS: `${ALLOWED},http://other.example` } });
    wildcard = await startTestServer({ env: { CORS_ORIGINS: '*' } });
  });
  after(async function () {
    await server.close();
    await wildcard.close();
  });

  it('sets the security headers on every response, and no X-Powered-By or HSTS over plain HTTP', async function () {
    for (const path of ['/api/health', '/api/nothing-here', '/']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.headers.get('x-content-type-options'), path).to.equal('nosniff');
      expect(response.headers.get('x-frame-options'), path).to.equal('DENY');
      expect(response.headers.get('referrer-policy'), path).to.equal('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy'), path).to.equal('same-origin');
      expect(response.headers.get('x-powered-by'), path).to.equal(null);
      expect(response.headers.get('strict-transport-security'), path).to.equal(null);
    }
  });

  it('sends Strict-Transport-Security only when the request came over TLS', function () {
    const [headers] = securityMiddleware(loadSettings({ DEBUG: 'true' }));
    const set: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => { set[name.toLowerCase()] = value; }, removeHeader: () => undefined } as unknown as ExpressResponse;
    headers!({ secure: true, headers: {} } as ExpressRequest, res, () => undefined);
    expect(set['strict-transport-security']).to.match(/^max-age=\d+/);
  });

  it('an allowed origin is echoed with credentials; a disallowed one gets no CORS headers', async function () {
    const allowed = await fetch(`${server.baseUrl}/api/health`, { headers: { Origin: ALLOWED } });
    expect(allowed.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
    expect(allowed.headers.get('access-control-allow-credentials')).to.equal('true');
    expect(allowed.headers.get('vary')).to.match(/origin/i);
    expect(allowed.headers.get('access-control-expose-headers')).to.contain('Retry-After');

    const other = await fetch(`${server.baseUrl}/api/health`, { headers: { Origin: 'http://evil.example' } });
    expect(other.status).to.equal(200);
    for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-methods']) {
      expect(other.headers.get(name), name).to.equal(null);
    }
    // Exact match: same host on another port or scheme is another origin.
    const otherPort = await fetch(`${server.baseUrl}/api/health`, { headers: { Origin: 'http://dashboard.example:3001' } });
    expect(otherPort.headers.get('access-control-allow-origin')).to.equal(null);
  });

  it('answers a preflight from an allowed origin with the methods and headers; refuses others without CORS headers', async function () {
    const preflight = { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-api-key' };
    const ok = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'OPTIONS', headers: { Origin: ALLOWED, ...preflight } });
    expect(ok.status).to.equal(204);
    expect(ok.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
    expect(ok.headers.get('access-control-allow-methods')).to.contain('POST').and.contain('DELETE');
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).to.contain('x-api-key').and.contain('content-type');

    const refused = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'OPTIONS', headers: { Origin: 'http://evil.example', ...preflight } });
    expect(refused.status).to.equal(403);
    expect(refused.headers.get('access-control-allow-origin')).to.equal(null);
    expect(refused.headers.get('access-control-allow-methods')).to.equal(null);
  });

  it("'*' (only when configured) lets any origin read, without credentials", async function () {
    const response = await fetch(`${wildcard.baseUrl}/api/health`, { headers: { Origin: 'http://anywhere.example' } });
    expect(response.headers.get('access-control-allow-origin')).to.equal('*');
    expect(response.headers.get('access-control-allow-credentials')).to.equal(null);
  });
});

describe('Dashboard document and its CSP', function () {
  const servers: TestServer[] = [];
  afterEach(async function () {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function dashboard(env: Record<string, string>): Promise<Response> {
    const server = await startTestServer({ env });
    servers.push(server);
    return fetch(`${server.baseUrl}/`);
  }

  it('off (the default) sends no CSP header; the document has no inline script or style', async function () {
    const response = await dashboard({});
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/html/);
    expect(response.headers.get('content-security-policy')).to.equal(null);
    expect(response.headers.get('content-security-policy-report-only')).to.equal(null);
    const html = await response.text();
    expect(html).to.contain('<title>Evidence Research Service</title>');
    // Scripts and styles only from files of the same origin: no inline code the CSP would have to allow.
    expect(html).not.to.match(/<script(?![^>]*\ssrc="\/assets\/)|<style|\sstyle=|\son[a-z]+=|javascript:/i);
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.some((a) => a.endsWith('.js')), 'a built script').to.equal(true);
    expect(assets.some((a) => a.endsWith('.css')), 'a built stylesheet').to.equal(true);
    for (const asset of assets) {
      const served = await fetch(`${response.url.replace(/\/$/, '')}${asset}`);
      expect(served.status, asset).to.equal(200);
      const type = asset.endsWith('.js') ? /^text\/javascript/ : asset.endsWith('.svg') ? /^image\/svg\+xml/ : /^text\/css/;
      expect(served.headers.get('content-type'), asset).to.match(type);
      expect(served.headers.get('cache-control')).to.contain('immutable');
    }
    const missing = await fetch(`${response.url.replace(/\/$/, '')}/assets/not-built.js`);
    expect(missing.status).to.equal(404);
    const traversal = await fetch(`${response.url.replace(/\/$/, '')}/assets/..%2F..%2Fpackage.json`);
    expect(traversal.status).to.be.oneOf([404, 422]);
  });

  it('report-only sends Content-Security-Policy-Report-Only', async function () {
    const response = await dashboard({ DASHBOARD_CSP_MODE: 'report-only' });
    expect(response.headers.get('content-security-policy-report-only')).to.equal(STRICT_POLICY);
    expect(response.headers.get('content-security-policy')).to.equal(null);
  });

  it('enforce, and the DASHBOARD_CSP=true alias, send Content-Security-Policy', async function () {
    for (const env of [{ DASHBOARD_CSP_MODE: 'enforce' }, { DASHBOARD_CSP: 'true' }] as Record<string, string>[]) {
      const response = await dashboard(env);
      expect(response.headers.get('content-security-policy'), JSON.stringify(env)).to.equal(STRICT_POLICY);
      expect(response.headers.get('content-security-policy-report-only')).to.equal(null);
    }
  });
});
