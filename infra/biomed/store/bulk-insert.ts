// Bulk loading of a snapshot's rows inside the import transaction, in batches, with one batch in the
// database while the parser fills the next:
// - node-postgres: COPY <table> FROM STDIN per batch (copy-from.ts), the fastest way in;
// - other drivers (embedded PGlite): one INSERT ... SELECT FROM unnest(<one array parameter per
//   column>) per batch: one round trip, a handful of parameters, identical SQL each time.
import type { Knex } from 'knex';
import { copyCapableClient, copyField, copyFrom } from './copy-from';

export type ColumnType = 'text' | 'integer' | 'smallint' | 'boolean' | 'jsonb';

export interface Column { name: string; type: ColumnType }

function literalElement(value: unknown, type: ColumnType): string {
  if (value === null || value === undefined) return 'NULL';
  if (type === 'integer' || type === 'smallint') return String(value);
  if (type === 'boolean') return value ? 't' : 'f';
  const text = type === 'jsonb' ? JSON.stringify(value) : String(value);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A PostgreSQL array literal ({...}) of the values. */
export function arrayLiteral(values: readonly unknown[], type: ColumnType): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    out += literalElement(values[i], type);
  }
  return `${out}}`;
}

type Encoder = (value: unknown) => string;

/** COPY text-format encoder of one column type (chosen once per column, not per value). */
function copyEncoder(type: ColumnType): Encoder {
  switch (type) {
    case 'integer': case 'smallint': return (v) => (v === null || v === undefined ? '\\N' : String(v));
    case 'boolean': return (v) => (v === null || v === undefined ? '\\N' : v ? 't' : 'f');
    case 'jsonb': return (v) => (v === null || v === undefined ? '\\N' : copyField(JSON.stringify(v)));
    case 'text': return (v) => (v === null || v === undefined ? '\\N' : copyField(v as string));
  }
}

/**
 * The import transaction's one connection takes one statement at a time: writers queue their batches
 * here, so exactly one is executing while the parser goes on filling the next.
 */
export class StatementQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private queued = 0;

  private constructor(readonly trx: Knex.Transaction, readonly copyClient: Awaited<ReturnType<typeof copyCapableClient>>, private readonly maxQueued = 2) {}

  static async open(trx: Knex.Transaction): Promise<StatementQueue> {
    return new StatementQueue(trx, await copyCapableClient(trx));
  }

  /** Queues the work; waits first when maxQueued statements are already waiting or running. */
  async push(work: () => Promise<unknown>, onDone: () => void): Promise<void> {
    if (this.queued >= this.maxQueued) await this.tail;
    this.queued++;
    const run = this.tail.then(work).then(onDone).finally(() => { this.queued--; });
    run.catch(() => undefined); // observed by the next push() or drain(); never an unhandled rejection
    this.tail = run;
  }

  /** Waits for every queued statement; rethrows the first failure. */
  async drain(): Promise<void> {
    await this.tail;
  }
}

export class BulkInserter {
  // COPY: each row is encoded to its text line as it arrives (no row arrays kept); unnest: row arrays.
  private lines: string[] = [];
  private rows: unknown[][] = [];
  private readonly encoders: Encoder[] | null;
  private readonly sql: string;
  private readonly names: string[];
  /** Rows the database has accepted so far. */
  written = 0;

  constructor(
    private readonly queue: StatementQueue,
    private readonly table: string,
    private readonly columns: readonly Column[],
    private readonly batchSize = queue.copyClient ? 20_000 : 5000,
  ) {
    this.names = columns.map((c) => c.name);
    this.encoders = queue.copyClient ? columns.map((c) => copyEncoder(c.type)) : null;
    const arrays = columns.map((c) => `?::${c.type}[]`).join(', ');
    this.sql = `insert into ${table} (${this.names.join(', ')}) select * from unnest(${arrays})`;
  }

  /** Adds one row (values in column order). Returns a promise only when a full batch had to be queued. */
  add(row: unknown[]): Promise<void> | undefined {
    const encoders = this.encoders;
    if (encoders) {
      let line = encoders[0]!(row[0]);
      for (let i = 1; i < encoders.length; i++) line += '\t' + encoders[i]!(row[i]);
      return this.lines.push(line) >= this.batchSize ? this.send() : undefined;
    }
    return this.rows.push(row) >= this.batchSize ? this.send() : undefined;
  }

  /** COPY mode only: adds a row already encoded as one COPY text line (the hot paths skip the row array). */
  addLine(line: string): Promise<void> | undefined {
    return this.lines.push(line) >= this.batchSize ? this.send() : undefined;
  }

  /** Queues what is buffered (StatementQueue.drain() waits for it). */
  async flush(): Promise<void> {
    if (this.lines.length > 0 || this.rows.length > 0) await this.send();
  }

  private send(): Promise<void> {
    const client = this.queue.copyClient;
    if (client) {
      const count = this.lines.length;
      const data = Buffer.from(this.lines.join('\n') + '\n', 'utf8');
      this.lines = [];
      return this.queue.push(() => copyFrom(client, this.table, this.names, data), () => { this.written += count; });
    }
    const rows = this.rows;
    this.rows = [];
    const bindings = this.columns.map((c, i) => arrayLiteral(rows.map((r) => r[i]), c.type));
    return this.queue.push(() => this.queue.trx.raw(this.sql, bindings), () => { this.written += rows.length; });
  }
}
