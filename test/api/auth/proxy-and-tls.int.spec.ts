// Behind a reverse proxy: identity headers that disagree are refused (not resolved by header order),
// AUTH_PROXY_HEADER pins the one header the proxy sets, and with TRUST_PROXY naming the TLS front the
// session cookie is Secure and HSTS is sent for requests the proxy reports as HTTPS.
import { expect } from 'chai';
import { loadSettings, SettingsError } from '../../../infra/config/settings';
import { startTestServer } from '../../support/test-server';

async function withServer(env: Record<string, string>, body: (base: string) => Promise<void>): Promise<void> {
  const server = await startTestServer({ env, projectors: [], processors: [] });
  try {
    await body(server.baseUrl);
  } finally {
    await server.close();
  }
}

const PROXY = { DEBUG: 'false', API_KEY: 'k', AUTH_MODE: 'proxy', AUTH_TRUSTED_PROXY_IPS: '127.0.0.1' };

describe('Behind a reverse proxy', function () {
  it('refuses a request whose identity headers name two different researchers (401), on every route', async function () {
    await withServer(PROXY, async (base) => {
      const headers = { 'X-Authenticated-User': 'carol', 'Remote-User': 'mallory', 'X-API-Key': 'k' };
      const me = await fetch(`${base}/api/auth/me`, { headers });
      expect(me.status).to.equal(401);
      expect((await me.json()).detail).to.match(/identity headers disagree/);
      expect((await fetch(`${base}/api/workspace/runs`, { headers })).status).to.equal(401);
      const agreeing = await fetch(`${base}/api/auth/me`, { headers: { ...headers, 'Remote-User': 'carol' } });
      expect(agreeing.status).to.equal(200);
      expect(await agreeing.json()).to.include({ researcher_id: 'carol' });
    });
  });

  it('with AUTH_PROXY_HEADER reads only that header, ignoring a client\'s copy of the others', async function () {
    await withServer({ ...PROXY, AUTH_PROXY_HEADER: 'Remote-User' }, async (base) => {
      const res = await fetch(`${base}/api/auth/me`, { headers: { 'Remote-User': 'carol', 'X-Authenticated-User': 'mallory' } });
      expect(res.status).to.equal(200);
      expect(await res.json()).to.include({ researcher_id: 'carol', source: 'proxy' });
      const only = await fetch(`${base}/api/auth/me`, { headers: { 'X-Authenticated-User': 'mallory' } });
      expect(await only.json()).to.include({ authenticated: false });
    });
  });

  it('refuses an AUTH_PROXY_HEADER that is not one of the three identity headers, and a malformed TRUST_PROXY', function () {
    expect(() => loadSettings({ AUTH_PROXY_HEADER: 'x-user' })).to.throw(SettingsError, /AUTH_PROXY_HEADER/);
    expect(() => loadSettings({ TRUST_PROXY: '10.0.0.0/99' })).to.throw(SettingsError, /TRUST_PROXY/);
    expect(() => loadSettings({ TRUST_PROXY: 'proxy.local' })).to.throw(SettingsError, /TRUST_PROXY/);
    expect(loadSettings({ TRUST_PROXY: '2' }).trustProxy).to.equal(2);
    expect(loadSettings({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).to.deep.equal(['10.0.0.1', '10.1.0.0/16']);
    expect(loadSettings({}).trustProxy).to.equal(false);
  });

  describe('session cookies and HSTS', function () {
    const LOCAL = { DEBUG: 'false', API_KEY: 'k', AUTH_MODE: 'local', LOCAL_AUTH_USERS: 'alice=correct-horse-battery', AUTH_SESSION_SECRET: 's'.repeat(40) };

    async function login(base: string, headers: Record<string, string>) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-API-Key': 'k', ...headers },
        body: JSON.stringify({ username: 'alice', password: 'correct-horse-battery' }),
      });
      expect(res.status).to.equal(200);
      return { cookie: res.headers.get('set-cookie') ?? '', hsts: res.headers.get('strict-transport-security') };
    }

    it('with TRUST_PROXY naming the TLS front, an HTTPS request gets a Secure cookie and HSTS', async function () {
      await withServer({ ...LOCAL, TRUST_PROXY: '127.0.0.1' }, async (base) => {
        const https = await login(base, { 'X-Forwarded-Proto': 'https' });
        expect(https.cookie).to.match(/; Secure/);
        expect(https.hsts).to.match(/max-age=\d+/);
        const plain = await login(base, {});
        expect(plain.cookie).not.to.match(/Secure/);
        expect(plain.hsts).to.equal(null);
      });
    });

    it('without TRUST_PROXY a forged X-Forwarded-Proto changes nothing', async function () {
      await withServer(LOCAL, async (base) => {
        const forged = await login(base, { 'X-Forwarded-Proto': 'https' });
        expect(forged.cookie).not.to.match(/Secure/);
        expect(forged.hsts).to.equal(null);
      });
    });

    it('AUTH_COOKIE_SECURE=true marks the cookie Secure even over plain HTTP; false never does', async function () {
      await withServer({ ...LOCAL, AUTH_COOKIE_SECURE: 'true' }, async (base) => {
        expect((await login(base, {})).cookie).to.match(/; Secure/);
      });
      await withServer({ ...LOCAL, TRUST_PROXY: '127.0.0.1', AUTH_COOKIE_SECURE: 'false' }, async (base) => {
        expect((await login(base, { 'X-Forwarded-Proto': 'https' })).cookie).not.to.match(/Secure/);
      });
    });
  });
});
