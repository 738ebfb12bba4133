// Per-client-IP sliding-window rate limit (spec §8): RATE_LIMIT_REQUESTS per RATE_LIMIT_WINDOW seconds,
// 0 disables. Shared across processes through Redis at STORE_RATE_LIMIT_URL (an ioredis `?keyPrefix=`
// query parameter namespaces the keys). When Redis is unreachable each process limits in memory with
// the same algorithm, or, with RATE_LIMIT_FAIL_CLOSED=true, refuses requests. Keys are
// `<RATE_LIMIT_KEY_PREFIX or the database name>:ratelimit:<ip>`, so deployments sharing a Redis stay apart.
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
import type { Logger } from '../../infra/logging/logger';
import { deploymentKeyPrefix } from '../../infra/rate-limit/key-prefix';
import { RedisSlidingWindow } from '../../infra/rate-limit/redis-sliding-window';
import { MemoryFailureLog, MemorySlidingWindow, WindowDecision } from '../../infra/rate-limit/sliding-window';
import type { FailureHistory } from '../../domain/auth/login-backoff';
import { normaliseIp } from '../auth/principal-resolver';

/** Failure counts (login throttling) in the same shared store, with the same in-process fallback. */
export interface FailureLog {
  /** Failures of `key` within the window (after recording one now when `record`); key is namespaced here. */
  failures(key: string, windowMs: number, record: boolean): Promise<FailureHistory>;
  forget(key: string): Promise<void>;
}

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
const KEY_PREFIX = 'ratelimit:';

export function createRateLimiter(settings: Settings, logger: Logger): RateLimiter {
  const limit = settings.rateLimitRequests;
  const failurePrefix = `${deploymentKeyPrefix(settings)}:login:`;
  const memoryFailures = new MemoryFailureLog();
  if (limit === 0) {
    // No shared store in use: failures are counted per process.
    return {
      middleware: (_req, _res, next) => next(),
      failureLog: {
        failures: async (key, windowMs, record) => memoryFailures.failures(failurePrefix + key, windowMs, record),
        forget: async (key) => memoryFailures.forget(failurePrefix + key),
      },
      readiness: async () => ({ ok: true, detail: 'disabled' }),
      close: async () => undefined,
    };
  }
  const windowMs = settings.rateLimitWindowSeconds * 1000;
  const keyPrefix = `${deploymentKeyPrefix(settings)}:${KEY_PREFIX}`;
  const where = RedisSlidingWindow.describe(settings.rateLimitStoreUrl);
  const fallbackMode = settings.rateLimitFailClosed ? 'refusing requests (RATE_LIMIT_FAIL_CLOSED=true)' : 'limiting per process in memory';
  const memory = new MemorySlidingWindow(windowMs);
  let outage = false;
  let closed = false;
  let lastError = 'not connected yet';
  // One warning per outage, not one per failed reconnect or request.
  const markDown = (error: Error) => {
    lastError = error.message;
    if (outage || closed) return;
    outage = true;
    logger.warn({ store: where, err: error.message }, `rate-limit store unreachable; ${fallbackMode} until it returns`);
  };
  const markUp = () => {
    if (!outage || closed) return;
    outage = false;
    logger.info({ store: where }, 'rate-limit store reachable again; limits are shared again');
  };
  const redis = new RedisSlidingWindow(settings.rateLimitStoreUrl, { down: markDown, up: markUp });

  /** Redis when it answers; otherwise memory, or undefined when failing closed. */
  async function decide(key: string): Promise<WindowDecision | undefined> {
    await redis.settled();
    if (redis.ready) {
      try {
        const decision = await redis.hit(key, limit, windowMs);
        markUp(); // a command can time out while the connection stays "ready"
        return decision;
      } catch (error) {
        markDown(error as Error);
      }
    } else {
      markDown(new Error(lastError)); // the connection error that took it down
    }
    return settings.rateLimitFailClosed ? undefined : memory.hitSync(key, limit, windowMs);
  }

  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (isUnlimited(req)) return next();
    const key = keyPrefix + normaliseIp(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    decide(key).then((decision) => {
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

  const failureLog: FailureLog = {
    async failures(key, windowMs, record) {
      await redis.settled();
      if (redis.ready) {
        try {
          return await redis.failures(failurePrefix + key, windowMs, record);
        } catch (error) {
          markDown(error as Error);
        }
      }
      return memoryFailures.failures(failurePrefix + key, windowMs, record);
    },
    async forget(key) {
      memoryFailures.forget(failurePrefix + key);
      if (redis.ready) await redis.forget(failurePrefix + key).catch((error: Error) => markDown(error));
    },
  };

  return {
    middleware,
    failureLog,
    async readiness() {
      await redis.settled();
      try {
        if (!redis.ready) throw new Error(lastError);
        await redis.ping();
        return { ok: true, detail: `${where} reachable` };
      } catch (error) {
        return { ok: false, detail: `${where} unreachable (${(error as Error).message}); ${fallbackMode}` };
      }
    },
    async close() {
      closed = true;
      memory.close();
      await redis.close();
    },
  };
}
