// COPY ... FROM STDIN for node-postgres without pg-copy-streams: a minimal "submittable" that node-pg
// runs like a query. When the server answers CopyInResponse it sends the prepared chunks and ends the
// copy; the promise settles on ReadyForQuery. Only for a pg.Client connection (not PGlite).
import type { Knex } from 'knex';

interface PgWire {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

interface PgClientLike {
  query(submittable: unknown): unknown;
  connection?: Partial<PgWire>;
}

class CopyFromStdin {
  private error: Error | null = null;
  rowCount = 0;
  constructor(private readonly text: string, private readonly data: Buffer, private readonly settle: (error: Error | null) => void) {}

  submit(connection: PgWire): void { connection.query(this.text); }
  handleCopyInResponse(connection: PgWire): void {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }
  handleCommandComplete(msg: { text?: string }): void {
    const match = /COPY (\d+)/.exec(msg.text ?? '');
    if (match) this.rowCount = Number(match[1]);
  }
  // node-pg drops a query the server refused before its ReadyForQuery (handleReadyForQuery is never called
  // then): settle on the error itself, or a refused COPY would leave its import waiting for ever.
  handleError(error: Error): void {
    this.error = error;
    this.settle(error);
  }
  handleReadyForQuery(): void { this.settle(this.error); }
  // A COPY FROM answers none of these; node-pg may still call them.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/** The transaction's pg.Client when it can COPY (node-postgres); undefined otherwise (PGlite). */
export async function copyCapableClient(trx: Knex.Transaction): Promise<PgClientLike | undefined> {
  const connection = (await trx.client.acquireConnection()) as PgClientLike;
  const wire = connection?.connection;
  return typeof connection?.query === 'function' && typeof wire?.sendCopyFromChunk === 'function' && typeof wire.endCopyFrom === 'function'
    ? connection : undefined;
}

/** Runs one COPY <table> (<columns>) FROM STDIN with the given text-format data. */
export function copyFrom(client: PgClientLike, table: string, columns: readonly string[], data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const query = new CopyFromStdin(`copy ${table} (${columns.join(', ')}) from stdin`, data, (error) => {
      if (settled) return;
      settled = true;
      if (error) reject(error); else resolve();
    });
    client.query(query);
  });
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** One field in COPY text format: \N for NULL; backslash, tab, newline and CR escaped. */
export function copyField(text: string | null): string {
  if (text === null) return '\\N';
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}
