// Streaming reader of the DrugBank open vocabulary (drugbank_vocabulary.csv, CC0): comma-separated, quoted
// fields, columns found by name: DrugBank ID, Accession Numbers, Common name, CAS, UNII, Synonyms
// (' | '-separated), Standard InChI Key. A row whose id is not DB<digits> or with an empty name is skipped.
import { DRUGBANK_ID } from './drugbank';
import { readTsvTable, SkipRow, splitValues } from './tsv';

export interface DrugbankVocabularyRow {
  line: number;
  drugbankId: string;
  accessions: string[];
  name: string;
  cas: string | null;
  unii: string | null;
  synonyms: string[];
  inchikey: string | null;
}

const COLUMNS = ['DrugBank ID', 'Accession Numbers', 'Common name', 'CAS', 'UNII', 'Synonyms', 'Standard InChI Key'] as const;

export async function* parseDrugbankVocabulary(file: string, skip: SkipRow): AsyncGenerator<DrugbankVocabularyRow> {
  for await (const row of readTsvTable(file, COLUMNS, 'the DrugBank open vocabulary (drugbank_vocabulary.csv)', ',')) {
    const { header, cells } = row;
    if (cells.length !== header.columns.length) { skip(row.line, `expected ${header.columns.length} comma-separated columns, found ${cells.length}`); continue; }
    const cell = (name: (typeof COLUMNS)[number]) => cells[header.index[name]!]!.trim();
    const drugbankId = cell('DrugBank ID');
    const name = cell('Common name');
    if (!DRUGBANK_ID.test(drugbankId)) { skip(row.line, `DrugBank ID '${drugbankId}' is not a DrugBank id (DB…)`); continue; }
    if (name === '') { skip(row.line, `${drugbankId} has an empty common name`); continue; }
    const opt = (v: string) => (v === '' ? null : v);
    yield {
      line: row.line, drugbankId, accessions: splitValues(cell('Accession Numbers'), '|'), name, cas: opt(cell('CAS')), unii: opt(cell('UNII')),
      synonyms: splitValues(cell('Synonyms'), ' | '), inchikey: opt(cell('Standard InChI Key')),
    };
  }
}
