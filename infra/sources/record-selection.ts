// Which records a source run answers with, and in what order (source-runner.ts): offline records first take
// the question's relevance order (the pipeline passes the BM25 ranking of domain/workspace/question/
// relevance.ts; a provider's live search has already ranked its own), then duplicate nativeIds are dropped,
// the date filter applies (dateFrom/dateTo inclusive on `published`; undated records are kept), and the limit.
import type { SourceRecord } from '../../domain/workspace/sources';
import type { SourceQuery } from './source-adapter';

/** Offline records in the order (and selection) a question-aware search would return them. */
export type OfflineRelevance = (records: SourceRecord[]) => SourceRecord[];

export function rankOffline(records: SourceRecord[], relevance: OfflineRelevance | undefined): SourceRecord[] {
  return relevance ? relevance(records) : records;
}

/** Duplicates dropped, the date filter, the limit, in that order over the records as ranked. */
export function selectRecords(records: SourceRecord[], query: SourceQuery): SourceRecord[] {
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
