// The columns of The Cancer Surfaceome Atlas GESP score table (TCSA Figure1_GESPscore.xlsx; Hu et al.,
// Nature Cancer 2021), shared by the workbook reader (surfaceome.ts) and the TSV reader (surfaceome-tsv.ts,
// the seed slice's form) so both turn a header and a row of cells into the same records:
//   Ensembl ID | Gene Name | [Functional annotation] | [Genomic location] | Core Score | CSPA*3 | HPA*2 | …
// "Core Score" is the GESP score: the sum of the resource columns after it, each header
// `<resource>*<weight>` and each cell the weight when that resource lists the gene surface-located, empty
// when it does not. Cells come in as text or number, empty cells as null.
import { ParseError, SkipHandler } from './line-reader';

export interface SurfaceomeResourceColumn { header: string; resource: string; weight: number }

export interface SurfaceomeRow {
  /** Worksheet row number (1-based, as Excel shows it), or the TSV line number. */
  line: number;
  ensemblId: string;
  symbol: string;
  genomicLocation: string | null;
  gespScore: number;
  /** Per resource column (name before '*'): the cell's number, null when empty. */
  evidence: Record<string, number | null>;
}

/** The table read: the worksheet's name (null for a TSV, which has no sheets), the header's row or line, the resource columns. */
export interface SurfaceomeSheet { sheet: string | null; headerRow: number; resources: SurfaceomeResourceColumn[] }

const ENSEMBL = /^ENSG\d{11}$/;

/** A number cell, or a text cell holding a plain decimal number (as a TSV holds them). */
const asNumber = (v: string | number | null): number | null => (typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : null);

export interface Columns { ensembl: number; symbol: number; location: number | null; score: number; resources: (SurfaceomeResourceColumn & { column: number })[] }

/** The column positions of a header row's cells; a ParseError names a missing or unreadable column. */
export function headerColumns(file: string, rowNumber: number, cells: (string | number | null)[]): Columns {
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

/** One gene row, or null (reported through onSkip) when its id, symbol, score or a resource cell is malformed. */
export function dataRow(columns: Columns, rowNumber: number, cells: (string | number | null)[], onSkip: SkipHandler): SurfaceomeRow | null {
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
