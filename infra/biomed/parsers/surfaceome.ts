// The Cancer Surfaceome Atlas workbook (TCSA Figure1_GESPscore.xlsx; Hu et al., Nature Cancer 2021), read
// with exceljs' streaming WorkbookReader (rows as the sheet XML is inflated; shared strings cached, styles
// ignored). One sheet "GESP score": a group row ("Gene Information" | "GESP score"), then the header row
//   Ensembl ID | Gene Name | Functional annotation | Genomic location | Core Score | CSPA*3 | HPA*2 | …
// and one gene per row. "Core Score" is the GESP score: the sum of the resource columns after it, each
// header `<resource>*<weight>` and each cell the weight when that resource lists the gene surface-located,
// empty when it does not.
// - The header row is found by its "Ensembl ID" cell among the first rows; without one, or without a
//   "Core Score" column or resource columns, a ParseError says what is missing.
// - A data row with an Ensembl id that is not ENSG…, no symbol, a non-numeric score or resource cell is
//   skipped through onSkip(row number, reason); empty rows are passed over.
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ParseError, SkipHandler } from './line-reader';

export interface SurfaceomeResourceColumn { header: string; resource: string; weight: number }

export interface SurfaceomeRow {
  /** Worksheet row number (1-based, as Excel shows it). */
  line: number;
  ensemblId: string;
  symbol: string;
  genomicLocation: string | null;
  gespScore: number;
  /** Per resource column (name before '*'): the cell's number, null when empty. */
  evidence: Record<string, number | null>;
}

export interface SurfaceomeSheet { sheet: string; headerRow: number; resources: SurfaceomeResourceColumn[] }

const ENSEMBL = /^ENSG\d{11}$/;
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

const asNumber = (v: string | number | null): number | null => (typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : null);

interface Columns { ensembl: number; symbol: number; location: number | null; score: number; resources: (SurfaceomeResourceColumn & { column: number })[] }

function headerColumns(file: string, rowNumber: number, cells: (string | number | null)[]): Columns {
  const at = (name: string) => cells.findIndex((c) => typeof c === 'string' && c.toLowerCase() === name.toLowerCase());
  const ensembl = at('Ensembl ID');
  const symbol = at('Gene Name');
  const score = at('Core Score');
  if (symbol < 0) throw new ParseError(file, rowNumber, 'header row lacks a "Gene Name" column');
  if (score < 0) throw new ParseError(file, rowNumber, 'header row lacks the "Core Score" (GESP score) column');
  const resources: Columns['resources'] = [];
  for (let i = score + 1; i < cells.length; i++) {
    const match = typeof cells[i] === 'string' ? /^(.+)\*(\d+)$/.exec(cells[i] as string) : null;
    if (!match) { if (cells[i] !== null) throw new ParseError(file, rowNumber, `column ${i} header '${cells[i]}' is not "<resource>*<weight>"`); continue; }
    resources.push({ header: cells[i] as string, resource: match[1]!.trim(), weight: Number(match[2]), column: i });
  }
  if (resources.length === 0) throw new ParseError(file, rowNumber, 'no "<resource>*<weight>" columns after "Core Score"');
  const location = at('Genomic location');
  return { ensembl, symbol, location: location < 0 ? null : location, score, resources };
}

function dataRow(columns: Columns, rowNumber: number, cells: (string | number | null)[], onSkip: SkipHandler): SurfaceomeRow | null {
  const ensemblId = cells[columns.ensembl];
  const symbol = cells[columns.symbol];
  if (typeof ensemblId !== 'string' || !ENSEMBL.test(ensemblId)) { onSkip(rowNumber, `Ensembl ID '${ensemblId ?? ''}' is not ENSG + 11 digits`); return null; }
  if (symbol === null || symbol === undefined) { onSkip(rowNumber, 'no Gene Name'); return null; }
  const gespScore = asNumber(cells[columns.score] ?? null);
  if (gespScore === null) { onSkip(rowNumber, `Core Score '${cells[columns.score] ?? ''}' is not a number`); return null; }
  const evidence: Record<string, number | null> = {};
  for (const r of columns.resources) {
    const raw = cells[r.column] ?? null;
    const n = asNumber(raw);
    if (raw !== null && n === null) { onSkip(rowNumber, `${r.header} cell '${raw}' is not a number`); return null; }
    evidence[r.resource] = n;
  }
  const location = columns.location === null ? null : cells[columns.location] ?? null;
  return { line: rowNumber, ensemblId, symbol: String(symbol), genomicLocation: location === null ? null : String(location), gespScore, evidence };
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
