// openFDA FAERS report counts through the source framework (runSource: allow-listed host, rate limit,
// retries, response cache), for disproportionality. openFDA's count API answers
// { meta, results: [{ term, count }] } (https://open.fda.gov/apis/query-syntax/ "count"), and a search's
// meta.results.total is the number of matching reports. Four kinds of request:
//   drug/event.json?limit=1                                               -> all reports (meta.results.total)
//   drug/event.json?count=patient.reaction.reactionmeddrapt.exact&limit=1000 -> reports per event (top 1000)
//   drug/event.json?search=<drug>&limit=1                                  -> reports naming the drug
//   drug/event.json?search=<drug>&count=patient.reaction.reactionmeddrapt.exact&limit=N -> its events
// openFDA answers 404 when a search matches nothing: zero reports.
// Offline (and when the provider fails in auto mode) the counts come from the biomedical store's active
// `faers` snapshot, computed from its stored reports with the same count semantics
// (infra/literature/faers-store.ts, which documents the method); with no faers snapshot active they are
// "not available", never made up and never read as "no reports".
import type { Knex } from 'knex';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceMode } from '../../../infra/sources/source-runner';
import { activeFaersSnapshot, faersCountsFromStore } from '../../../infra/literature/faers-store';
import { ProviderError, type ProviderHttp, type SourceAdapter } from '../../../infra/sources/source-adapter';
import { arr, isObject, malformed, num, str } from '../../../infra/sources/response-fields';
import type { AnalysisDeps } from '../analysis-module';

export const REACTION_FIELD = 'patient.reaction.reactionmeddrapt.exact';
export interface DrugEventCounts { reports: number; events: { term: string; count: number }[] }
export interface FaersCounts { total: number; eventTotals: Map<string, number>; drugs: Map<string, DrugEventCounts> }
/** retrieval_mode 'mirror': counted from the store's faers snapshot `snapshot_id` (absent for live/cache answers). */
export type FaersOutcome = { kind: 'ok'; counts: FaersCounts; retrieval_mode: string | null; snapshot_id?: string } | { kind: 'not_available'; reason: string };

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

/** What FAERS is asked through: the bound source runner, and the store and mode for the mirror's faers snapshot. */
export type FaersDeps = Pick<AnalysisDeps, 'sources'> & { db?: Knex; sourceMode?: SourceMode };

async function fromMirror(deps: FaersDeps, names: readonly string[], maxEvents: number, why: string): Promise<FaersOutcome> {
  const snapshotId = deps.db ? await activeFaersSnapshot(deps.db) : undefined;
  if (!snapshotId) return { kind: 'not_available', reason: `openFDA FAERS counts not available: ${why}, and no faers snapshot is active in the local mirror (import the faers resource)` };
  return { kind: 'ok', counts: await faersCountsFromStore(deps.db!, snapshotId, names, maxEvents), retrieval_mode: 'mirror', snapshot_id: snapshotId };
}

export async function faersCounts(deps: FaersDeps, disease: DiseaseModule, names: readonly string[], maxEvents: number): Promise<FaersOutcome> {
  if (deps.sourceMode === 'offline') return fromMirror(deps, names, maxEvents, 'offline mode');
  if (!deps.sources) return { kind: 'not_available', reason: 'openFDA FAERS counts not available: no evidence-source runner is wired' };
  const sink: { counts?: FaersCounts } = {};
  const run = await deps.sources(countsAdapter(names, maxEvents, sink), { disease, question: 'adverse event reports', dateFrom: null, dateTo: null, limit: 1 });
  if (sink.counts && run.status.status !== 'error') return { kind: 'ok', counts: sink.counts, retrieval_mode: run.status.retrieval_mode };
  const why = `openFDA did not answer (${run.status.warning ?? 'no answer'})`;
  if (deps.sourceMode === 'auto') return fromMirror(deps, names, maxEvents, why);
  return { kind: 'not_available', reason: `openFDA FAERS counts not available: ${run.status.warning ?? 'no answer'}` };
}
