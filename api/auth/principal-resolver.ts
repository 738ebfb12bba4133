// Who the request acts for, derived by the server only. AUTH_MODE=local: the session cookie.
// AUTH_MODE=proxy: the identity header set by a trusted reverse proxy, believed only when the TCP peer
// is that proxy (anyone else could send the header). DEBUG=true adds X-Researcher-ID as a last resort.
import { BlockList, isIP } from 'node:net';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Settings } from '../../infra/config/settings';
import type { ResearcherPrincipal } from './principal';
import { SessionStore } from './sessions';
import { Clock, systemClock } from '../../infra/clock/clock';

export const PROXY_IDENTITY_HEADERS = ['x-authenticated-user', 'x-auth-request-user', 'remote-user'] as const;
const RESEARCHER_ID = /^[A-Za-z0-9._@+-]{1,128}$/;

/** Trimmed id when it is 1–128 characters of a charset that is safe in logs, URLs and HTML; else undefined. */
export function normaliseResearcherId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const id = value.trim();
  return RESEARCHER_ID.test(id) ? id : undefined;
}

/** ::ffff:1.2.3.4 (a dual-stack socket's view of an IPv4 peer) is 1.2.3.4. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

function trustedProxies(ips: readonly string[]): (ip: string | undefined) => boolean {
  // BlockList compares parsed addresses, so equivalent IPv6 spellings match.
  const list = new BlockList();
  for (const ip of ips.map(normaliseIp)) list.addAddress(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  return (ip) => {
    if (!ip) return false;
    const address = normaliseIp(ip);
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

export function createPrincipalResolver(settings: Settings, knex: Knex, clock: Clock = systemClock): (req: Request) => Promise<ResearcherPrincipal | undefined> {
  const sessions = new SessionStore(knex, settings, clock);
  const isTrusted = trustedProxies(settings.authTrustedProxyIps);

  function fromProxy(req: Request): ResearcherPrincipal | undefined {
    if (!isTrusted(req.socket.remoteAddress)) return undefined;
    const header = PROXY_IDENTITY_HEADERS.map((name) => req.get(name)).find((value) => value !== undefined && value.trim() !== '');
    const id = normaliseResearcherId(header);
    return id ? { id, source: 'proxy' } : undefined;
  }

  return async function resolvePrincipal(req) {
    if (settings.authMode === 'proxy') {
      const proxied = fromProxy(req);
      if (proxied) return proxied;
    } else {
      const id = normaliseResearcherId(await sessions.usernameOf(req));
      if (id) return { id, source: 'session' };
    }
    // Compatibility only: a caller-chosen identity, never honoured outside DEBUG.
    if (settings.debug) {
      const id = normaliseResearcherId(req.get('x-researcher-id'));
      if (id) return { id, source: 'debug-header' };
    }
    return undefined;
  };
}
