// The Cancer Surfaceome Atlas GESP score table as tab-separated text: the form of the seed slice
// (fixtures/seed/surfaceome/, written by scripts/derive-seed.ts from the workbook). Leading `#` lines are
// comments (the slice names its source and licence there); the first other line is the header, with the
// workbook's own column names (surfaceome-columns.ts), then one gene per line, empty cells empty. The rows
// come out as the workbook reader gives them, except `line`, which is the TSV's own line number.
// - A first non-comment line without an "Ensembl ID" cell, or a header without "Core Score" or resource
//   columns, is a ParseError; malformed gene lines are skipped through onSkip(line, reason).
import path from 'node:path';
import { ParseError, SkipHandler } from './line-reader';
import { Columns, dataRow, headerColumns, SurfaceomeRow, SurfaceomeSheet } from './surfaceome-columns';
import { readTsvRecords } from './tsv';

const cell = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** Streams the gene lines. `onSheet` is called once the header is read (sheet null: a TSV has none). */
export async function* parseSurfaceomeTsv(file: string, onSkip: SkipHandler, onSheet?: (sheet: SurfaceomeSheet) => void): AsyncGenerator<SurfaceomeRow> {
  const name = path.basename(file);
  let columns: Columns | null = null;
  for await (const record of readTsvRecords(file)) {
    const values = record.cells.map(cell);
    if (!columns) {
      if (record.cells[0]!.startsWith('#')) continue;
      if (!values.some((v) => v !== null && v.toLowerCase() === 'ensembl id')) throw new ParseError(name, record.line, 'the header line has no "Ensembl ID" column');
      columns = headerColumns(name, record.line, values);
      onSheet?.({ sheet: null, headerRow: record.line, resources: columns.resources.map(({ column: _c, ...r }) => r) });
      continue;
    }
    const parsed = dataRow(columns, record.line, values, onSkip);
    if (parsed) yield parsed;
  }
  if (!columns) throw new ParseError(name, 0, 'no header line with an "Ensembl ID" column');
}
