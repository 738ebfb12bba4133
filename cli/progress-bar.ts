// Import progress for the CLI. On a terminal: one line redrawn in place with \r (file, a bar of bytes
// read against the file size when the importer reports bytes, rows, rows/s, elapsed). Not a terminal
// (pipes, CI logs, tests): a plain line per phase and about one per `plainEvery` rows, so logs stay
// readable and never fill with carriage returns.

/** What the bar writes to: process.stderr, or a fake in tests. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(chunk: string): unknown;
}

export interface ProgressUpdate {
  phase: string;
  file?: string;
  rows?: number;
  /** Bytes of `file` read so far, when the importer knows it. */
  bytes?: number;
}

export interface ProgressBarOptions {
  /** Sizes of the input files by base name (the importers report base names). */
  fileSizes?: ReadonlyMap<string, number>;
  /** Non-TTY: print at most one line per this many rows of a file (default 50,000). */
  plainEvery?: number;
  /** TTY: redraw at most this often, except on a change of phase or file (default 100 ms). */
  redrawMs?: number;
  now?: () => number;
}

const BAR_WIDTH = 20;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${(n / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

export class ProgressBar {
  private readonly tty: boolean;
  private readonly plainEvery: number;
  private readonly redrawMs: number;
  private readonly now: () => number;
  private readonly started: number;
  /** Where the rate of the current file is measured from: its first report (time and rows). */
  private fileStarted: number;
  private fileStartRows = 0;
  private lastKey = '';
  private lastDraw = Number.NEGATIVE_INFINITY;
  private lastPrintedRows = 0;
  private drawn = false;

  constructor(private readonly stream: ProgressStream, private readonly options: ProgressBarOptions = {}) {
    this.tty = stream.isTTY === true;
    this.plainEvery = options.plainEvery ?? 50_000;
    this.redrawMs = options.redrawMs ?? 100;
    this.now = options.now ?? Date.now;
    this.started = this.now();
    this.fileStarted = this.started;
  }

  update(p: ProgressUpdate): void {
    const at = this.now();
    const key = `${p.phase}\u0000${p.file ?? ''}`;
    const changed = key !== this.lastKey;
    if (changed) { this.lastKey = key; this.fileStarted = at; this.fileStartRows = p.rows ?? 0; this.lastPrintedRows = 0; }
    if (this.tty) {
      if (!changed && at - this.lastDraw < this.redrawMs) return;
      this.lastDraw = at;
      this.stream.write(`\r${this.fit(this.frame(p, at))}\x1b[K`);
      this.drawn = true;
      return;
    }
    if (changed || p.rows === undefined || p.rows - this.lastPrintedRows >= this.plainEvery) {
      this.lastPrintedRows = p.rows ?? 0;
      this.stream.write(`${this.plainLine(p, at)}\n`);
    }
  }

  /** Ends the redrawn line so what follows starts on a fresh one. */
  done(): void {
    if (this.tty && this.drawn) this.stream.write('\n');
    this.drawn = false;
  }

  /** The TTY line (before fitting to the terminal width). */
  frame(p: ProgressUpdate, at = this.now()): string {
    const parts = [p.file ? `${p.phase} ${p.file}` : `${p.phase}...`];
    const size = p.file ? this.options.fileSizes?.get(p.file) : undefined;
    if (p.bytes !== undefined && size !== undefined && size > 0) {
      const ratio = Math.min(1, p.bytes / size);
      const filled = Math.round(ratio * BAR_WIDTH);
      parts.push(`[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${formatBytes(p.bytes)}/${formatBytes(size)}`);
    } else if (size !== undefined) {
      parts.push(`(${formatBytes(size)})`);
    }
    if (p.rows !== undefined) {
      parts.push(`${count(p.rows)} rows`);
      const secs = (at - this.fileStarted) / 1000;
      if (secs > 0) parts.push(`${count((p.rows - this.fileStartRows) / secs)} rows/s`);
    }
    parts.push(`${((at - this.started) / 1000).toFixed(1)} s`);
    return parts.join('  ');
  }

  private plainLine(p: ProgressUpdate, at: number): string {
    const secs = ((at - this.started) / 1000).toFixed(1);
    return p.rows !== undefined ? `${p.phase} ${p.file ?? ''}: ${count(p.rows)} rows (${secs} s)` : `${p.phase}... (${secs} s)`;
  }

  /** Cut to the terminal width so the line never wraps (a wrapped line cannot be redrawn with \r). */
  private fit(line: string): string {
    // A terminal without a size (a bare pty) reports 0 columns: assume the classic 80.
    const width = (this.stream.columns !== undefined && this.stream.columns > 0 ? this.stream.columns : 80) - 1;
    return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}…`;
  }
}
