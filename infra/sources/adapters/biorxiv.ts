// bioRxiv preprints found through Europe PMC's search and resolved with bioRxiv's own API.
//   1. Europe PMC REST search (www.ebi.ac.uk/europepmc/webservices/rest/search, format=json,
//      resultType=core): SRC:PPR AND (disease keywords) AND (the question's entities, when any) AND an
//      optional FIRST_PDATE range (domain/workspace/question/provider-queries.ts), Europe PMC's relevance
//      order. bioRxiv's preprints are kept (publisher bioRxiv, or a bioRxiv DOI prefix 10.1101 / 10.64898).
//   2. bioRxiv details by DOI (api.biorxiv.org/details/biorxiv/<doi>/na/json, the auxiliary "biorxiv" API):
//      the latest version's title, abstract, date and `published` — the DOI of the peer-reviewed version,
//      recorded as publishedDoi (the dossier then prefers the published record). A DOI bioRxiv does not
//      know (a medRxiv preprint) is left out. At most MAX_RESOLVE preprints are resolved per run.
// The offline corpus is one details answer (a date window's collection), filtered by the disease keywords.
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { europePmcPreprintQuery } from '../../../domain/workspace/question/provider-queries';
import { questionFocus } from '../../../domain/workspace/question/focus';
import type { ProviderHttp, SourceAdapter, SourceQuery } from '../source-adapter';
import { isObject, malformed, normalizeDate, num, fullText, snippet, str, parseJson } from '../response-fields';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const MAX_RESOLVE = 25;
const JOURNAL = 'bioRxiv (preprint, not peer reviewed)';
const BIORXIV_DOI = /^10\.(1101|64898)\//;

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

/** bioRxiv's `published` field: a DOI, or "NA" when no published version is known. */
function publishedDoi(entry: Record<string, unknown>): string | undefined {
  const value = str(entry.published);
  return value && /^10\.\d{4,9}\//.test(value) ? value.toLowerCase() : undefined;
}

function toRecord(entry: Record<string, unknown>): SourceRecord | null {
  const doi = str(entry.doi);
  if (!doi) return null;
  const version = str(entry.version) ?? '1';
  const published = publishedDoi(entry);
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
    attributes: { journal: JOURNAL, ...(published ? { publishedDoi: published } : {}) },
  };
}

/** The latest version of each DOI among details entries. */
function latestVersions(entries: Record<string, unknown>[]): Record<string, unknown>[] {
  const latest = new Map<string, Record<string, unknown>>();
  for (const entry of entries) {
    const doi = str(entry.doi);
    if (!doi) continue;
    const seen = latest.get(doi);
    if (!seen || (num(entry.version) ?? 0) > (num(seen.version) ?? 0)) latest.set(doi, entry);
  }
  return [...latest.values()];
}

/** The preprints among the entries that match a keyword, one per DOI (its latest version in the window), newest first. */
export function matchingPreprints(entries: Record<string, unknown>[], disease: DiseaseModule): SourceRecord[] {
  const matchers = keywordMatchers(disease.search.biorxiv?.keywords ?? []);
  const matching = entries.filter((e) => matchers.some((m) => m.test(`${str(e.title) ?? ''}\n${str(e.abstract) ?? ''}`)));
  return latestVersions(matching)
    .map(toRecord)
    .filter((r): r is SourceRecord => r !== null)
    .sort((a, b) => (b.published ?? '').localeCompare(a.published ?? ''));
}

/** bioRxiv DOIs of a Europe PMC search answer, in its (relevance) order. */
export function europePmcPreprintDois(body: unknown): string[] {
  if (!isObject(body) || !isObject(body.resultList) || !Array.isArray(body.resultList.result)) throw malformed('expected { resultList: { result: [...] } }');
  const dois: string[] = [];
  for (const r of body.resultList.result.map(obj)) {
    const doi = str(r.doi);
    const publisher = str(obj(r.bookOrReportDetails).publisher);
    if (!doi || (publisher ? publisher.toLowerCase() !== 'biorxiv' : !BIORXIV_DOI.test(doi))) continue;
    if (!dois.includes(doi)) dois.push(doi);
  }
  return dois;
}

async function resolve(bio: ProviderHttp, doi: string): Promise<SourceRecord | null> {
  const [latest] = latestVersions(parseDetailsPage(await bio.getJson(`details/biorxiv/${doi}/na/json`)).entries);
  return latest ? toRecord(latest) : null;
}

export const biorxivAdapter: SourceAdapter = {
  name: 'biorxiv',
  defaultBaseUrl: 'https://www.ebi.ac.uk/europepmc/webservices/rest',
  auxiliaryBaseUrls: { biorxiv: 'https://api.biorxiv.org' },
  minIntervalMs: 500,
  corpusExtension: 'json',

  isConfigured: (disease) => (disease.search.biorxiv?.keywords?.length ?? 0) > 0,

  queryTerms: (disease, question, focus) => [...disease.search.biorxiv!.keywords, ...questionFocus(question, disease, focus).boost_terms],

  async fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]> {
    const keywords = query.disease.search.biorxiv!.keywords;
    const boosts = query.terms.filter((t) => !keywords.includes(t));
    const search = await http.getJson('search', {
      query: europePmcPreprintQuery(keywords, boosts, query.dateFrom, query.dateTo),
      format: 'json',
      resultType: 'core',
      pageSize: Math.max(1, Math.min(query.limit, 100)),
      cursorMark: '*',
    });
    const bio = http.via('biorxiv');
    const records: SourceRecord[] = [];
    for (const doi of europePmcPreprintDois(search).slice(0, Math.min(query.limit, MAX_RESOLVE))) {
      const record = await resolve(bio, doi);
      if (record) records.push(record);
    }
    return records;
  },

  parseCorpus(content, query) {
    return matchingPreprints(parseDetailsPage(parseJson(content)).entries, query.disease);
  },
};
