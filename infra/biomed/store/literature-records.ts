// Writer of biomed.literature_records (the pubmed, pmc, clinical_trials, openfda_labels and faers
// snapshots). The table is partitioned by snapshot (migration 20261127001000); an import:
// 1. creates its snapshot's table, shaped like the parent (generated tsvector included) with its primary key
//    and no full-text index, detached, so nothing else sees it and the parent is not locked while loading;
// 2. loads it in batches of INSERT ... SELECT FROM unnest(...) ON CONFLICT DO UPDATE through the import's
//    statement queue, so a later file's version of a record replaces an earlier one (MEDLINE update files
//    revise citations), and deletions (an update file's DeleteCitation) remove a record of an earlier file;
// 3. builds the GIN index (tsvector and publication month) and the b-tree on published over the loaded
//    rows in one pass (a bulk build, which PostgreSQL's documentation recommends over row-by-row
//    maintenance for a bulk load, and leaves no pending list for searches to scan; the split of the gain
//    was not measured on its own) and attaches the table as the snapshot's partition: the parent's
//    partitioned indexes take the partition's indexes as their own.
// All in the import transaction: a failed import leaves no table behind. The full-text vector is computed by
// the database (a generated column), never by this code.
import { createHash } from 'node:crypto';
import { arrayLiteral, StatementQueue } from './bulk-insert';

export const LITERATURE_RECORDS = 'biomed.literature_records';

/** The snapshot's partition (as migration 20261127001000 names those it made): md5 keeps it a short, safe identifier. */
export function literaturePartition(snapshotId: string): string {
  return `biomed.literature_records_${createHash('md5').update(snapshotId).digest('hex').slice(0, 20)}`;
}

/**
 * The month a record was published ('YYYY-MM', from the ISO date the parsers write) or 'undated': the GIN
 * index's second column (migration 20261207000000), so a search bounds its candidates to months inside the
 * index (infra/literature/store-mirror.ts). The same expression as the migration's, or attaching would rebuild.
 */
export const PUBLISHED_MONTH = "array[coalesce(left(published, 7), 'undated')]";

/** Rows above which the index build gets more memory than PostgreSQL's default 64 MB (a 1 M-abstract baseline). */
const LARGE_SNAPSHOT_ROWS = 100_000;

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

const upsertSql = (table: string) => `insert into ${table} (snapshot_id, record_id, title, abstract, keywords, published, document, source_file, source_line)
  select ?::text, r.* from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::text[], ?::integer[])
    as r(record_id, title, abstract, keywords, published, document, source_file, source_line)
  on conflict (snapshot_id, record_id) do update set title = excluded.title, abstract = excluded.abstract, keywords = excluded.keywords,
    published = excluded.published, document = excluded.document, source_file = excluded.source_file, source_line = excluded.source_line`;

const deleteSql = (table: string) => `delete from ${table} where snapshot_id = ?::text and record_id = any(?::text[]) and source_file <> ?::text`;

/** A string literal for DDL (which takes no bind parameters). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** PostgreSQL text cannot hold NUL; a provider file that carries one keeps the rest of its text. */
const clean = (text: string) => (text.includes('\u0000') ? text.replace(/\u0000/g, '') : text);

export class LiteratureWriter {
  /** One batch, keyed by record id: a record met twice in a batch keeps its last version (ON CONFLICT may touch a row once per statement). */
  private batch = new Map<string, LiteratureRow>();
  /** Rows sent (a replaced version counts each time it was sent). */
  sent = 0;
  /** Deletions asked for (ids of an update file's DeleteCitation blocks). */
  deletionsRequested = 0;

  private readonly table: string;
  private created = false;

  constructor(private readonly queue: StatementQueue, private readonly snapshotId: string, private readonly batchSize = 1000) {
    this.table = literaturePartition(snapshotId);
  }

  /** Queues the creation of the snapshot's (detached) table before its first statement. */
  private async create(): Promise<void> {
    if (this.created) return;
    this.created = true;
    const name = this.table.slice('biomed.'.length);
    const trx = this.queue.trx;
    await this.queue.push(async () => {
      await trx.raw(`create table ${this.table} (like ${LITERATURE_RECORDS} including defaults including generated)`);
      await trx.raw(`alter table ${this.table} add constraint ${name}_pkey primary key (snapshot_id, record_id),
        add constraint ${name}_snapshot check (snapshot_id = ${literal(this.snapshotId)})`);
    }, () => undefined);
  }

  add(row: LiteratureRow): Promise<void> | undefined {
    this.batch.delete(row.recordId);
    this.batch.set(row.recordId, row);
    return this.batch.size >= this.batchSize ? this.send() : undefined;
  }

  /** Removes records of earlier files of this snapshot (the current file's own rows are kept). */
  async delete(ids: readonly string[], currentFile: string): Promise<void> {
    if (ids.length === 0) return;
    await this.send();
    await this.create();
    this.deletionsRequested += ids.length;
    await this.queue.push(() => this.queue.trx.raw(deleteSql(this.table), [this.snapshotId, arrayLiteral(ids, 'text'), currentFile]), () => undefined);
  }

  private async send(): Promise<void> {
    const rows = [...this.batch.values()];
    this.batch = new Map();
    if (rows.length === 0) return;
    await this.create();
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
    await this.queue.push(() => this.queue.trx.raw(upsertSql(this.table), bindings), () => { this.sent += rows.length; });
  }

  /** Sends the last batch, indexes and attaches the snapshot's table; returns the records the snapshot holds. */
  async finish(): Promise<number> {
    await this.send();
    await this.create();
    await this.queue.drain();
    const trx = this.queue.trx;
    const { rows } = await trx.raw(`select count(*)::int as n from ${this.table}`) as { rows: { n: number }[] };
    const count = rows[0]!.n;
    if (count > LARGE_SNAPSHOT_ROWS) await trx.raw("set local maintenance_work_mem = '512MB'");
    const name = this.table.slice('biomed.'.length);
    await trx.raw(`create index ${name}_search on ${this.table} using gin (search, (${PUBLISHED_MONTH}))`);
    await trx.raw(`create index ${name}_published on ${this.table} (published)`);
    // the check constraint proves the partition bound, so attaching reads no rows
    await trx.raw(`alter table ${LITERATURE_RECORDS} attach partition ${this.table} for values in (${literal(this.snapshotId)})`);
    return count;
  }
}
