// Streaming readers of dhimmel/drugbank's tables (DrugBank 4, CC BY-NC 4.0):
// - data/drugbank-slim.tsv: drugbank_id, name, type, groups, atc_codes, categories, inchikey, inchi,
//   description; multi-values separated by '|'. Written by pandas, so a description with line ends or
//   quotes is a quoted field over several lines (tsv.ts); the record's first line is its line.
// - data/mapping/pubchem.tsv: drugbank_id, pubchem_id (UniChem's DrugBank -> PubChem CID pairs).
// Columns are found by name; a wrong header fails naming the line. A row with another column count, a
// drugbank_id that is not DB<digits>, an empty name or a non-numeric CID is handed to `skip` (the
// importer counts and warns) and left out.
import { readTsvTable, SkipRow, splitValues } from './tsv';

export const DRUGBANK_ID = /^DB\d{5,}$/;

export interface DrugbankDrugRow {
  line: number;
  drugbankId: string;
  name: string;
  type: string | null;
  groups: string[];
  atcCodes: string[];
  categories: string[];
  /** The key without its "InChIKey=" prefix. */
  inchikey: string | null;
  inchi: string | null;
  description: string | null;
}

export interface PubchemMappingRow { line: number; drugbankId: string; cid: string }

const SLIM_COLUMNS = ['drugbank_id', 'name', 'type', 'groups', 'atc_codes', 'categories', 'inchikey', 'inchi', 'description'] as const;
const orNull = (text: string | undefined) => {
  const v = text?.trim();
  return v === undefined || v === '' ? null : v;
};

export async function* parseDrugbankSlim(file: string, skip: SkipRow): AsyncGenerator<DrugbankDrugRow> {
  for await (const row of readTsvTable(file, ['drugbank_id', 'name'], 'DrugBank drugbank-slim.tsv')) {
    const { header, cells } = row;
    if (cells.length !== header.columns.length) { skip(row.line, `expected ${header.columns.length} tab-separated columns, found ${cells.length}`); continue; }
    const cell = (name: (typeof SLIM_COLUMNS)[number]) => (header.index[name] === undefined ? undefined : cells[header.index[name]!]);
    const drugbankId = cell('drugbank_id')!.trim();
    const name = cell('name')!.trim();
    if (!DRUGBANK_ID.test(drugbankId)) { skip(row.line, `drugbank_id '${drugbankId}' is not a DrugBank id (DB…)`); continue; }
    if (name === '') { skip(row.line, `${drugbankId} has an empty name`); continue; }
    const inchikey = orNull(cell('inchikey'));
    yield {
      line: row.line, drugbankId, name, type: orNull(cell('type')),
      groups: splitValues(cell('groups'), '|'), atcCodes: splitValues(cell('atc_codes'), '|'), categories: splitValues(cell('categories'), '|'),
      inchikey: inchikey === null ? null : inchikey.replace(/^InChIKey=/, ''), inchi: orNull(cell('inchi')), description: orNull(cell('description')),
    };
  }
}

export async function* parsePubchemMapping(file: string, skip: SkipRow): AsyncGenerator<PubchemMappingRow> {
  for await (const row of readTsvTable(file, ['drugbank_id', 'pubchem_id'], 'the DrugBank-PubChem mapping (mapping/pubchem.tsv)')) {
    const { header, cells } = row;
    if (cells.length !== header.columns.length) { skip(row.line, `expected ${header.columns.length} tab-separated columns, found ${cells.length}`); continue; }
    const drugbankId = cells[header.index.drugbank_id!]!.trim();
    const cid = cells[header.index.pubchem_id!]!.trim();
    if (!DRUGBANK_ID.test(drugbankId)) { skip(row.line, `drugbank_id '${drugbankId}' is not a DrugBank id (DB…)`); continue; }
    if (!/^\d+$/.test(cid)) { skip(row.line, `pubchem_id '${cid}' is not a PubChem CID (digits)`); continue; }
    yield { line: row.line, drugbankId, cid };
  }
}
