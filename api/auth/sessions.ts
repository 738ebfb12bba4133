// Researcher sessions of AUTH_MODE=local. Cookie: evidence_session=<id>.<expires epoch s>.<mac>, where
// mac = base64url(HMAC-SHA256(secret, "<id>.<expires>")). The signature stops forged or edited cookies
// before any database work; the auth_sessions row (infra/auth/session-repository.ts, through the use cases
// in commands/auth/) makes logout (revocation) real.
import { createHmac, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import type { SessionRepository } from '../../infra/auth/session-repository';
import { openSession } from '../../commands/auth/open-session';
import { sessionUsername } from '../../commands/auth/session-username';
import { revokeSession } from '../../commands/auth/revoke-session';
import { constantTimeEqual } from './api-key';

export const SESSION_COOKIE = 'evidence_session';
const COOKIE_VALUE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

let processSecret: string | undefined;

/** AUTH_SESSION_SECRET, else API_KEY, else (DEBUG only) a random secret: sessions die with the process. */
export function sessionSecret(settings: Settings): string | undefined {
  if (settings.authSessionSecret) return settings.authSessionSecret;
  if (settings.apiKey) return settings.apiKey;
  if (!settings.debug) return undefined;
  processSecret ??= randomBytes(32).toString('base64url');
  return processSecret;
}

export function signSessionValue(secret: string, id: string, expiresEpochSeconds: number): string {
  const payload = `${id}.${expiresEpochSeconds}`;
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

/** The session id of a well-formed, correctly signed, unexpired cookie value; undefined otherwise. */
export function verifySessionValue(secret: string, value: string, nowMs = Date.now()): { id: string; expires: number } | undefined {
  const match = COOKIE_VALUE.exec(value);
  if (!match) return undefined;
  const [, id, expiresText, mac] = match as unknown as [string, string, string, string];
  const expected = signSessionValue(secret, id, Number(expiresText)).slice(-43);
  if (!constantTimeEqual(mac, expected)) return undefined;
  const expires = Number(expiresText);
  return expires * 1000 > nowMs ? { id, expires } : undefined;
}

/** One cookie from the Cookie header (no cookie-parser dependency for a single name). */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  }
  return undefined;
}

/**
 * Whether the session cookie is Secure: AUTH_COOKIE_SECURE=true always, false never, auto when this request
 * is HTTPS — on the socket, or as a trusted proxy (TRUST_PROXY) reports it with X-Forwarded-Proto.
 */
export function secureCookie(settings: Pick<Settings, 'authCookieSecure'>, requestIsHttps: boolean): boolean {
  return settings.authCookieSecure === 'true' || (settings.authCookieSecure === 'auto' && requestIsHttps);
}

/** Set-Cookie value; maxAgeSeconds 0 clears it. Secure only over HTTPS, or plain-http dev could not sign in. */
export function sessionCookieHeader(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export class SessionStore {
  constructor(private readonly repository: SessionRepository, private readonly settings: Settings, private readonly clock: Clock) {}

  get configured(): boolean {
    return sessionSecret(this.settings) !== undefined;
  }

  /** A new session per login; returns the signed cookie value. */
  async create(username: string): Promise<{ id: string; cookieValue: string; expiresAt: Date }> {
    const secret = sessionSecret(this.settings);
    if (!secret) throw new Error('no session secret configured');
    const { id, expiresEpochSeconds, expiresAt } = await openSession(this.repository, this.clock, this.settings.authSessionTtlSeconds, username);
    return { id, cookieValue: signSessionValue(secret, id, expiresEpochSeconds), expiresAt };
  }

  /** The username of the request's live session: signed, unexpired, known and not revoked. */
  async usernameOf(req: Request): Promise<string | undefined> {
    const session = this.verified(req);
    return session ? sessionUsername(this.repository, this.clock, session.id) : undefined;
  }

  /** Revokes the request's session, if it carries a correctly signed one. */
  async revoke(req: Request): Promise<boolean> {
    const session = this.verified(req);
    return session ? revokeSession(this.repository, this.clock, session.id) : false;
  }

  private verified(req: Request): { id: string; expires: number } | undefined {
    const value = readCookie(req, SESSION_COOKIE);
    const secret = sessionSecret(this.settings);
    return value && secret ? verifySessionValue(secret, value, this.clock.now().getTime()) : undefined;
  }
}
