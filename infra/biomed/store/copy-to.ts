// COPY (<query>) TO STDOUT for node-postgres without pg-copy-streams: a minimal "submittable" that node-pg
// runs like a query. The server sends one CopyData message per row (text format); each is handed to `onRow`
// while it is still in node-pg's receive buffer (valid only during the call: decode it there and then).
// No result objects, no per-field type parsing: the cheapest way to stream a million rows out.
// Only for a pg.Client connection (not PGlite: the caller falls back to an ordinary query there).
import type { Knex } from 'knex';

interface PgClientLike { query(submittable: unknown): unknown; connection?: { sendCopyFromChunk?: unknown } }

export interface Pausable { pause(): void; resume(): void }

export class CopyToStdout {
  private error: Error | null = null;
  private stream: Pausable | undefined;
  private rows = 0;
  private paused = false;
  constructor(private readonly text: string, private readonly onRow: (row: Buffer) => void, private readonly settle: (error: Error | null) => void,
    private readonly rowsPerTurn: number) {}

  submit(connection: { query(text: string): void; stream?: Pausable }): void {
    this.stream = connection.stream;
    connection.query(this.text);
  }
  handleCopyData(msg: { chunk: Buffer }): void {
    if (this.error) return;
    try {
      this.onRow(msg.chunk);
    } catch (error) {
      this.error = error instanceof Error ? error : new Error(String(error)); // reported once the server is done
    }
    if (++this.rows >= this.rowsPerTurn) this.giveTurn();
  }
  /** Stops reading the socket until the event loop has had a turn (the rows already received are still handed over). */
  private giveTurn(): void {
    this.rows = 0;
    const stream = this.stream;
    if (!stream || this.paused) return;
    this.paused = true;
    stream.pause();
    setImmediate(() => {
      this.paused = false;
      stream.resume();
    });
  }
  // node-pg drops a query the server refused (no ReadyForQuery reaches it): settle on the error itself.
  handleError(error: Error): void { this.settle(error); }
  handleReadyForQuery(): void { this.settle(this.error); }
  // A COPY TO answers none of these with anything to keep; node-pg may still call them.
  handleCommandComplete(): void {}
  handleCopyInResponse(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
}

/**
 * Runs `copy (<query>) to stdout` on a pooled node-postgres connection, calling onRow with each row's bytes.
 * Returns false (running nothing) when the database handle is not node-postgres (PGlite): use a query there.
 * `query` takes no parameters (COPY accepts none): quote values with sqlLiteral. `rowsPerTurn`: after that many
 * rows the socket is paused until the event loop's next turn, so a load in the background of a serving process
 * never holds the loop for more than about one socket read (default: never paused).
 */
export async function copyOut(db: Knex, query: string, onRow: (row: Buffer) => void, rowsPerTurn = Infinity): Promise<boolean> {
  const connection = (await db.client.acquireConnection()) as PgClientLike;
  try {
    if (typeof connection?.query !== 'function' || typeof connection.connection?.sendCopyFromChunk !== 'function') return false;
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      connection.query(new CopyToStdout(`copy (${query}) to stdout`, onRow, (error) => {
        if (settled) return;
        settled = true;
        if (error) reject(error); else resolve();
      }, rowsPerTurn));
    });
    return true;
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** A SQL string literal ('…', quotes doubled) for a statement that cannot take parameters. */
export function sqlLiteral(text: string): string {
  if (text.includes('\0')) throw new Error('a SQL literal cannot contain NUL');
  return `'${text.replace(/'/g, "''")}'`;
}

/** A COPY text-format field back to its text (\\, \t, \n, \r, and the other backslash escapes COPY writes). */
export function copyUnescape(field: string): string {
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c === 'b' ? '\b' : c === 'f' ? '\f' : c === 'v' ? '\v' : c));
}
