// /api/auth/login, /api/auth/me, /api/auth/logout (spec §4.3, §5). Login is for AUTH_MODE=local only;
// in proxy mode the reverse proxy signs people in and /me reports what it asserted.
import { randomBytes } from 'node:crypto';
import type { Settings } from '../../infra/config/settings';
import type { Clock } from '../../infra/clock/clock';
import type { SessionRepository } from '../../infra/auth/session-repository';
import type { JsonSchema } from '../../domain/shared/schema-validation';
import type { RouteDefinition } from '../http/registry';
import { constantTimeEqual } from './api-key';
import { normaliseIp, normaliseResearcherId } from './principal-resolver';
import { secureCookie, sessionCookieHeader, SessionStore } from './sessions';
import { loginThrottle } from './login-throttle';
import type { FailureLog } from '../limits/limits';

export interface AuthRouteDeps {
  settings: Settings;
  /** Whether an LLM is configured (infra/llm's llmConfigured on the settings), for /me's llm_available. */
  llmAvailable: boolean;
  /** The auth_sessions rows behind the session cookies. */
  sessionRepository: SessionRepository;
  clock: Clock;
  /** Failed-login counts (login-throttle.ts); the shared rate-limit store's. */
  failureLog: FailureLog;
}

const INVALID_CREDENTIALS = 'invalid username or password';
// Compared against when the username is unknown, so both failures cost the same time.
const DUMMY_PASSWORD = randomBytes(32).toString('base64url');

const detailSchema: JsonSchema = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] };
const validationSchema: JsonSchema = {
  type: 'object',
  properties: {
    detail: {
      type: 'array',
      items: {
        type: 'object',
        properties: { loc: { type: 'array', items: { type: ['string', 'integer'] } }, msg: { type: 'string' }, type: { type: 'string' } },
        required: ['loc', 'msg', 'type'],
      },
    },
  },
  required: ['detail'],
};
const loginBody: JsonSchema = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 256 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
  required: ['username', 'password'],
  additionalProperties: false,
};
const loginResponse: JsonSchema = {
  type: 'object',
  properties: {
    authenticated: { const: true },
    researcher_id: { type: 'string' },
    expires_at: { type: 'string', format: 'date-time' },
  },
  required: ['authenticated', 'researcher_id', 'expires_at'],
};
const meResponse: JsonSchema = {
  type: 'object',
  properties: {
    authenticated: { type: 'boolean' },
    researcher_id: { type: ['string', 'null'] },
    auth_mode: { enum: ['local', 'proxy'] },
    source: { enum: ['session', 'proxy', 'debug-header', null] },
    api_key_required: { type: 'boolean', description: 'Whether writes need X-API-Key (API_KEY is set); the dashboard asks for the key at sign-in' },
    llm_available: { type: 'boolean', description: 'Whether an LLM is configured (LLM_BASE_URL and LLM_API_KEY); the dashboard\'s enable_llm toggle defaults to it' },
  },
  required: ['authenticated', 'researcher_id', 'auth_mode', 'source', 'api_key_required', 'llm_available'],
};
const apiKeyResponses = {
  401: { description: 'X-API-Key missing (only when API_KEY is set)', schema: detailSchema },
  403: { description: 'X-API-Key wrong', schema: detailSchema },
};

/** The configured username when the password matches; checks in constant time whether the user exists or not. */
function checkCredentials(users: Record<string, string>, username: string, password: string): string | undefined {
  const known = Object.hasOwn(users, username); // not `in`: "__proto__" is no account
  const passwordMatches = constantTimeEqual(password, known ? users[username]! : DUMMY_PASSWORD);
  return known && passwordMatches ? username : undefined;
}

export function authRoutes({ settings, llmAvailable, sessionRepository, clock, failureLog }: AuthRouteDeps): RouteDefinition[] {
  const sessions = new SessionStore(sessionRepository, settings, clock);
  const throttle = loginThrottle(failureLog, settings);
  return [
    {
      method: 'post',
      path: '/api/auth/login',
      operationId: 'authLogin',
      summary: 'Sign in with a configured development account (AUTH_MODE=local only)',
      description: 'Checks the username and password against LOCAL_AUTH_USERS and sets an HttpOnly, SameSite=Lax '
        + 'session cookie (`evidence_session`, signed with AUTH_SESSION_SECRET, falling back to API_KEY) that expires after '
        + 'AUTH_SESSION_TTL_SECONDS. Every login starts a new session. Like every POST, it requires X-API-Key when API_KEY is set. '
        + 'A wrong username and a wrong password get the same 401. In AUTH_MODE=proxy: 404. '
        + 'After LOGIN_MAX_FAILURES_PER_ACCOUNT failures for a username (default 10) or LOGIN_MAX_FAILURES_PER_CLIENT from one client '
        + '(default 100) within LOGIN_FAILURE_WINDOW_SECONDS (default 900), attempts get 429 with Retry-After, whatever the password, '
        + 'for a delay that doubles with each further failure (1 s, 2 s, 4 s, … up to the window).',
      tags: ['auth'],
      access: 'api-key',
      body: loginBody,
      responses: {
        200: {
          description: 'Signed in; the session cookie is set',
          schema: loginResponse,
          headers: { 'Set-Cookie': { description: 'evidence_session=…; Max-Age=TTL; Path=/; HttpOnly; SameSite=Lax (Secure over HTTPS)', schema: { type: 'string' } } },
        },
        401: { description: 'Invalid username or password, or X-API-Key missing when API_KEY is set', schema: detailSchema },
        403: apiKeyResponses[403],
        404: { description: 'AUTH_MODE=proxy: login is local-mode only', schema: detailSchema },
        429: {
          description: 'Too many failed sign-ins for this username or from this client; nothing was checked',
          schema: detailSchema,
          headers: { 'Retry-After': { description: 'Seconds until the next attempt is accepted', schema: { type: 'integer' } } },
        },
        422: { description: 'Body is not {username, password} strings', schema: validationSchema },
        503: { description: 'No session secret configured', schema: detailSchema },
      },
      handler: async ({ req, res, body }) => {
        res.set('Cache-Control', 'no-store');
        if (settings.authMode !== 'local') {
          res.status(404).json({ detail: 'login is available only in AUTH_MODE=local; in proxy mode the reverse proxy signs researchers in' });
          return;
        }
        if (!sessions.configured) {
          res.status(503).json({ detail: 'sessions are not configured: set AUTH_SESSION_SECRET or API_KEY' });
          return;
        }
        const { username, password } = body as { username: string; password: string };
        const client = normaliseIp(req.ip ?? req.socket.remoteAddress ?? 'unknown');
        const waitMs = await throttle.waitMs(username, client);
        if (waitMs > 0) {
          // The same answer for an existing and an unknown username, and the password is not even checked.
          res.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
          res.status(429).json({ detail: 'too many failed sign-ins; try again later' });
          return;
        }
        const account = checkCredentials(settings.localAuthUsers, username, password);
        const researcherId = account === undefined ? undefined : normaliseResearcherId(account);
        if (!researcherId) {
          await throttle.failed(username, client);
          if (account !== undefined) req.log.warn('a LOCAL_AUTH_USERS username is not a valid researcher id; login refused');
          else req.log.info('login rejected');
          res.status(401).json({ detail: INVALID_CREDENTIALS });
          return;
        }
        await throttle.succeeded(username);
        const session = await sessions.create(researcherId);
        res.append('Set-Cookie', sessionCookieHeader(session.cookieValue, settings.authSessionTtlSeconds, secureCookie(settings, req.secure)));
        req.log.info({ researcherId }, 'researcher signed in');
        res.json({ authenticated: true, researcher_id: researcherId, expires_at: session.expiresAt.toISOString() });
      },
    },
    {
      method: 'get',
      path: '/api/auth/me',
      operationId: 'authMe',
      summary: 'Current server-derived authentication state',
      description: 'The researcher this request acts for and where that came from: the session cookie (local mode), the '
        + 'trusted proxy header (proxy mode) or X-Researcher-ID (DEBUG=true only). 200 with authenticated=false when none.',
      tags: ['auth'],
      access: 'public',
      principal: 'optional',
      responses: { 200: { description: 'Authentication state', schema: meResponse } },
      handler: ({ res, principal }) => {
        res.set('Cache-Control', 'no-store');
        res.json({
          authenticated: principal !== undefined,
          researcher_id: principal?.id ?? null,
          auth_mode: settings.authMode,
          source: principal?.source ?? null,
          api_key_required: Boolean(settings.apiKey),
          llm_available: llmAvailable,
        });
      },
    },
    {
      method: 'post',
      path: '/api/auth/logout',
      operationId: 'authLogout',
      summary: 'Sign out: revoke the session and clear its cookie',
      description: 'Revokes the session named by the cookie (it stops working at once, even if copied) and clears the cookie. '
        + 'Answers 200 also without a session. Like every POST, it requires X-API-Key when API_KEY is set.',
      tags: ['auth'],
      access: 'api-key',
      responses: {
        200: {
          description: 'Signed out',
          schema: { type: 'object', properties: { authenticated: { const: false }, revoked: { type: 'boolean' } }, required: ['authenticated', 'revoked'] },
          headers: { 'Set-Cookie': { description: 'evidence_session=; Max-Age=0 (clears the cookie)', schema: { type: 'string' } } },
        },
        ...apiKeyResponses,
      },
      handler: async ({ req, res }) => {
        res.set('Cache-Control', 'no-store');
        const revoked = await sessions.revoke(req);
        res.append('Set-Cookie', sessionCookieHeader('', 0, secureCookie(settings, req.secure)));
        res.json({ authenticated: false, revoked });
      },
    },
  ];
}
