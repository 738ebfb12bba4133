// `evidence live`: is each evidence source's live endpoint reachable from here? One GET to the provider's
// API root (or its EVIDENCE_SOURCE_BASE_URLS override) per source, in parallel, each with a timeout:
// reachable (any HTTP answer counts: the host and TLS work), status, latency, and the rate-limit headers
// the provider sends. Nothing is cached or retried: this is a connectivity check, not a retrieval.
import { SOURCE_NAMES, SourceName } from '../../domain/workspace/sources';
import { ALL_ADAPTERS } from '../../infra/sources/adapters';
import { USER_AGENT } from '../../infra/sources/provider-http-client';

export interface LiveCheck {
  source: SourceName;
  url: string;
  reachable: boolean;
  status: number | null;
  latency_ms: number;
  /** Rate-limit headers as sent (x-ratelimit-*, ratelimit-*, x-rate-limit-*, retry-after). */
  rate_limit: Record<string, string>;
  /** The provider's published spacing between requests, as the adapter applies it. */
  min_interval_ms: number;
  error: string | null;
}

const RATE_LIMIT_HEADER = /^(x-ratelimit-|ratelimit|x-rate-limit-|retry-after$)/i;

/** Why a fetch failed, in words an operator can act on (DNS, refused, timeout, TLS). */
function reason(error: unknown, timeoutMs: number): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return `host not found (${cause.code}): no DNS, offline?`;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

export async function checkSource(source: SourceName, url: string, options: { timeoutMs: number; fetchImpl?: typeof fetch }): Promise<LiveCheck> {
  const started = performance.now();
  const base = { source, url, min_interval_ms: ALL_ADAPTERS[source].minIntervalMs };
  try {
    const response = await (options.fetchImpl ?? fetch)(url, { headers: { 'User-Agent': USER_AGENT }, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) });
    await response.body?.cancel();
    const rateLimit = Object.fromEntries([...response.headers.entries()].filter(([name]) => RATE_LIMIT_HEADER.test(name)));
    return { ...base, reachable: true, status: response.status, latency_ms: Math.round(performance.now() - started), rate_limit: rateLimit, error: null };
  } catch (error) {
    return { ...base, reachable: false, status: null, latency_ms: Math.round(performance.now() - started), rate_limit: {}, error: reason(error, options.timeoutMs) };
  }
}

export async function checkLiveSources(options: { baseUrls: Record<string, string>; sources?: readonly SourceName[]; timeoutMs: number; fetchImpl?: typeof fetch }): Promise<LiveCheck[]> {
  const sources = options.sources ?? SOURCE_NAMES;
  return Promise.all(sources.map((s) => checkSource(s, options.baseUrls[s] ?? ALL_ADAPTERS[s].defaultBaseUrl, options)));
}
