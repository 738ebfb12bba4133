// Streaming reader of phenotype.hpoa: "#key: value" metadata lines, one column-header line, then one
// annotation per line. The column header names the columns (current 12-column format); the older
// format, whose header is itself a "#DatabaseID..." comment line, is recognised too.
import { ParseError, readLineBatches } from './line-reader';

export interface HpoaRow {
  line: number;
  databaseId: string;
  diseaseName: string;
  /** "NOT" means the phenotype is excluded for the disease; empty otherwise. */
  qualifier: string;
  hpoId: string;
  reference: string;
  evidence: string;
  onset: string;
  frequency: string;
  sex: string;
  modifier: string;
  aspect: string;
  biocuration: string;
}

export interface HpoaMeta { [key: string]: string }

const COLUMN_ALIASES: Record<string, keyof Omit<HpoaRow, 'line'>> = {
  database_id: 'databaseId', databaseid: 'databaseId',
  disease_name: 'diseaseName', diseasename: 'diseaseName',
  qualifier: 'qualifier',
  hpo_id: 'hpoId',
  reference: 'reference', evidence: 'evidence', onset: 'onset', frequency: 'frequency', sex: 'sex',
  modifier: 'modifier', aspect: 'aspect', biocuration: 'biocuration',
};
const REQUIRED: (keyof HpoaRow)[] = ['databaseId', 'diseaseName', 'hpoId'];

function columnMap(header: string, path: string, line: number): (keyof Omit<HpoaRow, 'line'> | undefined)[] {
  const map = header.replace(/^#/, '').split('\t').map((name) => COLUMN_ALIASES[name.trim().toLowerCase()]);
  for (const required of REQUIRED) {
    if (!map.includes(required as keyof Omit<HpoaRow, 'line'>)) throw new ParseError(path, line, `column header lacks ${required}`);
  }
  return map;
}

function looksLikeHeader(line: string): boolean {
  return /^#?(database_?id)\t/i.test(line);
}

export async function* parseHpoa(path: string, meta: HpoaMeta = {}): AsyncGenerator<HpoaRow> {
  let columns: ReturnType<typeof columnMap> | null = null;
  let lineNo = 0;
  for await (const batch of readLineBatches(path)) for (const line of batch) {
    lineNo++;
    if (line.length === 0) continue;
    if (!columns && looksLikeHeader(line)) { columns = columnMap(line, path, lineNo); continue; }
    if (line.charCodeAt(0) === 35 /* # */) {
      const colon = line.indexOf(':');
      if (colon > 1) meta[line.slice(1, colon).trim()] = line.slice(colon + 1).trim();
      continue;
    }
    if (!columns) throw new ParseError(path, lineNo, 'annotation row before the column header (database_id ...)');
    const cells = line.split('\t');
    if (cells.length !== columns.length) {
      throw new ParseError(path, lineNo, `expected ${columns.length} tab-separated columns, found ${cells.length}`);
    }
    const row: HpoaRow = {
      line: lineNo, databaseId: '', diseaseName: '', qualifier: '', hpoId: '', reference: '', evidence: '',
      onset: '', frequency: '', sex: '', modifier: '', aspect: '', biocuration: '',
    };
    for (let i = 0; i < cells.length; i++) {
      const key = columns[i];
      if (key) row[key] = cells[i]!;
    }
    if (!row.databaseId.includes(':')) throw new ParseError(path, lineNo, `database_id "${row.databaseId}" is not a CURIE`);
    if (!row.hpoId.startsWith('HP:')) throw new ParseError(path, lineNo, `hpo_id "${row.hpoId}" is not an HP CURIE`);
    yield row;
  }
  if (!columns) throw new ParseError(path, lineNo, 'no column header (database_id ...) found');
}
