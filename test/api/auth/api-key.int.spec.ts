import { expect } from 'chai';
import type { Request } from 'express';
import { checkApiKey, constantTimeEqual } from '../../../api/auth/api-key';
import { signSessionValue } from '../../../api/auth/sessions';
import { startTestServer, TestServer } from '../../support/test-server';

const API_KEY = 'test-api-key-0123456789';

/** Just enough of an Express request for the guard: headers via get(), parsed query. */
function fakeRequest(headers: Record<string, string>, query: Record<string, unknown> = {}): Request {
  return { get: (name: string) => headers[name.toLowerCase()], query } as unknown as Request;
}

describe('API key (X-API-Key)', function () {
  let server: TestServer;
  let base: string;

  before(async function () {
    // No AUTH_SESSION_SECRET: the API key is the session secret's fallback.
    server = await startTestServer({ env: { DEBUG: 'false', API_KEY, LOCAL_AUTH_USERS: 'alice=wonderland' }, projectors: [], processors: [] });
    base = server.baseUrl;
  });
  after(async function () {
    await server.close();
  });

  it('a POST without the key is 401 with a detail', async function () {
    const response = await fetch(`${base}/api/auth/logout`, { method: 'POST' });
    expect(response.status).to.equal(401);
    expect(await response.json()).to.have.property('detail').that.is.a('string');
  });

  it('a POST with the wrong key is 403, also a wrong key of the same length', async function () {
    for (const key of ['nope', API_KEY.replace(/.$/, 'X')]) {
      const response = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { 'X-API-Key': key } });
      expect(response.status).to.equal(403);
      expect(await response.json()).to.deep.equal({ detail: 'invalid API key' });
    }
  });

  it('a POST with the right key passes', async function () {
    const response = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { 'X-API-Key': API_KEY } });
    expect(response.status).to.equal(200);
  });

  it('?api_key= is not accepted on plain HTTP routes', async function () {
    const response = await fetch(`${base}/api/auth/logout?api_key=${API_KEY}`, { method: 'POST' });
    expect(response.status).to.equal(401);
  });

  it('public GETs need no key', async function () {
    const response = await fetch(`${base}/api/auth/me`);
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ authenticated: false, researcher_id: null, auth_mode: 'local', source: null, api_key_required: true, llm_available: false });
  });

  it('login needs the key too, and then signs the session cookie with API_KEY when no session secret is set', async function () {
    const body = JSON.stringify({ username: 'alice', password: 'wonderland' });
    const denied = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(denied.status).to.equal(401);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-API-Key': API_KEY }, body });
    expect(login.status).to.equal(200);
    const value = login.headers.getSetCookie()[0]!.split(';')[0]!.split('=')[1]!;
    const [id, expires] = value.split('.') as [string, string];
    expect(value).to.equal(signSessionValue(API_KEY, id, Number(expires)));
  });

  describe('the guard itself', function () {
    it('accepts ?api_key= only when allowQuery is true (WebSocket upgrades)', function () {
      expect(checkApiKey(API_KEY, fakeRequest({}, { api_key: API_KEY }), true)).to.equal(undefined);
      expect(checkApiKey(API_KEY, fakeRequest({}, { api_key: 'wrong' }), true)).to.deep.include({ status: 403 });
      expect(checkApiKey(API_KEY, fakeRequest({}, { api_key: API_KEY }), false)).to.deep.include({ status: 401 });
      expect(checkApiKey(API_KEY, fakeRequest({}, {}), true)).to.deep.include({ status: 401 });
      // A repeated parameter is an array, not a key.
      expect(checkApiKey(API_KEY, fakeRequest({}, { api_key: [API_KEY, API_KEY] }), true)).to.deep.include({ status: 401 });
    });

    it('the header wins over the query when both are sent', function () {
      expect(checkApiKey(API_KEY, fakeRequest({ 'x-api-key': 'wrong' }, { api_key: API_KEY }), true)).to.deep.include({ status: 403 });
      expect(checkApiKey(API_KEY, fakeRequest({ 'x-api-key': API_KEY }, { api_key: 'wrong' }), true)).to.equal(undefined);
    });

    it('does nothing when API_KEY is unset', function () {
      expect(checkApiKey(undefined, fakeRequest({}), false)).to.equal(undefined);
      expect(checkApiKey(undefined, fakeRequest({ 'x-api-key': 'anything' }), false)).to.equal(undefined);
    });

    it('compares whatever the lengths', function () {
      expect(constantTimeEqual('abc', 'abc')).to.equal(true);
      expect(constantTimeEqual('abc', 'abcd')).to.equal(false);
      expect(constantTimeEqual('', 'abc')).to.equal(false);
    });
  });
});
