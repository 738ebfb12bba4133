// Streaming reader of PharmacotherapyDB's catalog/indications.tsv: a header naming the columns
// (doid_id, drugbank_id, disease, drug, category, n_curators, n_resources), then one curated drug-disease
// pair per line. Columns are found by name; a row with another column count, an empty id or a category
// other than DM / SYM / NOT fails the import naming the line.
import { ParseError, readLineBatches } from './line-reader';

export const PDB_CATEGORIES = ['DM', 'SYM', 'NOT'] as const;
export type PdbCategory = (typeof PDB_CATEGORIES)[number];

export interface IndicationRow {
  line: number;
  doid: string;
  drugbankId: string;
  disease: string;
  drug: string;
  category: PdbCategory;
  nCurators: number | null;
  nResources: number | null;
}

const REQUIRED = ['doid_id', 'drugbank_id', 'disease', 'drug', 'category'] as const;

function count(path: string, line: number, name: string, text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  if (!/^\d+$/.test(text)) throw new ParseError(path, line, `${name} '${text}' is not a whole number`);
  return Number(text);
}

export async function* parseIndications(path: string): AsyncGenerator<IndicationRow> {
  let index: Record<string, number> | null = null;
  let width = 0;
  let lineNo = 0;
  for await (const batch of readLineBatches(path)) for (const line of batch) {
    lineNo++;
    if (line.trim() === '') continue;
    const cells = line.split('\t');
    if (!index) {
      index = Object.fromEntries(cells.map((name, i) => [name.trim(), i]));
      width = cells.length;
      for (const required of REQUIRED) {
        if (index[required] === undefined) throw new ParseError(path, lineNo, `column header lacks ${required} (is this PharmacotherapyDB indications.tsv?)`);
      }
      continue;
    }
    if (cells.length !== width) throw new ParseError(path, lineNo, `expected ${width} tab-separated columns, found ${cells.length}`);
    const cell = (name: string) => (index![name] === undefined ? undefined : cells[index![name]!]!.trim());
    const doid = cell('doid_id')!;
    const drugbankId = cell('drugbank_id')!;
    const category = cell('category')!;
    if (!/^DOID:\d+$/.test(doid)) throw new ParseError(path, lineNo, `doid_id '${doid}' is not a DOID CURIE`);
    if (!/^DB\d+$/.test(drugbankId)) throw new ParseError(path, lineNo, `drugbank_id '${drugbankId}' is not a DrugBank id (DB…)`);
    if (!(PDB_CATEGORIES as readonly string[]).includes(category)) throw new ParseError(path, lineNo, `category '${category}' is none of ${PDB_CATEGORIES.join(', ')}`);
    yield {
      line: lineNo, doid, drugbankId, disease: cell('disease')!, drug: cell('drug')!, category: category as PdbCategory,
      nCurators: count(path, lineNo, 'n_curators', cell('n_curators')), nResources: count(path, lineNo, 'n_resources', cell('n_resources')),
    };
  }
  if (!index) throw new ParseError(path, lineNo, 'no column header (doid_id, drugbank_id, ...) found');
}
