// Settings, parsed and validated once at start. Variables of the interface spec (§1, §5, §8) plus the
// core's own: DATABASE_URL (else embedded PGlite under DATA_DIR), EVENTSTORE_URL, KAFKA_BROKERS.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PROXY_IDENTITY_HEADERS } from '../../domain/auth/proxy-identity-headers';
import { bool, int, list, oneOf, raw, SettingsError, url } from './env-parsers';

export { SettingsError };

export type CspMode = 'off' | 'report-only' | 'enforce';
export type AuthMode = 'local' | 'proxy';
export { PROXY_IDENTITY_HEADERS };
export type ProxyIdentityHeader = typeof PROXY_IDENTITY_HEADERS[number];
export type TrustProxy = false | number | string[];

export interface SmtpSettings {
  host: string | undefined;
  port: number;
  username: string | undefined;
  password: string | undefined;
  from: string;
  useTls: boolean;
}

export interface Settings {
  host: string;
  port: number;
  debug: boolean;
  apiKey: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  openapiEnabled: boolean;
  corsOrigins: string[];
  queueBrokerUrl: string;
  queueResultBackend: string;
  useCache: boolean;
  /** Accepted for compatibility with the spec's defaults; the Workspace lives in PostgreSQL (DATABASE_URL or PGlite). */
  workspaceDbPath: string;
  /** Accepted for compatibility; the biomedical store is its own schema in the same PostgreSQL. */
  biomedicalDbPath: string;
  biomedLegacyProjection: boolean;
  /** BIOMED_SEED (default true): at start-up, import the bundled seed snapshots when no snapshot is active. */
  biomedSeed: boolean;
  dashboardCspMode: CspMode;
  smtp: SmtpSettings;
  workspacePublicUrl: string;
  workspaceReviewLinkSecret: string | undefined;
  authMode: AuthMode;
  /** username -> password (development accounts; a deployment secret). */
  localAuthUsers: Record<string, string>;
  authSessionSecret: string | undefined;
  authSessionTtlSeconds: number;
  authTrustedProxyIps: string[];
  /** AUTH_MODE=proxy: the one identity header the deployment's proxy sets; unset = any of the three, when they agree. */
  authProxyHeader: ProxyIdentityHeader | undefined;
  /** Express `trust proxy`: false (off), a hop count, or the proxies' addresses/subnets (TLS termination in front). */
  trustProxy: TrustProxy;
  /** Secure on the session cookie: auto = when the request is HTTPS (as the trusted proxy reports it). */
  authCookieSecure: 'auto' | 'true' | 'false';
  rateLimitRequests: number;
  rateLimitWindowSeconds: number;
  rateLimitStoreUrl: string;
  rateLimitFailClosed: boolean;
  maxRequestBodyBytes: number;
  /** Failed-login throttling (api/auth/login-throttle.ts): failures before back-off, per account and per client, within the window. */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerClient: number;
  loginFailureWindowSeconds: number;
  /** JOB_MAX_PENDING_PER_CLIENT: unfinished jobs one researcher (or client address) may have queued; more: 429. */
  jobMaxPendingPerClient: number;
  /** ANALYSIS_THREADS: worker threads computing the analysis GETs (0: on the event loop); default cores − 1, at least 1. */
  analysisThreads: number;
  /**
   * ANALYSIS_QUEUE_MAX: analysis GETs (and heavy /api/kg reads) that may wait for a free thread; more are
   * answered 503 with Retry-After. Default: one per thread, so a call waits at most about one computation
   * instead of a queue's worth (issue 23: a queue of 8 behind one thread kept callers waiting past 2 s).
   */
  analysisQueueMax: number;
  /** RATE_LIMIT_KEY_PREFIX: namespaces this deployment's rate-limit keys; unset: from the database name. */
  rateLimitKeyPrefix: string | undefined;
  /** How deeply a JSON body may nest (arrays/objects inside each other); deeper: 422 before parsing. */
  maxRequestJsonDepth: number;
  /** PostgreSQL server; absent means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** MONDO_DIR: MONDO's class-stats.tsv and exact SSSOM sets, read into the disease registry on first use (default DATA_DIR/mondo; absent: no MONDO classes). */
  mondoDir: string;
  /** EventStoreDB instead of the PostgreSQL event store. */
  eventStoreUrl: string | undefined;
  /** Kafka instead of the embedded bus. */
  kafkaBrokers: string[] | undefined;
  kafkaTopicPrefix: string;
  /** Run projections and processors inside `serve` (single-process mode). */
  workersInProcess: boolean;
  /** Jobs a worker process runs at once (its slots in the competing job-runner group). */
  workerConcurrency: number;
  /** Task time limits (spec §8: 9-minute soft, 10-minute hard). */
  jobSoftTimeLimitSeconds: number;
  jobHardTimeLimitSeconds: number;
  /** Deliveries of one job (a worker that dies counts) before it fails. */
  jobMaxAttempts: number;
  /** Job WebSocket/SSE poll interval and the poll budget of either stream before TIMEOUT (spec §6, §8). */
  jobStreamPollMs: number;
  jobStreamMaxPolls: number;
  /** Job streams (WebSocket and SSE together) one client IP may hold open at once; more get 429. */
  jobStreamMaxPerClient: number;
  /** Scheduler: hours between two corpus readiness batch reports and between two evidence monitor snapshots. */
  corpusStatusIntervalHours: number;
  monitorIntervalHours: number;
  /** Diseases the scheduler snapshots (MONITOR_DISEASES, comma-separated module ids; default sle). */
  monitorDiseases: string[];
  /** How long a silent consumer keeps its bus group before another process takes over. */
  busLeaseMs: number;
  /** auto: live with the offline corpus as fallback; live; offline (bundled corpus only). */
  evidenceSourceMode: 'auto' | 'live' | 'offline';
  /** Operator overrides of provider API roots (name=url pairs), e.g. for a mirror or a test server. */
  sourceBaseUrls: Record<string, string>;
  /**
   * The synthetic offline corpus (fixtures/corpus), read only when EVIDENCE_CORPUS_DIR names it (tests, demos);
   * without it, offline sources are answered by the local mirror below.
   */
  evidenceCorpusDir: string | undefined;
  /**
   * The local mirror of the literature, trial and label providers (EVIDENCE_MIRROR_DIR; default the bundled
   * seed slice fixtures/seed/literature; "none" turns it off): null when off.
   */
  evidenceMirrorDir: string | null | undefined;
  /**
   * Opt-in write-through of live provider answers (EVIDENCE_LIVE_MIRROR_DIR; unset = off): each live answer
   * is kept there as an immutable file and answers the same query offline (infra/literature/live-answers.ts).
   */
  evidenceLiveMirrorDir?: string;
  /**
   * Provider credentials (secrets: sent only as the provider's own query parameter, never logged, never
   * part of a cache key). NCBI E-utilities: api_key raises the limit from 3 to 10 requests per second;
   * email and tool identify the client as NCBI asks. openFDA: api_key raises the daily quota.
   */
  providers: { ncbiApiKey: string | undefined; ncbiEmail: string | undefined; ncbiTool: string; openFdaApiKey: string | undefined };
  /** OpenAI-compatible chat completions endpoint for optional claim enrichment. */
  llm: { baseUrl: string | undefined; apiKey: string | undefined; model: string; timeoutMs: number };
}

const LOCAL_REDIS = 'redis://127.0.0.1:6379/0';

export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const kafkaBrokers = list(env, 'KAFKA_BROKERS');
  const analysisThreads = int(env, 'ANALYSIS_THREADS', Math.max(1, availableParallelism() - 1), 0, 64);
  for (const broker of kafkaBrokers ?? []) {
    if (!/^[^\s:/]+:\d+$/.test(broker)) throw new SettingsError('KAFKA_BROKERS', `expected host:port entries, got ${JSON.stringify(broker)}`);
  }
  const debug = bool(env, 'DEBUG', false);
  const queueBrokerUrl = url(env, 'QUEUE_BROKER_URL', ['redis:', 'rediss:']) ?? LOCAL_REDIS;
  const smtpUsername = raw(env, 'ALERT_SMTP_USERNAME');
  const settings: Settings = {
    host: raw(env, 'HOST') ?? '0.0.0.0',
    port: int(env, 'PORT', 8000, 0, 65535),
    debug,
    apiKey: raw(env, 'API_KEY'),
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
    openapiEnabled: bool(env, 'OPENAPI_ENABLED', debug),
    corsOrigins: (list(env, 'CORS_ORIGINS') ?? ['http://localhost:3000']).map((origin) => validOrigin('CORS_ORIGINS', origin)),
    queueBrokerUrl,
    queueResultBackend: url(env, 'QUEUE_RESULT_BACKEND', ['redis:', 'rediss:']) ?? queueBrokerUrl,
    useCache: bool(env, 'USE_CACHE', true),
    workspaceDbPath: path.resolve(raw(env, 'WORKSPACE_DB_PATH') ?? path.join('data', 'evidence_workspace.sqlite3')),
    biomedicalDbPath: path.resolve(raw(env, 'BIOMEDICAL_DB_PATH') ?? path.join('data', 'biomedical.sqlite3')),
    biomedLegacyProjection: raw(env, 'BIOMED_LEGACY_PROJECTION') === '1',
    biomedSeed: bool(env, 'BIOMED_SEED', true),
    dashboardCspMode: cspMode(env),
    smtp: {
      host: raw(env, 'ALERT_SMTP_HOST'),
      port: int(env, 'ALERT_SMTP_PORT', 587, 1, 65535),
      username: smtpUsername,
      password: raw(env, 'ALERT_SMTP_PASSWORD'),
      from: raw(env, 'ALERT_SMTP_FROM') ?? smtpUsername ?? 'evidence-alerts@localhost',
      useTls: bool(env, 'ALERT_SMTP_USE_TLS', true),
    },
    workspacePublicUrl: url(env, 'WORKSPACE_PUBLIC_URL', ['http:', 'https:']) ?? 'http://localhost:8000',
    workspaceReviewLinkSecret: raw(env, 'WORKSPACE_REVIEW_LINK_SECRET'),
    authMode: oneOf(env, 'AUTH_MODE', 'local', ['local', 'proxy'] as const),
    localAuthUsers: localUsers(env),
    authSessionSecret: raw(env, 'AUTH_SESSION_SECRET'),
    authSessionTtlSeconds: int(env, 'AUTH_SESSION_TTL_SECONDS', 12 * 3600, 60, 30 * 24 * 3600),
    authTrustedProxyIps: (list(env, 'AUTH_TRUSTED_PROXY_IPS') ?? []).map((ip) => validIp('AUTH_TRUSTED_PROXY_IPS', ip)),
    authProxyHeader: proxyHeader(env),
    trustProxy: trustProxy(env),
    authCookieSecure: oneOf(env, 'AUTH_COOKIE_SECURE', 'auto', ['auto', 'true', 'false'] as const),
    rateLimitRequests: int(env, 'RATE_LIMIT_REQUESTS', 60, 0, 1_000_000),
    rateLimitWindowSeconds: int(env, 'RATE_LIMIT_WINDOW', 60, 1, 86_400),
    rateLimitStoreUrl: url(env, 'STORE_RATE_LIMIT_URL', ['redis:', 'rediss:']) ?? url(env, 'QUEUE_BROKER_URL', ['redis:', 'rediss:']) ?? LOCAL_REDIS,
    rateLimitFailClosed: bool(env, 'RATE_LIMIT_FAIL_CLOSED', false),
    rateLimitKeyPrefix: raw(env, 'RATE_LIMIT_KEY_PREFIX'),
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 10, 1, 1_000_000),
    loginMaxFailuresPerClient: int(env, 'LOGIN_MAX_FAILURES_PER_CLIENT', 100, 1, 1_000_000),
    loginFailureWindowSeconds: int(env, 'LOGIN_FAILURE_WINDOW_SECONDS', 900, 1, 86_400),
    maxRequestBodyBytes: int(env, 'MAX_REQUEST_BODY_BYTES', 10_485_760, 1, 1_073_741_824),
    maxRequestJsonDepth: int(env, 'MAX_REQUEST_JSON_DEPTH', 64, 1, 10_000),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir: path.resolve(raw(env, 'DATA_DIR') ?? 'data'),
    mondoDir: path.resolve(raw(env, 'MONDO_DIR') ?? path.join(raw(env, 'DATA_DIR') ?? 'data', 'mondo')),
    eventStoreUrl: url(env, 'EVENTSTORE_URL', ['esdb:', 'esdb+discover:']),
    kafkaBrokers,
    kafkaTopicPrefix: raw(env, 'KAFKA_TOPIC_PREFIX') ?? 'evidence',
    workersInProcess: bool(env, 'WORKERS_IN_PROCESS', true),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 2, 1, 64),
    jobSoftTimeLimitSeconds: int(env, 'JOB_SOFT_TIME_LIMIT_SECONDS', 540, 1, 86_400),
    jobHardTimeLimitSeconds: int(env, 'JOB_HARD_TIME_LIMIT_SECONDS', 600, 1, 86_400),
    jobMaxAttempts: int(env, 'JOB_MAX_ATTEMPTS', 3, 1, 100),
    jobMaxPendingPerClient: int(env, 'JOB_MAX_PENDING_PER_CLIENT', 20, 1, 100_000),
    analysisThreads,
    analysisQueueMax: int(env, 'ANALYSIS_QUEUE_MAX', Math.max(1, analysisThreads), 0, 10_000),
    jobStreamPollMs: int(env, 'JOB_STREAM_POLL_MS', 500, 10, 60_000),
    corpusStatusIntervalHours: int(env, 'CORPUS_STATUS_INTERVAL_HOURS', 24, 1, 8760),
    monitorIntervalHours: int(env, 'MONITOR_INTERVAL_HOURS', 24, 1, 8760),
    monitorDiseases: (env.MONITOR_DISEASES ?? 'sle').split(',').map((d) => d.trim()).filter(Boolean),
    jobStreamMaxPolls: int(env, 'JOB_STREAM_MAX_POLLS', 1200, 1, 1_000_000),
    jobStreamMaxPerClient: int(env, 'JOB_STREAM_MAX_PER_CLIENT', 8, 1, 10_000),
    busLeaseMs: int(env, 'BUS_LEASE_MS', 15_000, 500, 600_000),
    evidenceSourceMode: oneOf(env, 'EVIDENCE_SOURCE_MODE', 'auto', ['auto', 'live', 'offline'] as const),
    sourceBaseUrls: sourceBaseUrls(env),
    evidenceCorpusDir: raw(env, 'EVIDENCE_CORPUS_DIR') ? path.resolve(raw(env, 'EVIDENCE_CORPUS_DIR')!) : undefined,
    ...(raw(env, 'EVIDENCE_LIVE_MIRROR_DIR') ? { evidenceLiveMirrorDir: path.resolve(raw(env, 'EVIDENCE_LIVE_MIRROR_DIR')!) } : {}),
    evidenceMirrorDir: raw(env, 'EVIDENCE_MIRROR_DIR') === 'none' ? null : raw(env, 'EVIDENCE_MIRROR_DIR') ? path.resolve(raw(env, 'EVIDENCE_MIRROR_DIR')!) : undefined,
    providers: {
      ncbiApiKey: token(env, 'NCBI_API_KEY'),
      ncbiEmail: email(env, 'NCBI_EMAIL'),
      ncbiTool: token(env, 'NCBI_TOOL') ?? 'evidence-research-service',
      openFdaApiKey: token(env, 'OPENFDA_API_KEY'),
    },
    llm: {
      baseUrl: outboundUrl(env, 'LLM_BASE_URL'),
      apiKey: raw(env, 'LLM_API_KEY'),
      model: raw(env, 'LLM_MODEL') ?? 'gpt-4o-mini',
      timeoutMs: int(env, 'LLM_TIMEOUT_SECONDS', 30, 1, 600) * 1000,
    },
  };
  assertConsistent(settings);
  return settings;
}

function proxyHeader(env: Record<string, string | undefined>): ProxyIdentityHeader | undefined {
  const value = raw(env, 'AUTH_PROXY_HEADER')?.toLowerCase();
  if (value === undefined) return undefined;
  const known = PROXY_IDENTITY_HEADERS.find((name) => name === value);
  if (!known) throw new SettingsError('AUTH_PROXY_HEADER', `expected one of ${PROXY_IDENTITY_HEADERS.join(', ')}, got ${JSON.stringify(value)}`);
  return known;
}

/** TRUST_PROXY: unset/false/0 = off; a whole number = that many hops; else a list of proxy addresses or subnets. */
function trustProxy(env: Record<string, string | undefined>): TrustProxy {
  const value = raw(env, 'TRUST_PROXY');
  if (value === undefined || ['false', 'off', 'no', '0'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new SettingsError('TRUST_PROXY', `a hop count must be 0-10, got ${value}`);
    return hops;
  }
  return value.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new SettingsError('TRUST_PROXY', `expected false, a hop count, or IP addresses/subnets, got ${JSON.stringify(entry)}`);
    }
    return entry;
  });
}

function cspMode(env: Record<string, string | undefined>): CspMode {
  // DASHBOARD_CSP=true is the spec's alias for enforce; an explicit DASHBOARD_CSP_MODE wins.
  if (raw(env, 'DASHBOARD_CSP_MODE') === undefined && bool(env, 'DASHBOARD_CSP', false)) return 'enforce';
  return oneOf(env, 'DASHBOARD_CSP_MODE', 'off', ['off', 'report-only', 'enforce'] as const);
}

function localUsers(env: Record<string, string | undefined>): Record<string, string> {
  const value = raw(env, 'LOCAL_AUTH_USERS');
  if (value === undefined) return {};
  if (value.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new SettingsError('LOCAL_AUTH_USERS', 'is not valid JSON');
    }
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (entries.some(([user, password]) => !user || typeof password !== 'string' || password === '')) {
      throw new SettingsError('LOCAL_AUTH_USERS', 'must map each username to a non-empty password string');
    }
    return Object.fromEntries(entries) as Record<string, string>;
  }
  const users: Record<string, string> = {};
  for (const pair of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1) throw new SettingsError('LOCAL_AUTH_USERS', 'expected user=password pairs separated by commas');
    users[pair.slice(0, eq).trim()] = pair.slice(eq + 1);
  }
  return users;
}

/** A key or tool name: letters, digits and -_. only (it goes into a URL query string). */
function token(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = raw(env, name);
  if (value !== undefined && !/^[A-Za-z0-9._-]{1,200}$/.test(value)) throw new SettingsError(name, 'expected letters, digits, ".", "_" or "-" only');
  return value;
}

function email(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = raw(env, name);
  if (value !== undefined && !/^[^\s@]{1,100}@[^\s@]{1,200}\.[^\s@]{1,50}$/.test(value)) throw new SettingsError(name, `expected an e-mail address, got ${JSON.stringify(value)}`);
  return value;
}

const SOURCE_NAMES = ['pubmed', 'clinical_trials', 'gwas', 'fda_labels', 'opentargets', 'gtex', 'biorxiv', 'chembl'];

function sourceBaseUrls(env: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of list(env, 'EVIDENCE_SOURCE_BASE_URLS') ?? []) {
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    if (eq <= 0 || !SOURCE_NAMES.includes(name)) throw new SettingsError('EVIDENCE_SOURCE_BASE_URLS', `expected source=url pairs with sources among ${SOURCE_NAMES.join(', ')}`);
    result[name] = checkOutbound('EVIDENCE_SOURCE_BASE_URLS', pair.slice(eq + 1).trim());
  }
  return result;
}

/** Outbound endpoints: HTTPS, or plain HTTP to a loopback address (local mirrors and tests). */
function outboundUrl(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = raw(env, name);
  return value === undefined ? undefined : checkOutbound(name, value);
}

function checkOutbound(variable: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new SettingsError(variable, `${JSON.stringify(value)} is not a URL`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) {
    throw new SettingsError(variable, 'must be an https:// URL (plain http only to a loopback address)');
  }
  return value.replace(/\/+$/, '');
}

function validOrigin(variable: string, origin: string): string {
  if (origin === '*') return origin;
  try {
    const parsed = new URL(origin);
    if (parsed.origin !== 'null' && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) return parsed.origin;
  } catch {
    // fall through
  }
  throw new SettingsError(variable, `${JSON.stringify(origin)} is not an http(s) origin`);
}

function validIp(variable: string, ip: string): string {
  if (isIP(ip) === 0) throw new SettingsError(variable, `${JSON.stringify(ip)} is not an IP address`);
  return ip;
}

export function assertConsistent(settings: Settings): void {
  if (settings.jobSoftTimeLimitSeconds > settings.jobHardTimeLimitSeconds) {
    throw new SettingsError('JOB_SOFT_TIME_LIMIT_SECONDS', 'must not exceed JOB_HARD_TIME_LIMIT_SECONDS');
  }
}

/** The spec's rules for the web process: no production service without an API key or session secret. */
export function assertServable(settings: Settings): void {
  if (!settings.debug && !settings.apiKey) {
    throw new SettingsError('API_KEY', 'is required when DEBUG=false; set API_KEY, or DEBUG=true for local development');
  }
  if (settings.authMode === 'local' && !settings.debug && !settings.authSessionSecret && !settings.apiKey) {
    throw new SettingsError('AUTH_SESSION_SECRET', 'is required outside DEBUG (API_KEY serves as fallback)');
  }
}
