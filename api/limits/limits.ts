// STUB (to be replaced): per-IP sliding-window rate limit (Redis, in-memory fallback, fail-closed).
import type { RequestHandler } from 'express';
import type { Settings } from '../../infra/config/settings';
import type { Logger } from '../../infra/logging/logger';

export interface RateLimiter {
  middleware: RequestHandler;
  /** For /api/ready: is the shared store reachable (or deliberately not used)? */
  readiness(): Promise<{ ok: boolean; detail: string }>;
  close(): Promise<void>;
}

export function createRateLimiter(_settings: Settings, _logger: Logger): RateLimiter {
  return {
    middleware: (_req, _res, next) => next(),
    readiness: async () => ({ ok: true, detail: 'stub' }),
    close: async () => undefined,
  };
}
