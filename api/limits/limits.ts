// Per-client-IP sliding-window rate limit (spec §8): RATE_LIMIT_REQUESTS per RATE_LIMIT_WINDOW seconds,
// 0 disables. The counts live in the shared store of infra/rate-limit/client-windows.ts (Redis at
// STORE_RATE_LIMIT_URL, per-process memory while it is unreachable, or refusal with
// RATE_LIMIT_FAIL_CLOSED=true); this middleware only decides the answer.
//
// Responses:
//   every limited response: RateLimit-Limit and RateLimit-Remaining headers;
//   429 {detail} + Retry-After (whole seconds until the oldest counted request leaves the window);
//   503 {detail} + Retry-After: 1 when failing closed because Redis is down.
// /api/health and /api/ready are never limited: probes must see the process, not the caller's budget.
// The client is req.ip: the socket's address, or with TRUST_PROXY the address the trusted proxy forwarded
// (X-Forwarded-For from anyone else is ignored, so a caller cannot pick its bucket).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Settings } from '../../infra/config/settings';
import type { ClientWindows, FailureLog } from '../../infra/rate-limit/client-windows';
import { normaliseIp } from '../auth/principal-resolver';

export type { FailureLog };

export interface RateLimiter {
  middleware: RequestHandler;
  failureLog: FailureLog;
  /** For /api/ready: is the shared store reachable (or deliberately not used)? */
  readiness(): Promise<{ ok: boolean; detail: string }>;
  close(): Promise<void>;
}

const UNLIMITED_PATHS = new Set(['/api/health', '/api/ready']);
// The dashboard document and its built assets (and the docs pages' assets) are static: counting them
// against the per-IP budget spent it on page loads, and a 429 on a script left a blank page.
const STATIC_GET = /^\/(?:assets\/[^/]+|api\/(?:docs|redoc)\/assets\/[^/]+)?$/;

/** Requests the limit does not count: health checks, and GET/HEAD of the dashboard and static assets. */
export function isUnlimited(req: Pick<Request, 'method' | 'path'>): boolean {
  if (UNLIMITED_PATHS.has(req.path.replace(/\/+$/, ''))) return true;
  return (req.method === 'GET' || req.method === 'HEAD') && STATIC_GET.test(req.path);
}

export function createRateLimiter(settings: Pick<Settings, 'rateLimitRequests' | 'rateLimitWindowSeconds'>, windows: ClientWindows): RateLimiter {
  const limit = settings.rateLimitRequests;
  const middleware: RequestHandler = limit === 0 ? (_req, _res, next) => next() : (req: Request, res: Response, next: NextFunction) => {
    if (isUnlimited(req)) return next();
    windows.decide(normaliseIp(req.ip ?? req.socket.remoteAddress ?? 'unknown')).then((decision) => {
      res.setHeader('RateLimit-Limit', String(limit));
      if (!decision) {
        res.setHeader('Retry-After', '1');
        res.status(503).json({ detail: 'rate limiting is unavailable (its store is unreachable); try again shortly' });
        return;
      }
      res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - decision.count)));
      if (decision.allowed) return next();
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
      res.status(429).json({ detail: `rate limit exceeded: ${limit} requests per ${settings.rateLimitWindowSeconds} s` });
    }, next);
  };
  return { middleware, failureLog: windows.failureLog, readiness: () => windows.readiness(), close: () => windows.close() };
}
