// Researcher sessions of AUTH_MODE=local. Cookie: evidence_session=<id>.<expires epoch s>.<mac>, where
// mac = base64url(HMAC-SHA256(secret, "<id>.<expires>")). The signature stops forged or edited cookies
// before any database work; the auth_sessions row makes logout (revocation) real.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
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
  constructor(private readonly knex: Knex, private readonly settings: Settings, private readonly clock: Clock) {}

  get configured(): boolean {
    return sessionSecret(this.settings) !== undefined;
  }

  /** A new row per login (never reuse: a fresh id defeats session fixation); returns the cookie value. */
  async create(username: string): Promise<{ id: string; cookieValue: string; expiresAt: Date }> {
    const secret = sessionSecret(this.settings);
    if (!secret) throw new Error('no session secret configured');
    const id = randomUUID();
    const now = this.clock.now();
    const expires = Math.floor(now.getTime() / 1000) + this.settings.authSessionTtlSeconds;
    const expiresAt = new Date(expires * 1000);
    await this.knex('auth_sessions').where('expires_at', '<', now).delete(); // keep the table small
    await this.knex('auth_sessions').insert({ id, username, expires_at: expiresAt });
    return { id, cookieValue: signSessionValue(secret, id, expires), expiresAt };
  }

  /** The username of the request's live session: signed, unexpired, known and not revoked. */
  async usernameOf(req: Request): Promise<string | undefined> {
    const session = this.verified(req);
    if (!session) return undefined;
    const row = await this.knex('auth_sessions')
      .where({ id: session.id })
      .whereNull('revoked_at')
      .where('expires_at', '>', this.clock.now())
      .first('username') as { username: string } | undefined;
    return row?.username;
  }

  /** Revokes the request's session, if it carries a correctly signed one. */
  async revoke(req: Request): Promise<boolean> {
    const session = this.verified(req);
    if (!session) return false;
    const updated = await this.knex('auth_sessions').where({ id: session.id }).whereNull('revoked_at').update({ revoked_at: this.clock.now() });
    return updated > 0;
  }

  private verified(req: Request): { id: string; expires: number } | undefined {
    const value = readCookie(req, SESSION_COOKIE);
    const secret = sessionSecret(this.settings);
    return value && secret ? verifySessionValue(secret, value, this.clock.now().getTime()) : undefined;
  }
}
