// The evidence-source response cache: raw provider response bodies, one namespace per source (the
// runner uses the adapter's name), keyed by the request (method + URL + body). Only bodies the adapter
// parsed successfully are stored (see source-runner.ts), so a malformed answer is never replayed.
// Used only when USE_CACHE is true: the caller passes a cache, or undefined to disable caching.
// stats() and clear() back the spec's cache administration endpoints (§4.7).
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export const DEFAULT_CACHE_TTL_MS = 7 * 24 * 3600 * 1000;

export interface CacheNamespaceStats {
  namespace: string;
  /** Unexpired entries. */
  entries: number;
  /** UTF-8 bytes of the unexpired bodies. */
  bytes: number;
}

export interface ResponseCache {
  /** The stored body, or undefined when absent or expired. */
  get(namespace: string, key: string): Promise<string | undefined>;
  /** Stores (or replaces) a body for ttlMs (default: the cache's TTL, 7 days unless configured). */
  set(namespace: string, key: string, body: string, ttlMs?: number): Promise<void>;
  /** One row per namespace holding unexpired entries, sorted by namespace. */
  stats(): Promise<CacheNamespaceStats[]>;
  /** Removes every entry (expired or not) of one namespace, or of all; returns how many were removed. */
  clear(namespace?: string): Promise<number>;
  /** Removes expired entries; returns how many were removed. */
  pruneExpired(): Promise<number>;
}

export interface ResponseCacheOptions {
  /** Default time to live of an entry (7 days). */
  ttlMs?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

export function cacheKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The service's cache: table source_cache (migration 20261121000004). */
export class PostgresResponseCache implements ResponseCache {
  private readonly ttlMs: number;
  private readonly now: () => Date;

  constructor(private readonly knex: Knex, options: ResponseCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.now = options.now ?? (() => new Date());
  }

  async get(namespace: string, key: string): Promise<string | undefined> {
    const row = await this.knex('source_cache')
      .where({ namespace, key_hash: cacheKeyHash(key) })
      .andWhere('expires_at', '>', this.now())
      .first('body', 'key');
    // The key is stored too, so a (theoretical) hash collision is a miss rather than a wrong answer.
    return row && row.key === key ? (row.body as string) : undefined;
  }

  async set(namespace: string, key: string, body: string, ttlMs: number = this.ttlMs): Promise<void> {
    const storedAt = this.now();
    await this.knex('source_cache')
      .insert({ namespace, key_hash: cacheKeyHash(key), key, body, stored_at: storedAt, expires_at: new Date(storedAt.getTime() + ttlMs) })
      .onConflict(['namespace', 'key_hash'])
      .merge(['key', 'body', 'stored_at', 'expires_at']);
  }

  async stats(): Promise<CacheNamespaceStats[]> {
    const rows = (await this.knex('source_cache')
      .where('expires_at', '>', this.now())
      .groupBy('namespace')
      .orderBy('namespace')
      .select('namespace')
      .count({ entries: '*' })
      .select(this.knex.raw('coalesce(sum(octet_length(body)), 0) as bytes'))) as Array<{ namespace: string; entries: string | number; bytes: string | number }>;
    return rows.map((r) => ({ namespace: r.namespace, entries: Number(r.entries), bytes: Number(r.bytes) }));
  }

  async clear(namespace?: string): Promise<number> {
    const query = this.knex('source_cache');
    if (namespace !== undefined) query.where({ namespace });
    return query.del();
  }

  async pruneExpired(): Promise<number> {
    return this.knex('source_cache').where('expires_at', '<=', this.now()).del();
  }
}

/** In-process cache for tests and tools. Same semantics as the PostgreSQL one. */
export class MemoryResponseCache implements ResponseCache {
  private readonly entries = new Map<string, Map<string, { body: string; expiresAt: number }>>();
  private readonly ttlMs: number;
  private readonly now: () => Date;

  constructor(options: ResponseCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.now = options.now ?? (() => new Date());
  }

  async get(namespace: string, key: string): Promise<string | undefined> {
    const entry = this.entries.get(namespace)?.get(key);
    return entry && entry.expiresAt > this.now().getTime() ? entry.body : undefined;
  }

  async set(namespace: string, key: string, body: string, ttlMs: number = this.ttlMs): Promise<void> {
    let space = this.entries.get(namespace);
    if (!space) this.entries.set(namespace, (space = new Map()));
    space.set(key, { body, expiresAt: this.now().getTime() + ttlMs });
  }

  async stats(): Promise<CacheNamespaceStats[]> {
    const now = this.now().getTime();
    return [...this.entries.entries()]
      .map(([namespace, space]) => {
        const live = [...space.values()].filter((e) => e.expiresAt > now);
        return { namespace, entries: live.length, bytes: live.reduce((sum, e) => sum + Buffer.byteLength(e.body, 'utf8'), 0) };
      })
      .filter((s) => s.entries > 0)
      .sort((a, b) => a.namespace.localeCompare(b.namespace));
  }

  async clear(namespace?: string): Promise<number> {
    const spaces = namespace === undefined ? [...this.entries.keys()] : [namespace];
    let removed = 0;
    for (const name of spaces) {
      removed += this.entries.get(name)?.size ?? 0;
      this.entries.delete(name);
    }
    return removed;
  }

  async pruneExpired(): Promise<number> {
    const now = this.now().getTime();
    let removed = 0;
    for (const space of this.entries.values()) {
      for (const [key, entry] of space) {
        if (entry.expiresAt <= now) {
          space.delete(key);
          removed++;
        }
      }
    }
    return removed;
  }
}
