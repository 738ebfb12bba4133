import { expect } from 'chai';
import { sessionCookieHeader, signSessionValue } from '../../../api/auth/sessions';
import { startTestServer, TestServer } from '../../support/test-server';

const SECRET = 'test-session-secret-for-forging';
const TTL = 3600;
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('Local sessions (/api/auth/login, /me, /logout)', function () {
  let server: TestServer;
  let base: string;

  before(async function () {
    server = await startTestServer({
      env: { DEBUG: 'true', AUTH_SESSION_SECRET: SECRET, AUTH_SESSION_TTL_SECONDS: String(TTL), LOCAL_AUTH_USERS: '{"alice":"correct horse","bob":"b-pass"}' },
      projectors: [],
      processors: [],
    });
    base = server.baseUrl;
  });
  after(async function () {
    await server.close();
  });

  function login(body: unknown): Promise<Response> {
    return fetch(`${base}/api/auth/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  }
  /** "evidence_session=<value>" from a login response. */
  function cookieOf(response: Response): string {
    const header = response.headers.getSetCookie().find((c) => c.startsWith('evidence_session='));
    expect(header, 'Set-Cookie evidence_session').to.be.a('string');
    return header!.split(';')[0]!;
  }
  async function me(cookie?: string): Promise<{ authenticated: boolean; researcher_id: string | null; source: string | null }> {
    const response = await fetch(`${base}/api/auth/me`, { headers: cookie ? { cookie } : {} });
    expect(response.status).to.equal(200);
    return await response.json() as { authenticated: boolean; researcher_id: string | null; source: string | null };
  }
  async function loggedIn(): Promise<{ cookie: string; id: string; expires: number }> {
    const cookie = cookieOf(await login({ username: 'alice', password: 'correct horse' }));
    const [id, expires] = cookie.split('=')[1]!.split('.') as [string, string];
    return { cookie, id, expires: Number(expires) };
  }

  it('a wrong password and an unknown user get the identical 401, and no cookie', async function () {
    const wrongPassword = await login({ username: 'alice', password: 'battery staple' });
    const unknownUser = await login({ username: 'mallory', password: 'correct horse' });
    const prototypeKey = await login({ username: '__proto__', password: 'x' });
    for (const response of [wrongPassword, unknownUser, prototypeKey]) {
      expect(response.status).to.equal(401);
      expect(response.headers.getSetCookie()).to.deep.equal([]);
    }
    const bodies = await Promise.all([wrongPassword.text(), unknownUser.text(), prototypeKey.text()]);
    expect(bodies[0]).to.equal(JSON.stringify({ detail: 'invalid username or password' }));
    expect(bodies[1]).to.equal(bodies[0]);
    expect(bodies[2]).to.equal(bodies[0]);
  });

  it('a login body without a password (or with a non-string) is 422 with details', async function () {
    const missing = await login({ username: 'alice' });
    expect(missing.status).to.equal(422);
    expect(await missing.json()).to.deep.equal({ detail: [{ loc: ['body', 'password'], msg: 'is required', type: 'required' }] });
    const wrongType = await login({ username: 'alice', password: 42 });
    expect(wrongType.status).to.equal(422);
    expect((await wrongType.json() as { detail: { loc: string[] }[] }).detail[0]!.loc).to.deep.equal(['body', 'password']);
  });

  it('a successful login sets an HttpOnly, SameSite=Lax, Path=/ cookie with Max-Age = TTL (no Secure over http)', async function () {
    const response = await login({ username: 'alice', password: 'correct horse' });
    expect(response.status).to.equal(200);
    const body = await response.json() as { authenticated: boolean; researcher_id: string; expires_at: string };
    expect(body).to.include({ authenticated: true, researcher_id: 'alice' });
    expect(Date.parse(body.expires_at) - Date.now()).to.be.within((TTL - 60) * 1000, TTL * 1000);
    const header = response.headers.getSetCookie()[0]!;
    const attributes = header.split(';').slice(1).map((a) => a.trim());
    expect(attributes).to.include.members(['HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${TTL}`]);
    expect(attributes.map((a) => a.toLowerCase())).not.to.include('secure');
    expect(header.split(';')[0]).to.match(/^evidence_session=[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(await me(cookieOf(response))).to.deep.include({ authenticated: true, researcher_id: 'alice', source: 'session' });
  });

  it('adds Secure when the request came over HTTPS', function () {
    expect(sessionCookieHeader('v', TTL, true)).to.match(/; Secure$/);
  });

  it('each login issues a different session, each stored as its own row', async function () {
    const first = await loggedIn();
    const second = await loggedIn();
    expect(first.id).not.to.equal(second.id);
    const rows = await server.runtime.db.knex('auth_sessions').whereIn('id', [first.id, second.id]);
    expect(rows).to.have.length(2);
    expect((await me(first.cookie)).authenticated).to.equal(true);
    expect((await me(second.cookie)).authenticated).to.equal(true);
  });

  it('a tampered cookie is no principal', async function () {
    const { cookie, id, expires } = await loggedIn();
    const mac = cookie.split('.')[2]!;
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    expect((await me(`evidence_session=${id}.${expires}.${flipped}`)).authenticated).to.equal(false);
    // A later expiry under the old signature.
    expect((await me(`evidence_session=${id}.${expires + 3600}.${mac}`)).authenticated).to.equal(false);
    // Signed with another secret.
    expect((await me(`evidence_session=${signSessionValue('other-secret', id, expires)}`)).authenticated).to.equal(false);
    expect((await me('evidence_session=garbage')).authenticated).to.equal(false);
  });

  it('a correctly signed cookie past its expiry is no principal', async function () {
    const { id, expires } = await loggedIn();
    // Sanity: the forging is right, a re-signed live cookie works.
    expect((await me(`evidence_session=${signSessionValue(SECRET, id, expires)}`)).authenticated).to.equal(true);
    const past = Math.floor(Date.now() / 1000) - 1;
    expect((await me(`evidence_session=${signSessionValue(SECRET, id, past)}`)).authenticated).to.equal(false);
  });

  it('a session whose row has expired is no principal, even with a live cookie', async function () {
    const { cookie, id } = await loggedIn();
    await server.runtime.db.knex('auth_sessions').where({ id }).update({ expires_at: new Date(Date.now() - 1000) });
    expect((await me(cookie)).authenticated).to.equal(false);
  });

  it('a correctly signed cookie for an unknown session is no principal', async function () {
    const expires = Math.floor(Date.now() / 1000) + 600;
    expect((await me(`evidence_session=${signSessionValue(SECRET, '00000000-0000-4000-8000-000000000000', expires)}`)).authenticated).to.equal(false);
  });

  it('logout revokes the session and clears the cookie; the old cookie is no principal afterwards', async function () {
    const { cookie, id } = await loggedIn();
    const other = await loggedIn();
    const response = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ authenticated: false, revoked: true });
    const cleared = response.headers.getSetCookie()[0]!;
    expect(cleared).to.match(/^evidence_session=;/);
    expect(cleared).to.contain('Max-Age=0');
    expect((await me(cookie)).authenticated).to.equal(false);
    const row = await server.runtime.db.knex('auth_sessions').where({ id }).first();
    expect(row.revoked_at).to.be.instanceOf(Date);
    expect((await me(other.cookie)).authenticated, 'other sessions stay').to.equal(true);
    const again = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(await again.json()).to.deep.equal({ authenticated: false, revoked: false });
  });
});

describe('Login in AUTH_MODE=proxy', function () {
  let server: TestServer;

  before(async function () {
    server = await startTestServer({ env: { DEBUG: 'true', AUTH_MODE: 'proxy', LOCAL_AUTH_USERS: 'alice=pw' }, projectors: [], processors: [] });
  });
  after(async function () {
    await server.close();
  });

  it('is 404, saying login is local-mode only', async function () {
    const response = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ username: 'alice', password: 'pw' }) });
    expect(response.status).to.equal(404);
    expect((await response.json() as { detail: string }).detail).to.contain('AUTH_MODE=local');
    expect(response.headers.getSetCookie()).to.deep.equal([]);
  });
});
