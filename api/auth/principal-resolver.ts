// Who the request acts for, derived by the server only. AUTH_MODE=local: the session cookie.
// AUTH_MODE=proxy: the identity header set by a trusted reverse proxy, believed only when the TCP peer
// is that proxy (anyone else could send the header). DEBUG=true adds X-Researcher-ID as a last resort.
import { BlockList, isIP } from 'node:net';
import type { Request } from 'express';
import { PROXY_IDENTITY_HEADERS } from '../../domain/auth/proxy-identity-headers';
import type { Settings } from '../../infra/config/settings';
import type { SessionRepository } from '../../infra/auth/session-repository';
import type { ResearcherPrincipal } from './principal';
import { SessionStore } from './sessions';
import type { Clock } from '../../infra/clock/clock';

export { PROXY_IDENTITY_HEADERS };
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

/** Two identity headers named different researchers: the error handler answers 401. */
export class IdentityConflictError extends Error {
  override name = 'IdentityConflictError';
  readonly status = 401;
  constructor() {
    super('identity headers disagree: the request names more than one researcher');
  }
}

export function createPrincipalResolver(settings: Settings, sessionRepository: SessionRepository, clock: Clock): (req: Request) => Promise<ResearcherPrincipal | undefined> {
  const sessions = new SessionStore(sessionRepository, settings, clock);
  const isTrusted = trustedProxies(settings.authTrustedProxyIps);

  // AUTH_PROXY_HEADER pins the header the proxy sets; a client's own copy of another one is then ignored.
  const identityHeaders: readonly string[] = settings.authProxyHeader ? [settings.authProxyHeader] : PROXY_IDENTITY_HEADERS;

  /** The proxy's identity; 'conflict' when identity headers disagree (never resolved by header order). */
  function fromProxy(req: Request): ResearcherPrincipal | 'conflict' | undefined {
    if (!isTrusted(req.socket.remoteAddress)) return undefined;
    const values = identityHeaders.map((name) => req.get(name)?.trim()).filter((value): value is string => Boolean(value));
    if (new Set(values).size > 1) return 'conflict';
    const id = normaliseResearcherId(values[0]);
    return id ? { id, source: 'proxy' } : undefined;
  }

  return async function resolvePrincipal(req) {
    if (settings.authMode === 'proxy') {
      const proxied = fromProxy(req);
      if (proxied === 'conflict') {
        req.log?.warn({ headers: identityHeaders.filter((name) => req.get(name)) }, 'identity headers disagree; request refused');
        throw new IdentityConflictError(); // refused outright, never resolved by header order or a fallback
      }
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
