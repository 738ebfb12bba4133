// Streaming reader of DrugCentral's official drug-target download, drug.target.interaction.tsv[.gz]
// (tab-separated, every text field double-quoted; same columns in the 2017 and later releases): DRUG_NAME,
// STRUCT_ID, TARGET_NAME, TARGET_CLASS, ACCESSION and GENE ('|'-separated for a complex: one accession per
// subunit), ACT_VALUE, ACT_UNIT, ACT_TYPE, ACT_SOURCE, RELATION, MOA (1 = the drug's mechanism of action),
// MOA_SOURCE, ACTION_TYPE, TDL, ORGANISM. Some rows name no accession (DNA, a non-protein target): they
// come with an empty list. A row with another column count, a non-numeric STRUCT_ID or a non-numeric ACT_VALUE is handed to `skip`.
import { readTsvTable, SkipRow, splitValues } from './tsv';

export interface DrugcentralInteractionRow {
  line: number;
  drugName: string;
  structId: string;
  targetName: string;
  targetClass: string;
  accessions: string[];
  genes: string[];
  actValue: number | null;
  actUnit: string | null;
  actType: string | null;
  actSource: string | null;
  relation: string | null;
  moa: boolean;
  moaSource: string | null;
  actionType: string | null;
  tdl: string | null;
  organism: string;
  url: string | null;
}

const COLUMNS = ['DRUG_NAME', 'STRUCT_ID', 'TARGET_NAME', 'TARGET_CLASS', 'ACCESSION', 'GENE', 'ACT_VALUE', 'ACT_UNIT', 'ACT_TYPE', 'ACT_SOURCE', 'RELATION', 'MOA', 'MOA_SOURCE', 'ACT_SOURCE_URL', 'MOA_SOURCE_URL', 'ACTION_TYPE', 'TDL', 'ORGANISM'] as const;

export async function* parseDrugcentralInteractions(file: string, skip: SkipRow): AsyncGenerator<DrugcentralInteractionRow> {
  for await (const row of readTsvTable(file, COLUMNS, 'DrugCentral drug.target.interaction.tsv')) {
    const { header, cells } = row;
    if (cells.length !== header.columns.length) { skip(row.line, `expected ${header.columns.length} tab-separated columns, found ${cells.length}`); continue; }
    const cell = (name: (typeof COLUMNS)[number]) => cells[header.index[name]!]!.trim();
    const opt = (name: (typeof COLUMNS)[number]) => { const v = cell(name); return v === '' ? null : v; };
    const structId = cell('STRUCT_ID');
    if (!/^\d+$/.test(structId)) { skip(row.line, `STRUCT_ID '${structId}' is not a DrugCentral id (digits)`); continue; }
    const accessions = splitValues(cell('ACCESSION'), '|');
    const value = cell('ACT_VALUE');
    if (value !== '' && !Number.isFinite(Number(value))) { skip(row.line, `ACT_VALUE '${value}' is not a number`); continue; }
    yield {
      line: row.line, drugName: cell('DRUG_NAME'), structId, targetName: cell('TARGET_NAME'), targetClass: cell('TARGET_CLASS'), accessions,
      genes: splitValues(cell('GENE'), '|'), actValue: value === '' ? null : Number(value), actUnit: opt('ACT_UNIT'), actType: opt('ACT_TYPE'),
      actSource: opt('ACT_SOURCE'), relation: opt('RELATION'), moa: cell('MOA') === '1', moaSource: opt('MOA_SOURCE'), actionType: opt('ACTION_TYPE'),
      tdl: opt('TDL'), organism: cell('ORGANISM'), url: opt('MOA_SOURCE_URL') ?? opt('ACT_SOURCE_URL'),
    };
  }
}
