import { expect } from 'chai';
import type { Request } from 'express';
import { createPrincipalResolver, normaliseIp, normaliseResearcherId } from '../../../api/auth/principal-resolver';
import { systemClock } from '../../../infra/clock/clock';
import { loadSettings } from '../../../infra/config/settings';
import { startTestServer, TestServer } from '../../support/test-server';

type Me = { authenticated: boolean; researcher_id: string | null; auth_mode: string; source: string | null };

async function me(base: string, headers: Record<string, string> = {}): Promise<Me> {
  const response = await fetch(`${base}/api/auth/me`, { headers });
  expect(response.status).to.equal(200);
  return await response.json() as Me;
}

async function withServer(env: Record<string, string>, body: (base: string) => Promise<void>): Promise<void> {
  const server = await startTestServer({ env, projectors: [], processors: [] });
  try {
    await body(server.baseUrl);
  } finally {
    await server.close();
  }
}

describe('Researcher principal resolution', function () {
  describe('AUTH_MODE=proxy', function () {
    it('accepts the identity headers from a trusted proxy IP (any of the three, when they agree), trimmed and checked', async function () {
      await withServer({ DEBUG: 'false', API_KEY: 'k', AUTH_MODE: 'proxy', AUTH_TRUSTED_PROXY_IPS: '10.1.2.3,127.0.0.1' }, async (base) => {
        expect(await me(base, { 'X-Authenticated-User': ' carol ' })).to.deep.equal({ authenticated: true, researcher_id: 'carol', auth_mode: 'proxy', source: 'proxy', api_key_required: true, llm_available: false });
        expect(await me(base, { 'X-Auth-Request-User': 'dave@example.org' })).to.include({ researcher_id: 'dave@example.org' });
        expect(await me(base, { 'Remote-User': 'erin' })).to.include({ researcher_id: 'erin' });
        expect(await me(base, { 'X-Authenticated-User': 'carol', 'Remote-User': ' carol' })).to.include({ researcher_id: 'carol' });
        expect(await me(base, { 'X-Authenticated-User': 'bad id<script>' })).to.include({ authenticated: false });
        expect(await me(base, { 'X-Authenticated-User': 'x'.repeat(129) })).to.include({ authenticated: false });
        expect(await me(base, { 'X-Authenticated-User': 'x'.repeat(128) })).to.include({ authenticated: true });
        expect(await me(base)).to.include({ authenticated: false });
      });
    });

    it('ignores the identity headers from an IP that is not a trusted proxy', async function () {
      await withServer({ DEBUG: 'false', API_KEY: 'k', AUTH_MODE: 'proxy', AUTH_TRUSTED_PROXY_IPS: '10.1.2.3' }, async (base) => {
        for (const header of ['X-Authenticated-User', 'X-Auth-Request-User', 'Remote-User']) {
          expect(await me(base, { [header]: 'carol' })).to.deep.equal({ authenticated: false, researcher_id: null, auth_mode: 'proxy', source: null, api_key_required: true, llm_available: false });
        }
      });
    });

    it('matches an IPv4-mapped IPv6 peer address against an IPv4 entry, and the reverse', async function () {
      expect(normaliseIp('::ffff:127.0.0.1')).to.equal('127.0.0.1');
      expect(normaliseIp('::1')).to.equal('::1');
      const fake = (remoteAddress: string) => ({ socket: { remoteAddress }, get: (n: string) => (n.toLowerCase() === 'remote-user' ? 'frank' : undefined) }) as unknown as Request;
      const sessions = undefined as never; // proxy mode never touches sessions
      const v4 = createPrincipalResolver({ ...loadSettings({ AUTH_MODE: 'proxy' }), authTrustedProxyIps: ['192.0.2.7'] }, sessions, systemClock);
      expect(await v4(fake('::ffff:192.0.2.7'))).to.deep.equal({ id: 'frank', source: 'proxy' });
      expect(await v4(fake('192.0.2.8'))).to.equal(undefined);
      const mapped = createPrincipalResolver({ ...loadSettings({ AUTH_MODE: 'proxy' }), authTrustedProxyIps: ['::ffff:192.0.2.7', '2001:db8::1'] }, sessions, systemClock);
      expect(await mapped(fake('192.0.2.7'))).to.deep.equal({ id: 'frank', source: 'proxy' });
      expect(await mapped(fake('2001:0db8:0:0:0:0:0:1'))).to.deep.equal({ id: 'frank', source: 'proxy' });
    });
  });

  describe('AUTH_MODE=local', function () {
    it('ignores proxy identity headers, even from a listed proxy IP', async function () {
      await withServer({ DEBUG: 'false', API_KEY: 'k', AUTH_TRUSTED_PROXY_IPS: '127.0.0.1' }, async (base) => {
        expect(await me(base, { 'X-Authenticated-User': 'carol' })).to.include({ authenticated: false, auth_mode: 'local' });
      });
    });
  });

  describe('X-Researcher-ID', function () {
    it('is ignored when DEBUG=false', async function () {
      await withServer({ DEBUG: 'false', API_KEY: 'k' }, async (base) => {
        expect(await me(base, { 'X-Researcher-ID': 'grace' })).to.include({ authenticated: false, source: null });
      });
    });

    it('is honoured when DEBUG=true, when valid, as a fallback', async function () {
      await withServer({ DEBUG: 'true' }, async (base) => {
        expect(await me(base, { 'X-Researcher-ID': 'grace' })).to.deep.equal({ authenticated: true, researcher_id: 'grace', auth_mode: 'local', source: 'debug-header', api_key_required: false, llm_available: false });
        expect(await me(base, { 'X-Researcher-ID': '../etc/passwd' })).to.include({ authenticated: false });
        expect(await me(base, { 'X-Researcher-ID': '   ' })).to.include({ authenticated: false });
      });
    });
  });

  it('researcher ids: trimmed, 1-128 characters of a safe charset', function () {
    expect(normaliseResearcherId('  heidi.k@lab-1 ')).to.equal('heidi.k@lab-1');
    for (const bad of ['', ' ', 'a b', 'a/b', '<x>', 'é', 'x'.repeat(129), 42, undefined]) {
      expect(normaliseResearcherId(bad), String(bad)).to.equal(undefined);
    }
  });
});
