// openFDA FAERS report counts through the source framework (runSource: allow-listed host, rate limit,
// retries, response cache), for disproportionality. openFDA's count API answers
// { meta, results: [{ term, count }] } (https://open.fda.gov/apis/query-syntax/ "count"), and a search's
// meta.results.total is the number of matching reports. Four kinds of request:
//   drug/event.json?limit=1                                               -> all reports (meta.results.total)
//   drug/event.json?count=patient.reaction.reactionmeddrapt.exact&limit=1000 -> reports per event (top 1000)
//   drug/event.json?search=<drug>&limit=1                                  -> reports naming the drug
//   drug/event.json?search=<drug>&count=patient.reaction.reactionmeddrapt.exact&limit=N -> its events
// openFDA answers 404 when a search matches nothing: zero reports. There is no offline FAERS corpus: offline
// (or when the provider fails in auto mode) the counts are not available, never made up.
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import { ProviderError, type ProviderHttp, type SourceAdapter } from '../../../infra/sources/source-adapter';
import { arr, isObject, malformed, num, str } from '../../../infra/sources/response-fields';
import type { AnalysisDeps } from '../analysis-module';

export const REACTION_FIELD = 'patient.reaction.reactionmeddrapt.exact';
export interface DrugEventCounts { reports: number; events: { term: string; count: number }[] }
export interface FaersCounts { total: number; eventTotals: Map<string, number>; drugs: Map<string, DrugEventCounts> }
export type FaersOutcome = { kind: 'ok'; counts: FaersCounts; retrieval_mode: string | null } | { kind: 'not_available'; reason: string };

export const drugSearch = (name: string) => `patient.drug.openfda.generic_name:"${name.replace(/["\\]/g, '').toUpperCase()}"`;

function total(body: unknown): number {
  const value = isObject(body) && isObject(body.meta) && isObject(body.meta.results) ? num(body.meta.results.total) : undefined;
  if (value === undefined) throw malformed('expected meta.results.total');
  return value;
}

export function countResults(body: unknown): { term: string; count: number }[] {
  if (!isObject(body) || !Array.isArray(body.results)) throw malformed('expected { results: [{ term, count }] }');
  return arr(body.results).flatMap((r) => {
    const term = isObject(r) ? str(r.term) : undefined;
    const count = isObject(r) ? num(r.count) : undefined;
    return term !== undefined && count !== undefined ? [{ term, count }] : [];
  });
}

/** A search with no match is openFDA's 404: no reports. */
async function orEmpty(request: Promise<unknown>): Promise<unknown | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return null;
    throw error;
  }
}

async function drugCounts(http: ProviderHttp, name: string, maxEvents: number): Promise<DrugEventCounts> {
  const search = drugSearch(name);
  const head = await orEmpty(http.getJson('drug/event.json', { search, limit: 1 }));
  if (head === null) return { reports: 0, events: [] };
  const events = await orEmpty(http.getJson('drug/event.json', { search, count: REACTION_FIELD, limit: maxEvents }));
  return { reports: total(head), events: events === null ? [] : countResults(events) };
}

function countsAdapter(names: readonly string[], maxEvents: number, sink: { counts?: FaersCounts }): SourceAdapter {
  return {
    name: 'fda_labels', defaultBaseUrl: 'https://api.fda.gov', minIntervalMs: 250, corpusExtension: 'json',
    isConfigured: () => true,
    queryTerms: () => names.map(drugSearch),
    async fetch(_query, http) {
      const all = total(await http.getJson('drug/event.json', { limit: 1 }));
      const eventTotals = new Map(countResults(await http.getJson('drug/event.json', { count: REACTION_FIELD, limit: 1000 })).map((r) => [r.term, r.count]));
      const drugs = new Map<string, DrugEventCounts>();
      for (const name of names) drugs.set(name, await drugCounts(http, name, maxEvents));
      sink.counts = { total: all, eventTotals, drugs };
      return [];
    },
    parseCorpus() {
      throw new ProviderError('openFDA FAERS counts are live-only: the offline corpus has no adverse-event reports', false);
    },
  };
}

export async function faersCounts(deps: AnalysisDeps, disease: DiseaseModule, names: readonly string[], maxEvents: number): Promise<FaersOutcome> {
  if (!deps.sources) return { kind: 'not_available', reason: 'openFDA FAERS counts not available: no evidence-source runner is wired' };
  const sink: { counts?: FaersCounts } = {};
  const run = await deps.sources(countsAdapter(names, maxEvents, sink), { disease, question: 'adverse event reports', dateFrom: null, dateTo: null, limit: 1 });
  if (sink.counts && run.status.status !== 'error') return { kind: 'ok', counts: sink.counts, retrieval_mode: run.status.retrieval_mode };
  return { kind: 'not_available', reason: `openFDA FAERS counts not available: ${run.status.warning ?? 'no answer'}` };
}
