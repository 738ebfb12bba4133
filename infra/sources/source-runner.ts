// The evidence-source framework: runs one SourceAdapter for one query and always answers with records
// and a SourceStatus (spec §2.4 source_statuses, §7 "a failing source adapter does not fail the run").
//
//   runSource(adapter, query, options) -> { records, status }      never throws
//
// What it owns, so adapters don't have to:
// - mode (EVIDENCE_SOURCE_MODE): 'live' = provider only; 'offline' = the bundled corpus only
//   (fixtures/corpus/<source>/<disease_id>.<ext>, parsed by adapter.parseCorpus); 'auto' (default) =
//   the provider, falling back to the corpus when the provider is unreachable or errs.
// - ProviderHttp for the adapter (ProviderHttpClient below): paths resolved against the base URL
//   (adapter.defaultBaseUrl, or options.baseUrl in tests) and refused when they leave its host; per-
//   request timeout; retries with exponential backoff and jitter for network errors, timeouts, 408,
//   429 (Retry-After honoured up to a cap) and 5xx; a process-wide spacing of requests per source
//   (adapter.minIntervalMs); bodies capped; JSON parse errors -> ProviderError('malformed response');
//   the response cache (read first, written only after the adapter parsed every answer).
// - post-processing: duplicate nativeIds dropped, the date filter (dateFrom/dateTo inclusive on
//   `published`; undated records are kept) and the limit.
// - the status: ok (records) | warning (no records matched; or the offline corpus answered for an
//   unreachable provider in auto mode) | skipped (disease not configured for the source, no network)
//   | error (bounded warning text: no stack, no URL query strings, no secrets).
import fs from 'node:fs';
import path from 'node:path';
import type { RetrievalMode, SourceRecord, SourceStatus } from '../../domain/workspace/sources';
import { ProviderError, type ProviderHttp, type SourceAdapter, type SourceQuery } from './source-adapter';
import type { ResponseCache } from './response-cache';
import type { SharedRateLimit } from './shared-rate';
import type { EvidenceMirror } from './evidence-mirror';

export type SourceMode = 'auto' | 'live' | 'offline';
export const SOURCE_MODES: readonly SourceMode[] = ['auto', 'live', 'offline'];

export interface RunSourceOptions {
  /** EVIDENCE_SOURCE_MODE; default 'auto'. */
  mode?: SourceMode;
  /** Replaces adapter.defaultBaseUrl (tests point adapters at a local server); its host becomes the allow-listed one. */
  baseUrl?: string;
  /** The response cache, or undefined when USE_CACHE is false. Namespace = adapter.name. */
  cache?: ResponseCache;
  /** TTL of entries written by this run (default: the cache's own, 7 days). */
  cacheTtlMs?: number;
  /**
   * Root of the synthetic offline corpus. Default <project root>/fixtures/corpus, unless a `mirror` is given:
   * then the corpus is read only when named here (tests that want the synthetic records say so).
   */
  corpusDir?: string;
  /**
   * The local mirror of the providers' bulk releases (infra/literature/mirror.ts). Offline, it answers the
   * sources it holds a snapshot of (with its snapshot id in the status); in auto mode it is the fallback.
   */
  mirror?: EvidenceMirror;
  /** Fewer records than this for the disease in a mirror snapshot: the status says so. Default 20. */
  mirrorFewRecords?: number;
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
  /** Clock for retrieved_at. */
  now?: () => Date;
  /** fetch implementation (tests); default the global fetch. */
  fetchImpl?: typeof fetch;
  /**
   * Offline corpus records in the order (and selection) a question-aware search would return them; applied
   * before the limit. The pipeline passes the question's BM25 ranking (domain/workspace/question/relevance.ts).
   */
  offlineRelevance?: (records: SourceRecord[]) => SourceRecord[];
}

/** A SourceQuery whose terms may be left to the adapter (adapter.queryTerms). */
export type SourceRequest = Omit<SourceQuery, 'terms'> & { terms?: string[] };

export interface SourceRun {
  records: SourceRecord[];
  status: SourceStatus;
  /** `auto` mode fell back to the offline corpus because the provider was unreachable. */
  fallback?: boolean;
}

export const USER_AGENT = 'evidence-research-service/0.1 (research-only biomedical evidence service)';
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRIES = 2;
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024;
const DEFAULT_RETRY_BASE_MS = 500;
const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;
const DEFAULT_BUDGET_MS = 60_000;
const MAX_REDIRECTS = 5;
const MAX_WARNING_CHARS = 300;
const DEFAULT_MIRROR_FEW_RECORDS = 20;

export function parseSourceMode(value: string | undefined): SourceMode {
  const mode = (value ?? 'auto').trim().toLowerCase();
  if (!(SOURCE_MODES as readonly string[]).includes(mode)) throw new Error(`EVIDENCE_SOURCE_MODE must be one of ${SOURCE_MODES.join(', ')}`);
  return mode as SourceMode;
}

export async function runSource(adapter: SourceAdapter, request: SourceRequest, options: RunSourceOptions = {}): Promise<SourceRun> {
  const now = options.now ?? (() => new Date());
  const mode = options.mode ?? 'auto';
  const finish = (records: SourceRecord[], state: SourceStatus['status'], retrieval: RetrievalMode | null, warning: string | null, terms: string[]): SourceRun => ({
    records,
    status: {
      source: adapter.name,
      status: state,
      record_count: records.length,
      query_terms: terms,
      retrieval_mode: retrieval,
      warning: warning === null ? null : bound(warning),
      retrieved_at: now().toISOString(),
    },
  });

  let query: SourceQuery;
  try {
    if (!adapter.isConfigured(request.disease)) {
      return finish([], 'skipped', null, `${adapter.name} is not configured for disease ${request.disease.id}; source skipped`, []);
    }
    query = { ...request, terms: request.terms ?? adapter.queryTerms(request.disease, request.question, request.focus) };
  } catch (error) {
    return finish([], 'error', null, `${adapter.name} failed: ${reason(error)}`, request.terms ?? []);
  }

  const done = (raw: SourceRecord[], retrieval: RetrievalMode, fallbackWarning: string | null): SourceRun => {
    const records = postProcess(raw, query);
    if (records.length === 0) return finish(records, 'warning', retrieval, fallbackWarning ? `${fallbackWarning}; no records matched` : 'no records matched', query.terms);
    return finish(records, fallbackWarning ? 'warning' : 'ok', retrieval, fallbackWarning, query.terms);
  };

  const fromMirror = async (why: string | null): Promise<SourceRun> => {
    const answer = (await options.mirror!.search(adapter.name, query.disease))!;
    const few = options.mirrorFewRecords ?? DEFAULT_MIRROR_FEW_RECORDS;
    const scarce = answer.records.length < few
      ? `the local mirror (snapshot ${answer.snapshotId}) holds ${answer.records.length} ${adapter.name} record${answer.records.length === 1 ? '' : 's'} for ${query.disease.name}; more come with a larger mirror (EVIDENCE_MIRROR_DIR) or live mode`
      : null;
    const ranked = options.offlineRelevance ? options.offlineRelevance(answer.records) : answer.records;
    const note = [why, scarce].filter((n): n is string => n !== null).join('; ') || null;
    const run = done(ranked, 'offline', note);
    return { ...run, status: { ...run.status, snapshot_id: answer.snapshotId } };
  };
  /** The mirror answers when it holds the source and no synthetic corpus was named explicitly. */
  const mirrorServes = options.mirror !== undefined && options.corpusDir === undefined && (await options.mirror.snapshotId(adapter.name)) !== undefined;

  if (mode === 'offline') {
    try {
      if (mirrorServes) return await fromMirror(null);
      if (options.mirror !== undefined && options.corpusDir === undefined) {
        return finish([], 'skipped', null, `${adapter.name}: the local mirror holds no snapshot of this source, so offline it is not searched (live or auto mode asks the provider)`, query.terms);
      }
      return done(readCorpus(adapter, query, options), 'offline', null);
    } catch (error) {
      return finish([], 'error', null, `${adapter.name} offline ${mirrorServes ? 'mirror' : 'corpus'} failed: ${reason(error)}`, query.terms);
    }
  }

  const http = new ProviderHttpClient(adapter, options);
  let liveFailure: unknown;
  try {
    const records = await adapter.fetch(query, http);
    await http.commitCache();
    return done(records, http.retrievalMode(), null);
  } catch (error) {
    liveFailure = error;
  }
  if (mode === 'live') return finish([], 'error', null, `${adapter.name} failed: ${reason(liveFailure)}`, query.terms);
  if (mirrorServes) {
    try {
      return { ...(await fromMirror(`${adapter.name} provider unreachable (${reason(liveFailure)}); the local mirror answered`)), fallback: true };
    } catch (mirrorError) {
      return finish([], 'error', null, `${adapter.name} failed: ${reason(liveFailure)}; local mirror: ${reason(mirrorError)}`, query.terms);
    }
  }
  if (options.mirror !== undefined && options.corpusDir === undefined) {
    return finish([], 'error', null, `${adapter.name} failed: ${reason(liveFailure)}; the local mirror holds no snapshot of this source`, query.terms);
  }
  try {
    const records = readCorpus(adapter, query, options);
    return { ...done(records, 'offline', `${adapter.name} provider unreachable (${reason(liveFailure)}); the offline corpus answered`), fallback: true };
  } catch (corpusError) {
    return finish([], 'error', null, `${adapter.name} failed: ${reason(liveFailure)}; offline corpus: ${reason(corpusError)}`, query.terms);
  }
}

// ---------------------------------------------------------------------------------------------------
// The offline corpus

let projectRoot: string | undefined;

/** The service's root (where package.json is), from this file in the sources or under dist/. */
export function findProjectRoot(): string {
  if (projectRoot !== undefined) return projectRoot;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      try {
        if ((JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === 'evidence-research-service') return (projectRoot = dir);
      } catch {
        // not ours; keep walking
      }
    }
    if (path.dirname(dir) === dir) return (projectRoot = process.cwd());
  }
}

export function defaultCorpusDir(): string {
  return path.join(findProjectRoot(), 'fixtures', 'corpus');
}

/** fixtures/corpus/<source>/<disease_id>.<ext> */
export function corpusPath(adapter: Pick<SourceAdapter, 'name' | 'corpusExtension'>, diseaseId: string, corpusDir = defaultCorpusDir()): string {
  if (!/^[a-z0-9_]{1,64}$/.test(diseaseId)) throw new ProviderError(`invalid disease id for the offline corpus`, false);
  return path.join(corpusDir, adapter.name, `${diseaseId}.${adapter.corpusExtension}`);
}

function readCorpus(adapter: SourceAdapter, query: SourceQuery, options: RunSourceOptions): SourceRecord[] {
  const corpusDir = options.corpusDir;
  const file = corpusPath(adapter, query.disease.id, corpusDir);
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ProviderError(`no offline corpus file for disease ${query.disease.id}`, false);
  }
  const synthetic = corpusIsSynthetic(corpusDir ?? defaultCorpusDir());
  const records = adapter.parseCorpus(content, query).map((record) => ({ ...record, synthetic }));
  return options.offlineRelevance ? options.offlineRelevance(records) : records;
}

/**
 * Whether a corpus holds made-up example records: its corpus.json says so ("synthetic": true, as the
 * bundled fixtures/corpus does). A corpus that does not declare itself real ("synthetic": false) counts as
 * synthetic: a record is never shown as a real citation unless someone vouched for it.
 */
export function corpusIsSynthetic(corpusDir: string): boolean {
  try {
    return (JSON.parse(fs.readFileSync(path.join(corpusDir, 'corpus.json'), 'utf8')) as { synthetic?: unknown }).synthetic !== false;
  } catch {
    return true;
  }
}

// ---------------------------------------------------------------------------------------------------
// Post-processing and status text

function postProcess(records: SourceRecord[], query: SourceQuery): SourceRecord[] {
  const seen = new Set<string>();
  const kept: SourceRecord[] = [];
  const limit = Math.max(0, query.limit);
  for (const record of records) {
    if (kept.length >= limit) break;
    if (seen.has(record.nativeId)) continue;
    seen.add(record.nativeId);
    if (!withinDates(record.published, query.dateFrom, query.dateTo)) continue;
    kept.push(record);
  }
  return kept;
}

/** Inclusive on YYYY-MM-DD; a record without a date is kept (associations, expression data are undated). */
export function withinDates(published: string | null, dateFrom: string | null, dateTo: string | null): boolean {
  if (!published) return true;
  const day = published.slice(0, 10);
  if (dateFrom && day < dateFrom.slice(0, 10)) return false;
  if (dateTo && day > dateTo.slice(0, 10)) return false;
  return true;
}

function reason(error: unknown): string {
  if (error instanceof ProviderError) return error.message;
  if (error instanceof Error) return `unexpected failure: ${error.message}`;
  return 'unexpected failure';
}

/** One line, no URL query strings or credential-looking pairs, at most MAX_WARNING_CHARS. */
function bound(text: string): string {
  const clean = text
    .replace(/\s+/g, ' ')
    .replace(/(https?:\/\/[^\s?#]+)[?#]\S*/gi, '$1')
    .replace(/\b(api[_-]?key|token|secret|password|authorization)(\s*[=:]\s*)\S+/gi, '$1$2***')
    .trim();
  return clean.length > MAX_WARNING_CHARS ? `${clean.slice(0, MAX_WARNING_CHARS - 1)}…` : clean;
}

// ---------------------------------------------------------------------------------------------------
// ProviderHttp: allow-list, rate limit, timeout, retries, body cap, cache

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
    private readonly options: RunSourceOptions = {},
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw malformed('not JSON');
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

// ---------------------------------------------------------------------------------------------------
// Helpers for adapters

/** The error every parser throws for a body of the wrong shape. */
export function malformed(detail?: string): ProviderError {
  return new ProviderError(detail ? `malformed response: ${detail}` : 'malformed response', false);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field, trimmed; undefined when absent or not a string/number. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** An array field (anything else, including absent, is []). */
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The whole text for outcome reading (SourceRecord.fullText): whitespace collapsed, bounded; undefined when the snippet holds it all. */
export function fullText(text: string | undefined, max = 20_000): string | undefined {
  const whole = (text ?? '').replace(/\s+/g, ' ').trim();
  return whole.length > 600 ? whole.slice(0, max) : undefined;
}

/** Whitespace collapsed, cut to max characters at a word boundary (SourceRecord.text is ~600). */
export function snippet(text: string | undefined, max = 600): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** YYYY-MM-DD from parts (month as number or English name; missing month/day -> 01), or null. */
export function isoDate(year: unknown, month?: unknown, day?: unknown): string | null {
  const y = Number(str(year));
  if (!Number.isInteger(y) || y < 1000 || y > 9999) return null;
  let m = 1;
  const monthText = str(month);
  if (monthText) {
    const named = MONTHS.indexOf(monthText.slice(0, 3).toLowerCase());
    m = named >= 0 ? named + 1 : Number(monthText);
    if (!Number.isInteger(m) || m < 1 || m > 12) m = 1;
  }
  let d = Number(str(day) ?? 1);
  if (!Number.isInteger(d) || d < 1 || d > 31) d = 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** 'YYYY', 'YYYY-MM', 'YYYY-MM-DD' or 'YYYYMMDD' -> YYYY-MM-DD, else null. */
export function normalizeDate(value: unknown): string | null {
  const text = str(value);
  if (!text) return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return isoDate(compact[1], compact[2], compact[3]);
  const dashed = /^(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?/.exec(text);
  return dashed ? isoDate(dashed[1], dashed[2], dashed[3]) : null;
}

/** YYYY-MM-DD -> YYYYMMDD, YYYY/MM/DD etc. for provider date parameters. */
export function compactDate(value: string, separator = ''): string {
  return value.slice(0, 10).split('-').join(separator);
}

// The question's keywords and the disease's words live in the domain (question parsing); re-exported for adapters.
export { diseaseWords, questionKeywords } from '../../domain/workspace/question/keywords';

