// The Cancer Surfaceome Atlas workbook (TCSA Figure1_GESPscore.xlsx; Hu et al., Nature Cancer 2021), read
// with exceljs' streaming WorkbookReader (rows as the sheet XML is inflated; shared strings cached, styles
// ignored). One sheet "GESP score": a group row ("Gene Information" | "GESP score"), then the header row
//   Ensembl ID | Gene Name | Functional annotation | Genomic location | Core Score | CSPA*3 | HPA*2 | …
// and one gene per row. The columns (the GESP score and the weighted resource columns) are read by
// surfaceome-columns.ts, which the TSV reader of the seed slice (surfaceome-tsv.ts) shares.
// - The header row is found by its "Ensembl ID" cell among the first rows; without one, or without a
//   "Core Score" column or resource columns, a ParseError says what is missing.
// - A data row with an Ensembl id that is not ENSG…, no symbol, a non-numeric score or resource cell is
//   skipped through onSkip(row number, reason); empty rows are passed over.
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ParseError, SkipHandler } from './line-reader';
import { Columns, dataRow, headerColumns, SurfaceomeRow, SurfaceomeSheet } from './surfaceome-columns';

export type { SurfaceomeResourceColumn, SurfaceomeRow, SurfaceomeSheet } from './surfaceome-columns';

const HEADER_SEARCH_ROWS = 10;

/** A cell's value as text or number (rich text joined, formulas by their cached result). */
function cellValue(value: ExcelJS.CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('').trim() || null;
  if (typeof value === 'object' && 'result' in value) return cellValue(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim() || null;
  return String(value);
}

/**
 * Streams the first worksheet's gene rows. `onSheet` is called once the header row is found (before the
 * first row is yielded) with the sheet name and the resource columns.
 */
export async function* parseSurfaceomeWorkbook(file: string, onSkip: SkipHandler, onSheet?: (sheet: SurfaceomeSheet) => void): AsyncGenerator<SurfaceomeRow> {
  const name = path.basename(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      if (++sheets > 1) break; // the atlas workbook has one sheet; only the first is read
      let columns: Columns | null = null;
      for await (const row of worksheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellValue);
        if (!columns) {
          if (values.some((v) => typeof v === 'string' && v.toLowerCase() === 'ensembl id')) {
            columns = headerColumns(name, row.number, values);
            onSheet?.({ sheet: (worksheet as unknown as { name: string }).name, headerRow: row.number, resources: columns.resources.map(({ column: _c, ...r }) => r) });
          } else if (row.number > HEADER_SEARCH_ROWS) {
            throw new ParseError(name, row.number, `no header row with an "Ensembl ID" cell in the first ${HEADER_SEARCH_ROWS} rows`);
          }
          continue;
        }
        if (values.every((v) => v === null)) continue;
        const parsed = dataRow(columns, row.number, values, onSkip);
        if (parsed) yield parsed;
      }
      if (!columns) throw new ParseError(name, 0, 'no header row with an "Ensembl ID" cell');
    }
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError(name, 0, `not a readable .xlsx workbook: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (sheets === 0) throw new ParseError(name, 0, 'the workbook has no worksheet');
}
