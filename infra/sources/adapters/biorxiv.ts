// bioRxiv API (api.biorxiv.org): the details endpoint lists the preprints posted in a date window,
// GET /details/biorxiv/<from>/<to>/<cursor> -> { messages: [{ status, cursor, count, total }], collection }.
// It has no text search, so the entries whose title or abstract names one of the disease's keywords
// are kept. The window is the request's dateFrom/dateTo (default: bioRxiv's launch to today); at most
// MAX_PAGES pages are read per run, to respect the API (a wide window is therefore only sampled from its
// oldest posts). The offline corpus is one details response.
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceRecord } from '../../../domain/workspace/sources';
import type { ProviderHttp, SourceAdapter, SourceQuery } from '../source-adapter';
import { isObject, malformed, normalizeDate, num, fullText, snippet, str } from '../source-runner';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const MAX_PAGES = 3;
/** bioRxiv opened in November 2013. */
const FIRST_DAY = '2013-11-01';
const JOURNAL = 'bioRxiv (preprint, not peer reviewed)';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DetailsPage {
  entries: Record<string, unknown>[];
  /** The cursor of the next page, when the window has more. */
  next?: number;
}

/** Parses one details answer. A status other than "ok" (e.g. "no posts found") is an empty page. */
export function parseDetailsPage(body: unknown): DetailsPage {
  if (!isObject(body) || !Array.isArray(body.messages) || !isObject(body.messages[0])) throw malformed('expected { messages: [...], collection: [...] }');
  const message = body.messages[0];
  if (str(message.status)?.toLowerCase() !== 'ok') return { entries: [] };
  if (!Array.isArray(body.collection)) throw malformed('collection is not an array');
  const entries = body.collection.map(obj);
  const cursor = num(message.cursor) ?? 0;
  const count = num(message.count) ?? entries.length;
  const total = num(message.total) ?? 0;
  return count > 0 && cursor + count < total ? { entries, next: cursor + count } : { entries };
}

/** Case-insensitive whole-word matchers for the disease keywords ("SLE" does not match "sleep"). */
export function keywordMatchers(keywords: string[]): RegExp[] {
  return keywords
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => new RegExp(`(?<![A-Za-z0-9])${k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')}(?![A-Za-z0-9])`, 'i'));
}

function toRecord(entry: Record<string, unknown>): SourceRecord | null {
  const doi = str(entry.doi);
  if (!doi) return null;
  const version = str(entry.version) ?? '1';
  return {
    source: 'biorxiv',
    nativeId: doi,
    recordType: 'preprint',
    title: str(entry.title) ?? `bioRxiv preprint ${doi}`,
    url: `https://www.biorxiv.org/content/${doi}v${encodeURIComponent(version)}`,
    text: snippet(str(entry.abstract)),
    ...(fullText(str(entry.abstract)) ? { fullText: fullText(str(entry.abstract)) } : {}),
    published: normalizeDate(entry.date),
    structured: { drugs: [], targets: [], pathways: [] },
    attributes: { journal: JOURNAL },
  };
}

/**
 * The preprints among the entries that match a keyword, one per DOI (its latest version in the
 * window), newest first.
 */
export function matchingPreprints(entries: Record<string, unknown>[], disease: DiseaseModule): SourceRecord[] {
  const matchers = keywordMatchers(disease.search.biorxiv?.keywords ?? []);
  const latest = new Map<string, Record<string, unknown>>();
  for (const entry of entries) {
    const doi = str(entry.doi);
    if (!doi) continue;
    const haystack = `${str(entry.title) ?? ''}\n${str(entry.abstract) ?? ''}`;
    if (!matchers.some((m) => m.test(haystack))) continue;
    const seen = latest.get(doi);
    if (!seen || (num(entry.version) ?? 0) > (num(seen.version) ?? 0)) latest.set(doi, entry);
  }
  return [...latest.values()]
    .map(toRecord)
    .filter((r): r is SourceRecord => r !== null)
    .sort((a, b) => (b.published ?? '').localeCompare(a.published ?? ''));
}

const today = () => new Date().toISOString().slice(0, 10);

export const biorxivAdapter: SourceAdapter = {
  name: 'biorxiv',
  defaultBaseUrl: 'https://api.biorxiv.org',
  minIntervalMs: 500,
  corpusExtension: 'json',

  isConfigured: (disease) => (disease.search.biorxiv?.keywords?.length ?? 0) > 0,

  queryTerms: (disease) => [...disease.search.biorxiv!.keywords],

  async fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]> {
    const from = (query.dateFrom ?? FIRST_DAY).slice(0, 10);
    const to = (query.dateTo ?? today()).slice(0, 10);
    if (!DAY.test(from) || !DAY.test(to) || from > to) return [];
    const entries: Record<string, unknown>[] = [];
    let cursor = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const { entries: found, next } = parseDetailsPage(await http.getJson(`details/biorxiv/${from}/${to}/${cursor}`));
      entries.push(...found);
      if (next === undefined) break;
      cursor = next;
    }
    return matchingPreprints(entries, query.disease);
  },

  parseCorpus(content, query) {
    let body: unknown;
    try {
      body = JSON.parse(content);
    } catch {
      throw malformed('not JSON');
    }
    return matchingPreprints(parseDetailsPage(body).entries, query.disease);
  },
};
