// The store mirror's memory of the rows it has read (infra/literature/store-mirror.ts), keyed by snapshot and
// record id: a snapshot's rows never change once it is active (an import writes a new snapshot), so a row read
// once answers every later search of that snapshot as it is. A search then reads from the database only the
// candidates' ids and ranks and the documents it has not read before, and hands out the same record objects
// again, so the offline ranking's term bags (domain/workspace/question/record-terms.ts) are computed once per
// record, not on every search: the searches of a disease read the same few hundred candidates, and a PMC
// record carries up to 20,000 characters of body to fetch, parse and tokenise.
// Least recently used rows are dropped past a budget of characters (the row's text columns and the strings of
// its document: an approximation of the memory a row and its term bag hold, which grow with its text).

/** Characters of text held (≈ 16 MB of strings, and the term bags beside them). */
export const RECORD_CACHE_CHARS = 16_000_000;

export interface CachedRow { record_id: string; title: string; abstract: string; keywords: string; published: string | null; document: unknown }

export class RecordCache {
  private readonly rows = new Map<string, { row: CachedRow; chars: number }>();
  private chars = 0;

  constructor(readonly budgetChars = RECORD_CACHE_CHARS) {}

  private static key(snapshotId: string, recordId: string): string { return `${snapshotId}\u0000${recordId}`; }

  /** The row, now the most recently used; undefined when not held. */
  get(snapshotId: string, recordId: string): CachedRow | undefined {
    const key = RecordCache.key(snapshotId, recordId);
    const entry = this.rows.get(key);
    if (!entry) return undefined;
    this.rows.delete(key);
    this.rows.set(key, entry); // a Map iterates in insertion order: re-inserted = most recent
    return entry.row;
  }

  set(snapshotId: string, row: CachedRow): void {
    const key = RecordCache.key(snapshotId, row.record_id);
    const old = this.rows.get(key);
    if (old) { this.rows.delete(key); this.chars -= old.chars; }
    const chars = rowChars(row);
    if (chars > this.budgetChars) return;
    this.rows.set(key, { row, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.rows) {
      if (this.chars <= this.budgetChars) break;
      this.rows.delete(oldest);
      this.chars -= entry.chars;
    }
  }

  get size(): number { return this.rows.size; }
  get heldChars(): number { return this.chars; }
}

function rowChars(row: CachedRow): number {
  return row.title.length + row.abstract.length + row.keywords.length + textChars(row.document);
}

/** Characters of the strings in a parsed JSON document (a record's full text, a label's sections). */
function textChars(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + textChars(v), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((sum: number, v) => sum + textChars(v), 0);
  return 0;
}
