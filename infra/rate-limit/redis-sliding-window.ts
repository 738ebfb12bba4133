// The shared store: one sorted set per client key in Redis, scored by admission time (ms), updated by
// a Lua script so check-and-add is atomic across every process using the same Redis. Redis's own clock
// (TIME) is used so processes with skewed clocks still agree. Needs Redis >= 5 (effects replication).
//
// The client is tuned never to hang a request: short connect/command timeouts, no offline queue (a
// command while disconnected fails at once), and reconnection in the background.
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { SlidingWindowStore, WindowDecision } from './sliding-window';

const CONNECT_TIMEOUT_MS = 500;
const COMMAND_TIMEOUT_MS = 300;

// KEYS[1] the client's set; ARGV: limit, window ms, a unique member. Returns {allowed, count, retry ms}.
const SLIDING_WINDOW_LUA = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  return {1, count + 1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {0, count, tonumber(oldest[2]) + window - now}
`;

// Failure logs (login throttling): one sorted set of failure times per key, on Redis's clock.
// KEYS[1]; ARGV: window ms, record (1: add a failure now), a unique member. Returns {count, newest ms, now ms}.
const FAILURE_LOG_LUA = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if ARGV[2] == '1' then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
end
local newest = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
return {redis.call('ZCARD', key), tonumber(newest[2] or 0), now}
`;

type FailureLogCommand = (key: string, windowMs: number, record: string, member: string) => Promise<[number, number, number]>;

type WindowCommand = (key: string, limit: number, windowMs: number, member: string) => Promise<[number, number, number]>;

export interface RedisStoreEvents {
  /** The connection is (again) usable. */
  up(): void;
  /** A connection or command failed; called for every failure, the caller decides what to log. */
  down(error: Error): void;
}

export class RedisSlidingWindow implements SlidingWindowStore {
  private readonly client: Redis;
  private readonly firstAttempt: Promise<void>;
  private closed = false;

  constructor(url: string, private readonly events: RedisStoreEvents) {
    this.client = new Redis(url, {
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // A dead socket never reports 'close' again; don't keep the process alive 2 s after close().
      disconnectTimeout: 200,
      // Keep trying in the background, backing off to every 2 s.
      retryStrategy: (times) => (this.closed ? null : Math.min(times * 200, 2000)),
    });
    this.client.defineCommand('rateLimitWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
    this.client.defineCommand('failureLog', { numberOfKeys: 1, lua: FAILURE_LOG_LUA });
    // Without an 'error' listener ioredis prints every failed reconnect to stderr.
    this.client.on('error', (error: Error) => this.events.down(error));
    this.client.on('ready', () => this.events.up());
    // Requests arriving while the very first connection is being made wait for it (bounded), so a
    // freshly started process does not fall back (or fail closed) for its first few milliseconds.
    this.firstAttempt = new Promise((resolve) => {
      const done = () => resolve();
      this.client.once('ready', done);
      this.client.once('error', done);
      this.client.once('end', done);
      setTimeout(done, CONNECT_TIMEOUT_MS + 100).unref();
    });
  }

  /** Where the store is, without credentials, for logs and readiness. */
  static describe(url: string): string {
    try {
      const parsed = new URL(url);
      return `redis at ${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : '/0'}`;
    } catch {
      return 'redis';
    }
  }

  get ready(): boolean {
    return this.client.status === 'ready';
  }

  /** Resolves once the first connection attempt succeeded or failed. */
  settled(): Promise<void> {
    return this.firstAttempt;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<WindowDecision> {
    const run = (this.client as unknown as { rateLimitWindow: WindowCommand }).rateLimitWindow.bind(this.client);
    const [allowed, count, retryAfterMs] = await run(key, limit, windowMs, randomUUID());
    return { allowed: allowed === 1, count, retryAfterMs };
  }

  /** The failures of `key` within the window, after recording one now when `record`. */
  async failures(key: string, windowMs: number, record: boolean): Promise<{ count: number; newestMs: number; nowMs: number }> {
    const run = (this.client as unknown as { failureLog: FailureLogCommand }).failureLog.bind(this.client);
    const [count, newestMs, nowMs] = await run(key, windowMs, record ? '1' : '0', randomUUID());
    return { count, newestMs, nowMs };
  }

  async forget(key: string): Promise<void> {
    await this.client.del(key);
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.client.status === 'ready') {
      await this.client.quit().catch(() => this.client.disconnect());
    } else {
      this.client.disconnect();
    }
  }
}
