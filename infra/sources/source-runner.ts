// The evidence-source framework: runs one SourceAdapter for one query and always answers with records
// and a SourceStatus (spec §2.4 source_statuses, §7 "a failing source adapter does not fail the run").
//
//   runSource(adapter, query, options) -> { records, status }      never throws
//
// The runner owns the mode and the status; each other part has its own file:
// - mode (EVIDENCE_SOURCE_MODE): 'live' = provider only; 'offline' = the local mirror, or the synthetic
//   corpus when one is named (offline-reader.ts); 'auto' (default) = the provider, falling back to the
//   mirror or corpus when the provider is unreachable or errs.
// - the provider HTTP client (provider-http-client.ts): allow-list, rate limit, timeout, retries, body
//   cap, response cache.
// - which records answer, in what order (record-selection.ts): the question's relevance order offline,
//   duplicates, dates, the limit.
// - the status: ok (records) | warning (no records matched; or the offline corpus answered for an
//   unreachable provider in auto mode) | skipped (disease not configured for the source, no network)
//   | error (bounded warning text: no stack, no URL query strings, no secrets).
import type { RetrievalMode, SourceRecord, SourceStatus } from '../../domain/workspace/sources';
import { ProviderError, type SourceAdapter, type SourceQuery } from './source-adapter';
import type { EvidenceMirror, LiveAnswerSink } from './evidence-mirror';
import { ProviderHttpClient, type ProviderHttpOptions } from './provider-http-client';
import { readCorpus, readMirror } from './offline-reader';
import { rankOffline, selectRecords, type OfflineRelevance } from './record-selection';

export type SourceMode = 'auto' | 'live' | 'offline';
export const SOURCE_MODES: readonly SourceMode[] = ['auto', 'live', 'offline'];

export interface RunSourceOptions extends ProviderHttpOptions {
  /** EVIDENCE_SOURCE_MODE; default 'auto'. */
  mode?: SourceMode;
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
  /**
   * Opt-in write-through (EVIDENCE_LIVE_MIRROR_DIR): a live answer with records is written here, secrets
   * (extraParams values) scrubbed, so the mirror answers the same query offline next time.
   */
  liveAnswers?: LiveAnswerSink;
  /** Fewer records than this for the disease in a mirror snapshot: the status says so. Default 20. */
  mirrorFewRecords?: number;
  /** Clock for retrieved_at. */
  now?: () => Date;
  /**
   * Offline corpus records in the order (and selection) a question-aware search would return them; applied
   * before the limit. The pipeline passes the question's BM25 ranking (domain/workspace/question/relevance.ts).
   */
  offlineRelevance?: OfflineRelevance;
}

/** A SourceQuery whose terms may be left to the adapter (adapter.queryTerms). */
export type SourceRequest = Omit<SourceQuery, 'terms'> & { terms?: string[] };

export interface SourceRun {
  records: SourceRecord[];
  status: SourceStatus;
  /** `auto` mode fell back to the offline corpus because the provider was unreachable. */
  fallback?: boolean;
}

const MAX_WARNING_CHARS = 300;

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
    const records = selectRecords(raw, query);
    if (records.length === 0) return finish(records, 'warning', retrieval, fallbackWarning ? `${fallbackWarning}; no records matched` : 'no records matched', query.terms);
    return finish(records, fallbackWarning ? 'warning' : 'ok', retrieval, fallbackWarning, query.terms);
  };

  const fromMirror = async (why: string | null): Promise<SourceRun> => {
    const answer = await readMirror(adapter, query, options.mirror!, options.mirrorFewRecords);
    const note = [why, answer.scarcity].filter((n): n is string => n !== null).join('; ') || null;
    const run = done(rankOffline(answer.records, options.offlineRelevance), 'offline', note);
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
      return done(rankOffline(readCorpus(adapter, query, options.corpusDir), options.offlineRelevance), 'offline', null);
    } catch (error) {
      return finish([], 'error', null, `${adapter.name} offline ${mirrorServes ? 'mirror' : 'corpus'} failed: ${reason(error)}`, query.terms);
    }
  }

  const http = new ProviderHttpClient(adapter, options);
  let liveFailure: unknown;
  try {
    const records = await adapter.fetch(query, http);
    await http.commitCache();
    const run = done(records, http.retrievalMode(), null);
    return options.liveAnswers && records.length > 0 && http.retrievalMode() === 'live' ? await writeThrough(options, adapter.name, query, records, run) : run;
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
    const records = rankOffline(readCorpus(adapter, query, options.corpusDir), options.offlineRelevance);
    return { ...done(records, 'offline', `${adapter.name} provider unreachable (${reason(liveFailure)}); the offline corpus answered`), fallback: true };
  } catch (corpusError) {
    return finish([], 'error', null, `${adapter.name} failed: ${reason(liveFailure)}; offline corpus: ${reason(corpusError)}`, query.terms);
  }
}

/** Writes the live answer through; a failed write leaves the answer as it was, with a warning saying so. */
async function writeThrough(options: RunSourceOptions, source: SourceAdapter['name'], query: SourceQuery, records: SourceRecord[], run: SourceRun): Promise<SourceRun> {
  const secrets = Object.values(options.extraParams ?? {}).filter((v): v is string => typeof v === 'string');
  try {
    await options.liveAnswers!.write(source, query.disease, query.terms, records, new Date(run.status.retrieved_at), secrets);
    return run;
  } catch (error) {
    const warning = bound(`live answer not written to the local mirror: ${reason(error)}${run.status.warning ? `; ${run.status.warning}` : ''}`);
    return { ...run, status: { ...run.status, warning } };
  }
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
