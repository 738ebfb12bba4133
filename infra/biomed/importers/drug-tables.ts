// What the drugbank, drugcentral and bindingdb importers share: the column lists of the term and term
// attribute rows they write with their own BulkInserters (drug terms are not the disease/phenotype terms
// SnapshotWriters.term writes), the count-and-warn handling of the rows their parsers leave out, and the
// evidence reference of a row with PubMed ids.
import type { SkipRow } from '../parsers/tsv';
import type { Column } from '../store/bulk-insert';
import type { ImportContext } from './importer';

export const DRUG_TERM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'label', type: 'text' },
  { name: 'kind', type: 'text' }, { name: 'definition', type: 'text' }, { name: 'synonyms', type: 'jsonb' },
  { name: 'xrefs', type: 'jsonb' }, { name: 'replaced_by', type: 'jsonb' }, { name: 'obsolete', type: 'boolean' },
  { name: 'search_text', type: 'text' }, { name: 'source_line', type: 'integer' },
];
export const TERM_ATTRIBUTE_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'attribute_no', type: 'integer' }, { name: 'name', type: 'text' },
  { name: 'value', type: 'text' }, { name: 'source_file', type: 'text' }, { name: 'source_line', type: 'integer' },
];

/** Rows warned about one by one before the rest are only counted (the import report keeps 50 warnings). */
const WARN_EACH = 20;

/** A SkipRow that counts the rows a parser leaves out and warns about the first few, naming file and line. */
export function skippedRows(context: Pick<ImportContext, 'warn'>, file: string): { skip: SkipRow; count(): number; finish(): void } {
  let n = 0;
  return {
    skip(line, reason) {
      n++;
      if (n <= WARN_EACH) context.warn(`${file} line ${line}: ${reason}; row skipped`);
    },
    count: () => n,
    finish() {
      if (n > WARN_EACH) context.warn(`${file}: ${n} malformed row(s) skipped in all (the first ${WARN_EACH} are listed above)`);
    },
  };
}

/** The evidence reference of a row: its first PubMed id as PMID:<n> (all of them stay in the qualifiers). */
export const pmidReference = (pubmedIds: readonly string[]): string | null => (pubmedIds.length > 0 ? `PMID:${pubmedIds[0]}` : null);

export const increment = (histogram: Record<string, number>, key: string) => { histogram[key] = (histogram[key] ?? 0) + 1; };
