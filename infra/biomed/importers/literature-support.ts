// What the literature importers (pubmed, pmc, clinical_trials, openfda_labels, faers) share: an evidence
// record as a row of biomed.literature_records, and the outcome they report.
import type { SourceRecord } from '../../../domain/workspace/sources';
import type { LiteratureRow } from '../store/literature-records';
import type { ImportOutcome } from './importer';

/** The row of an evidence record: title (weight A), abstract or summary (B), MeSH and extra terms (C). */
export function recordRow(record: SourceRecord, file: string, line: number, keywords: readonly string[] = []): LiteratureRow {
  return {
    recordId: record.nativeId,
    title: record.title,
    abstract: record.fullText ?? record.text,
    keywords: [...(record.attributes.meshTerms ?? []), ...keywords].join('; '),
    published: record.published,
    document: record,
    file,
    line,
  };
}

export function literatureOutcome(records: number, counts: Record<string, number>, files: Record<string, unknown>[], version: string | null = null): ImportOutcome {
  return { version, counts: { records, ...counts }, details: { files } };
}
