// Small pieces the sider, bgee and surfaceome importers share: counting malformed rows that a parser
// skipped (a few named in the warnings, then one total), and term rows for vocabularies that are not
// conditions (empty search text, no synonyms or xrefs).
import type { SkipHandler } from '../parsers/line-reader';
import type { Column } from '../store/bulk-insert';

export const PLAIN_TERM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'label', type: 'text' },
  { name: 'kind', type: 'text' }, { name: 'definition', type: 'text' }, { name: 'synonyms', type: 'jsonb' },
  { name: 'xrefs', type: 'jsonb' }, { name: 'replaced_by', type: 'jsonb' }, { name: 'obsolete', type: 'boolean' },
  { name: 'search_text', type: 'text' }, { name: 'source_line', type: 'integer' },
];

/** A term row (PLAIN_TERM_COLUMNS order) that conditions search never returns: empty search text. */
export function plainTermRow(snapshotId: string, curie: string, label: string, kind: string, line: number, definition: string | null = null): unknown[] {
  return [snapshotId, curie, label, kind, definition, [], [], null, false, '', line];
}

/** Counts the rows a parser skipped; names the first few in warnings and the total once at the end. */
export class RowSkips {
  count = 0;
  constructor(private readonly file: string, private readonly warn: (message: string) => void, private readonly named = 5) {}

  readonly handler: SkipHandler = (line, reason) => {
    this.count++;
    if (this.count <= this.named) this.warn(`${this.file} line ${line}: ${reason}; row skipped`);
  };

  /** Warns the total when more rows were skipped than were named. */
  summarize(): void {
    if (this.count > this.named) this.warn(`${this.file}: ${this.count} malformed row(s) skipped in all (the first ${this.named} are named above)`);
  }
}
