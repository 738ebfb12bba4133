// Streaming reader of tab-separated tables with a header line, as pandas `to_csv(sep='\t')` and readr
// `write_tsv` write them: a field that contains a tab, a line end or a double quote is wrapped in double
// quotes with inner quotes doubled, so one record may span several lines (DrugBank descriptions do).
// A field is quoted only when it starts with `"`; a quote inside an unquoted field is kept as text.
// Lines without any `"` (nearly all of them) take the fast path: one split on tabs.
// The same reader reads comma-separated files (ChEMBL's and DrugBank's CSV downloads) with sep ','.
// Records carry the line they start on (the evidence line), the header gives the column positions.
import path from 'node:path';
import { ParseError, readLineBatches } from './line-reader';

export interface TsvRecord {
  /** The line the record starts on (1-based; the header is line 1 in these files). */
  line: number;
  cells: string[];
}

export interface TsvHeader {
  line: number;
  columns: string[];
  /** Column name -> position. */
  index: Record<string, number>;
}

/** Scans `text` from `from`; returns true when the record ends with the line, false when a quoted field goes on. */
function scan(file: string, lineNo: number, text: string, from: number, inQuote: boolean, cells: string[], field: { text: string }, sep: string): boolean {
  const sepCode = sep.charCodeAt(0);
  let i = from;
  const n = text.length;
  for (;;) {
    if (inQuote) {
      const q = text.indexOf('"', i);
      if (q < 0) { field.text += text.slice(i); return false; }
      field.text += text.slice(i, q);
      if (text.charCodeAt(q + 1) === 34 /* " */) { field.text += '"'; i = q + 2; continue; }
      inQuote = false;
      cells.push(field.text);
      field.text = '';
      if (q + 1 === n) return true;
      if (text.charCodeAt(q + 1) !== sepCode) throw new ParseError(file, lineNo, `text after the closing quote of a quoted field (column ${cells.length})`);
      i = q + 2;
      if (i === n) { cells.push(''); return true; }
    }
    // At the start of a field.
    if (text.charCodeAt(i) === 34) { inQuote = true; i++; continue; }
    const tab = text.indexOf(sep, i);
    if (tab < 0) { cells.push(text.slice(i)); return true; }
    cells.push(text.slice(i, tab));
    i = tab + 1;
    if (i === n) { cells.push(''); return true; }
  }
}

/** Every record of the file, the header first (blank lines between records are skipped). */
export async function* readTsvRecords(filePath: string, sep = '\t'): AsyncGenerator<TsvRecord> {
  const file = path.basename(filePath);
  let lineNo = 0;
  let pending: { line: number; cells: string[]; field: { text: string } } | null = null;
  for await (const batch of readLineBatches(filePath)) {
    for (const text of batch) {
      lineNo++;
      if (pending) {
        pending.field.text += '\n';
        if (scan(file, lineNo, text, 0, true, pending.cells, pending.field, sep)) {
          const done = pending;
          pending = null;
          yield { line: done.line, cells: done.cells };
        }
        continue;
      }
      if (text === '') continue;
      if (text.indexOf('"') < 0) { yield { line: lineNo, cells: text.split(sep) }; continue; }
      const cells: string[] = [];
      const field = { text: '' };
      if (scan(file, lineNo, text, 0, false, cells, field, sep)) yield { line: lineNo, cells };
      else pending = { line: lineNo, cells, field };
    }
  }
  if (pending) throw new ParseError(file, pending.line, `a quoted field opened on this line is never closed (end of file at line ${lineNo})`);
}

export interface TsvRow extends TsvRecord {
  header: TsvHeader;
}

/**
 * The records after the header, each with the header (column positions). The header is checked for the
 * required column names first: a ParseError naming what is missing, so a wrong file fails before any row.
 */
export async function* readTsvTable(filePath: string, required: readonly string[], what: string, sep = '\t'): AsyncGenerator<TsvRow> {
  let header: TsvHeader | null = null;
  for await (const record of readTsvRecords(filePath, sep)) {
    if (header) { yield { line: record.line, cells: record.cells, header }; continue; }
    const columns = record.cells.map((c) => c.trim());
    header = { line: record.line, columns, index: Object.fromEntries(columns.map((name, i) => [name, i])) };
    const missing = required.filter((name) => header!.index[name] === undefined);
    if (missing.length > 0) throw new ParseError(path.basename(filePath), record.line, `column header lacks ${missing.join(', ')} (is this ${what}?)`);
  }
  if (!header) throw new ParseError(path.basename(filePath), 0, `no column header (${required.join(', ')}) found: empty file`);
}

/** A row the parser leaves out (wrong column count, malformed id or number), for the importer to count and warn about. */
export type SkipRow = (line: number, reason: string) => void;

/** Splits a multi-valued cell, dropping empty items (a leading separator, '||') and repeats, keeping the order. */
export function splitValues(text: string | undefined, separator: RegExp | string): string[] {
  if (text === undefined) return [];
  const out: string[] = [];
  for (const part of text.split(separator)) {
    const v = part.trim();
    if (v !== '' && !out.includes(v)) out.push(v);
  }
  return out;
}
