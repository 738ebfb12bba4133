// The shared store behind the per-client rate limit and the failed-login counts (api/limits/limits.ts uses
// it): Redis at STORE_RATE_LIMIT_URL when it answers, else each process counts in memory with the same
// algorithm, or, with RATE_LIMIT_FAIL_CLOSED=true, `decide` answers undefined (the caller refuses). Keys are
// `<RATE_LIMIT_KEY_PREFIX or the database name>:ratelimit:<client>` and `...:login:<key>`, so deployments
// sharing a Redis stay apart. One warning per outage, not one per failed reconnect or request.
import type { FailureHistory } from '../../domain/auth/login-backoff';
import type { Settings } from '../config/settings';
import type { Logger } from '../logging/logger';
import { deploymentKeyPrefix } from './key-prefix';
import { RedisSlidingWindow } from './redis-sliding-window';
import { MemoryFailureLog, MemorySlidingWindow, WindowDecision } from './sliding-window';

/** Failure counts (login throttling) in the same shared store, with the same in-process fallback. */
export interface FailureLog {
  /** Failures of `key` within the window (after recording one now when `record`); key is namespaced here. */
  failures(key: string, windowMs: number, record: boolean): Promise<FailureHistory>;
  forget(key: string): Promise<void>;
}

export interface ClientWindows {
  /** Counts one request of `client`; undefined when the store is down and the limit fails closed. */
  decide(client: string): Promise<WindowDecision | undefined>;
  failureLog: FailureLog;
  /** For /api/ready: is the shared store reachable (or deliberately not used)? */
  readiness(): Promise<{ ok: boolean; detail: string }>;
  close(): Promise<void>;
}

const KEY_PREFIX = 'ratelimit:';

export function openClientWindows(settings: Settings, logger: Logger): ClientWindows {
  const limit = settings.rateLimitRequests;
  const failurePrefix = `${deploymentKeyPrefix(settings)}:login:`;
  const memoryFailures = new MemoryFailureLog();
  if (limit === 0) {
    // No shared store in use: failures are counted per process.
    return {
      decide: async () => ({ allowed: true, count: 0, retryAfterMs: 0 }),
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
  async function decide(client: string): Promise<WindowDecision | undefined> {
    const key = keyPrefix + client;
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
    decide,
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
