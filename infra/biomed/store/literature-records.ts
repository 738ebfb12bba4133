// Writer of biomed.literature_records (the pubmed, pmc, clinical_trials, openfda_labels and faers
// snapshots): batched INSERT ... SELECT FROM unnest(...) ON CONFLICT DO UPDATE through the import's statement
// queue, so a later file's version of a record replaces an earlier one (MEDLINE update files revise
// citations), and deletions (an update file's DeleteCitation) remove a record of an earlier file. The
// full-text vector is computed by the database (a generated column), never by this code.
import { arrayLiteral, StatementQueue } from './bulk-insert';

export const LITERATURE_RECORDS = 'biomed.literature_records';

export interface LiteratureRow {
  recordId: string;
  title: string;
  /** The text ranked after the title: abstract, brief summary, indications, reactions. */
  abstract: string;
  /** Index terms ranked after the abstract: MeSH headings, conditions, keywords, drug names. */
  keywords: string;
  published: string | null;
  /** What the mirror serves: the evidence record, or the provider's own record (labels, FAERS reports). */
  document: unknown;
  file: string;
  line: number;
}

const UPSERT_SQL = `insert into ${LITERATURE_RECORDS} (snapshot_id, record_id, title, abstract, keywords, published, document, source_file, source_line)
  select ?::text, r.* from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::text[], ?::integer[])
    as r(record_id, title, abstract, keywords, published, document, source_file, source_line)
  on conflict (snapshot_id, record_id) do update set title = excluded.title, abstract = excluded.abstract, keywords = excluded.keywords,
    published = excluded.published, document = excluded.document, source_file = excluded.source_file, source_line = excluded.source_line`;

const DELETE_SQL = `delete from ${LITERATURE_RECORDS} where snapshot_id = ?::text and record_id = any(?::text[]) and source_file <> ?::text`;

/** PostgreSQL text cannot hold NUL; a provider file that carries one keeps the rest of its text. */
const clean = (text: string) => (text.includes('\u0000') ? text.replace(/\u0000/g, '') : text);

export class LiteratureWriter {
  /** One batch, keyed by record id: a record met twice in a batch keeps its last version (ON CONFLICT may touch a row once per statement). */
  private batch = new Map<string, LiteratureRow>();
  /** Rows sent (a replaced version counts each time it was sent). */
  sent = 0;
  /** Deletions asked for (ids of an update file's DeleteCitation blocks). */
  deletionsRequested = 0;

  constructor(private readonly queue: StatementQueue, private readonly snapshotId: string, private readonly batchSize = 1000) {}

  add(row: LiteratureRow): Promise<void> | undefined {
    this.batch.delete(row.recordId);
    this.batch.set(row.recordId, row);
    return this.batch.size >= this.batchSize ? this.send() : undefined;
  }

  /** Removes records of earlier files of this snapshot (the current file's own rows are kept). */
  async delete(ids: readonly string[], currentFile: string): Promise<void> {
    if (ids.length === 0) return;
    await this.send();
    this.deletionsRequested += ids.length;
    await this.queue.push(() => this.queue.trx.raw(DELETE_SQL, [this.snapshotId, arrayLiteral(ids, 'text'), currentFile]), () => undefined);
  }

  private send(): Promise<void> {
    const rows = [...this.batch.values()];
    this.batch = new Map();
    if (rows.length === 0) return Promise.resolve();
    const bindings = [
      this.snapshotId,
      arrayLiteral(rows.map((r) => r.recordId), 'text'),
      arrayLiteral(rows.map((r) => clean(r.title)), 'text'),
      arrayLiteral(rows.map((r) => clean(r.abstract)), 'text'),
      arrayLiteral(rows.map((r) => clean(r.keywords)), 'text'),
      arrayLiteral(rows.map((r) => r.published), 'text'),
      arrayLiteral(rows.map((r) => JSON.stringify(r.document).replace(/\\u0000/g, '')), 'text'),
      arrayLiteral(rows.map((r) => r.file), 'text'),
      arrayLiteral(rows.map((r) => r.line), 'integer'),
    ];
    return this.queue.push(() => this.queue.trx.raw(UPSERT_SQL, bindings), () => { this.sent += rows.length; });
  }

  /** Sends the last batch and waits for every statement; returns the records the snapshot now holds. */
  async finish(): Promise<number> {
    await this.send();
    await this.queue.drain();
    const { rows } = await this.queue.trx.raw(`select count(*)::int as n from ${LITERATURE_RECORDS} where snapshot_id = ?`, [this.snapshotId]) as { rows: { n: number }[] };
    return rows[0]!.n;
  }
}
