// ProviderHttp for a source adapter (the provider HTTP client of source-runner.ts): paths resolved against
// the base URL (adapter.defaultBaseUrl, or options.baseUrl in tests) and refused when they leave its host;
// per-request timeout; retries with exponential backoff and jitter for network errors, timeouts, 408, 429
// (Retry-After honoured up to a cap) and 5xx; a process-wide spacing of requests per source
// (adapter.minIntervalMs); bodies capped; JSON parse errors -> ProviderError('malformed response'); the
// response cache (read first, written by commitCache only after the adapter parsed every answer).
import type { RetrievalMode } from '../../domain/workspace/sources';
import { ProviderError, type ProviderHttp, type SourceAdapter } from './source-adapter';
import type { ResponseCache } from './response-cache';
import type { SharedRateLimit } from './shared-rate';
import { parseJson } from './response-fields';

export interface ProviderHttpOptions {
  /** Replaces adapter.defaultBaseUrl (tests point adapters at a local server); its host becomes the allow-listed one. */
  baseUrl?: string;
  /** The response cache, or undefined when USE_CACHE is false. Namespace = adapter.name. */
  cache?: ResponseCache;
  /** TTL of entries written by this run (default: the cache's own, 7 days). */
  cacheTtlMs?: number;
  /** Per request (each attempt), default 10 000 ms. */
  timeoutMs?: number;
  /** Retries of a retryable failure, default 2 (so at most 3 attempts per request). */
  retries?: number;
  /** First backoff delay, default 500 ms; doubles per retry, with jitter (50-100 % of the delay). */
  retryBaseMs?: number;
  /** Longest Retry-After the runner waits for, default 30 000 ms; a longer one fails the request. */
  maxRetryAfterMs?: number;
  /** Wall-clock budget of the whole live retrieval (all requests, waits and retries), default 60 000 ms. */
  budgetMs?: number;
  /** Overrides adapter.minIntervalMs (tests; NCBI with an API key). */
  minIntervalMs?: number;
  /**
   * Query parameters added to every request of this source (NCBI api_key, email, tool; openFDA api_key).
   * They may be secrets: they replace a same-named parameter, are never part of a cache key, and never
   * appear in a status warning (which drops query strings).
   */
  extraParams?: Record<string, string | undefined>;
  /** The provider's spacing shared across worker processes (shared-rate.ts); absent = per process only. */
  sharedRate?: SharedRateLimit;
  /** Replaces adapter.auxiliaryBaseUrls entries (tests, mirrors); see ProviderHttpClient.via. */
  auxiliaryBaseUrls?: Record<string, string>;
  /** Response body cap, default 20 MiB. */
  maxBodyBytes?: number;
  /** fetch implementation (tests); default the global fetch. */
  fetchImpl?: typeof fetch;
}

export const USER_AGENT = 'evidence-research-service/0.1 (research-only biomedical evidence service)';
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRIES = 2;
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024;
const DEFAULT_RETRY_BASE_MS = 500;
const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;
const DEFAULT_BUDGET_MS = 60_000;
const MAX_REDIRECTS = 5;

/** Next free request slot per source and provider host, for the whole process. */
const nextSlotAt = new Map<string, number>();

class RetryAfterError extends ProviderError {
  constructor(message: string, readonly retryAfterMs: number, status: number) {
    super(message, true, status);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the clients of one run share, whichever host they ask: the budget, the answers to cache, the counts. */
interface RunState {
  deadline: number;
  pending: Array<{ key: string; body: string }>;
  live: number;
  cached: number;
}

const withSlash = (url: URL): URL => {
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
};

export class ProviderHttpClient implements ProviderHttp {
  private readonly base: URL;
  private readonly fetchImpl: typeof fetch;
  private readonly state: RunState;
  /** The adapter's main API (extra parameters such as API keys go to it only), or an auxiliary one. */
  private readonly primary: boolean;

  constructor(
    private readonly adapter: Pick<SourceAdapter, 'name' | 'defaultBaseUrl' | 'minIntervalMs' | 'auxiliaryBaseUrls'>,
    private readonly options: ProviderHttpOptions = {},
    auxiliary?: { base: URL; state: RunState },
  ) {
    this.base = auxiliary?.base ?? withSlash(new URL(options.baseUrl ?? adapter.defaultBaseUrl));
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.state = auxiliary?.state ?? { deadline: Date.now() + (options.budgetMs ?? DEFAULT_BUDGET_MS), pending: [], live: 0, cached: 0 };
    this.primary = auxiliary === undefined;
  }

  /** Answers obtained from the provider / from the cache during this run (every host of the adapter). */
  get liveResponses(): number {
    return this.state.live;
  }

  get cachedResponses(): number {
    return this.state.cached;
  }

  private get deadline(): number {
    return this.state.deadline;
  }

  private get pending(): Array<{ key: string; body: string }> {
    return this.state.pending;
  }

  /**
   * The same client against one of the adapter's auxiliary APIs (its own host allow-listed, its own
   * spacing; the run's budget and cache shared). With a base URL override (a mirror, a test server) and
   * no auxiliary override, the auxiliary API is expected under <base>/_<name>/.
   */
  via(name: string): ProviderHttp {
    const configured = this.options.auxiliaryBaseUrls?.[name] ?? this.adapter.auxiliaryBaseUrls?.[name];
    if (configured === undefined) throw new ProviderError(`${this.adapter.name} has no auxiliary API named ${name}`, false);
    const base = this.options.baseUrl && !this.options.auxiliaryBaseUrls?.[name] ? new URL(`_${name}/`, withSlash(new URL(this.options.baseUrl))) : withSlash(new URL(configured));
    return new ProviderHttpClient(this.adapter, this.options, { base, state: this.state });
  }

  /** 'cache' when every answer came from the cache, else 'live'. */
  retrievalMode(): RetrievalMode {
    return this.cachedResponses > 0 && this.liveResponses === 0 ? 'cache' : 'live';
  }

  async getJson(urlPath: string, params?: Record<string, string | number | undefined>): Promise<unknown> {
    return parseJson(await this.request('GET', this.resolve(urlPath, params), undefined, 'application/json'));
  }

  async getText(urlPath: string, params?: Record<string, string | number | undefined>): Promise<string> {
    return this.request('GET', this.resolve(urlPath, params), undefined, '*/*');
  }

  async postJson(urlPath: string, body: unknown): Promise<unknown> {
    return parseJson(await this.request('POST', this.resolve(urlPath), JSON.stringify(body), 'application/json'));
  }

  /** Stores the answers of this run; called by runSource once the adapter parsed them all. Cache trouble is ignored. */
  async commitCache(): Promise<void> {
    const cache = this.options.cache;
    if (!cache) return;
    for (const { key, body } of this.pending.splice(0)) {
      try {
        await cache.set(this.adapter.name, key, body, this.options.cacheTtlMs);
      } catch {
        // a cache that cannot store only costs a later live request
      }
    }
  }

  /** Relative paths (with or without a leading '/') are joined to the base URL; absolute URLs must stay on its host. */
  resolve(urlPath: string, params?: Record<string, string | number | undefined>): URL {
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(urlPath) || urlPath.startsWith('//');
    const url = absolute ? new URL(urlPath, this.base) : new URL(urlPath.replace(/^\/+/, ''), this.base);
    this.assertAllowed(url);
    for (const [name, value] of Object.entries(params ?? {})) {
      if (value !== undefined) url.searchParams.append(name, String(value));
    }
    return url;
  }

  private assertAllowed(url: URL): void {
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.host !== this.base.host || url.username || url.password) {
      throw new ProviderError(`refused a request to ${url.protocol}//${url.host}: only ${this.base.host} is allowed for ${this.adapter.name}`, false);
    }
  }

  private async request(method: 'GET' | 'POST', url: URL, body: string | undefined, accept: string): Promise<string> {
    const key = `${method} ${url.toString()}${body === undefined ? '' : `\n${body}`}`;
    const cache = this.options.cache;
    if (cache) {
      try {
        const hit = await cache.get(this.adapter.name, key);
        if (hit !== undefined) {
          this.state.cached++;
          return hit;
        }
      } catch {
        // an unreachable cache is a miss
      }
    }
    const text = await this.withRetries(method, url, body, accept);
    this.state.live++;
    this.pending.push({ key, body: text });
    return text;
  }

  private async withRetries(method: 'GET' | 'POST', url: URL, body: string | undefined, accept: string): Promise<string> {
    const retries = Math.max(0, this.options.retries ?? DEFAULT_RETRIES);
    const baseDelay = this.options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(method, url, body, accept);
      } catch (error) {
        if (!(error instanceof ProviderError) || !error.retryable || attempt >= retries) throw error;
        const backoff = baseDelay * 2 ** attempt;
        const delay = error instanceof RetryAfterError ? error.retryAfterMs : backoff / 2 + Math.random() * (backoff / 2);
        if (Date.now() + delay >= this.deadline) throw error; // no budget left for another attempt
        await sleep(delay);
      }
    }
  }

  /** The spacing is kept per source and provider host, for the whole process. */
  private get slotKey(): string {
    return `${this.adapter.name} ${this.base.host}`;
  }

  private async takeSlot(): Promise<void> {
    const interval = this.options.minIntervalMs ?? this.adapter.minIntervalMs;
    const now = Date.now();
    const at = Math.max(now, nextSlotAt.get(this.slotKey) ?? 0);
    if (at >= this.deadline) throw new ProviderError(`rate limited: the next request to ${this.base.host} is allowed only after the time budget`, false);
    nextSlotAt.set(this.slotKey, at + interval);
    if (at > now) await sleep(at - now);
    await this.options.sharedRate?.take(this.slotKey, interval, this.deadline);
  }

  /** The URL actually requested: the cache-key URL plus the extra (possibly secret) parameters. */
  private withExtraParams(url: URL): URL {
    if (!this.primary) return url;
    const extra = Object.entries(this.options.extraParams ?? {}).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '');
    if (extra.length === 0) return url;
    const sent = new URL(url);
    for (const [name, value] of extra) sent.searchParams.set(name, value);
    return sent;
  }

  /** A Retry-After applies to every request of the process to this provider. */
  private pushBackSlots(ms: number): void {
    const until = Date.now() + ms;
    nextSlotAt.set(this.slotKey, Math.max(nextSlotAt.get(this.slotKey) ?? 0, until));
  }

  private async once(method: 'GET' | 'POST', url: URL, body: string | undefined, accept: string): Promise<string> {
    await this.takeSlot();
    const remaining = this.deadline - Date.now();
    if (remaining <= 0) throw new ProviderError(`time budget of ${this.options.budgetMs ?? DEFAULT_BUDGET_MS} ms exhausted`, false);
    const timeoutMs = Math.min(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, remaining);
    const signal = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let current = this.withExtraParams(url);
    let currentMethod = method;
    let currentBody = body;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = await this.fetchImpl(current, { method: currentMethod, headers, body: currentBody, redirect: 'manual', signal });
      } catch (error) {
        if (signal.aborted) throw new ProviderError(`no answer from ${current.host} within ${timeoutMs} ms`, true);
        throw new ProviderError(`network error reaching ${current.host}${networkCode(error)}`, true);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await discard(response);
        if (hop >= MAX_REDIRECTS) throw new ProviderError(`too many redirects from ${current.host}`, false);
        current = new URL(location, current);
        this.assertAllowed(current);
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && currentMethod === 'POST')) {
          currentMethod = 'GET';
          currentBody = undefined;
        }
        continue;
      }
      if (!response.ok) {
        await discard(response);
        throw this.statusError(response, current);
      }
      return readCapped(response, this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, signal, current, timeoutMs);
    }
  }

  private statusError(response: Response, url: URL): ProviderError {
    const status = response.status;
    const what = `HTTP ${status} from ${url.host}`;
    if (status === 429 || status === 503) {
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      if (retryAfter !== undefined) {
        const cap = this.options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
        this.pushBackSlots(retryAfter);
        if (retryAfter > cap) return new ProviderError(`${what}: rate limited, Retry-After ${Math.ceil(retryAfter / 1000)} s exceeds the ${Math.ceil(cap / 1000)} s cap`, false, status);
        return new RetryAfterError(`${what}${status === 429 ? ': rate limited' : ''}`, retryAfter, status);
      }
    }
    const retryable = status === 408 || status === 429 || status >= 500;
    return new ProviderError(status === 429 ? `${what}: rate limited` : what, retryable, status);
  }
}

/** Milliseconds from a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' && /^[A-Z_]+$/.test(cause.code) ? ` (${cause.code})` : '';
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // nothing to free
  }
}

async function readCapped(response: Response, maxBytes: number, signal: AbortSignal, url: URL, timeoutMs: number): Promise<string> {
  const tooLarge = () => new ProviderError(`response from ${url.host} too large (over ${maxBytes} bytes)`, false);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (signal.aborted) throw new ProviderError(`no complete answer from ${url.host} within ${timeoutMs} ms`, true);
    throw new ProviderError(`network error reading from ${url.host}${networkCode(error)}`, true);
  }
  return Buffer.concat(chunks).toString('utf8');
}
