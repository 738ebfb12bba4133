// Streaming reader of dhimmel/drugcentral's rephetio/targets.tsv (DrugCentral drug -> target, CC BY-SA 4.0):
// GeneID, drugbank_id, drugbank_name, pubmed_ids, sources, actions, urls; one drug-gene pair per line,
// multi-values joined with '|' by the upstream pipeline. Columns are found by name; a wrong header fails
// naming the line. A row with another column count, a non-numeric GeneID, a drugbank_id that is not
// DB<digits> or an empty name is handed to `skip` (counted and warned about by the importer) and left out.
// - actions, sources, urls: split on '|' only (URLs may contain ','), values as written (actions are
//   lower-case in the file), empty items and repeats dropped;
// - pubmed_ids: split on '|' or ',' (digits only), non-numeric items skipped the same way.
import { DRUGBANK_ID } from './drugbank';
import { readTsvTable, SkipRow, splitValues } from './tsv';

export interface DrugcentralTargetRow {
  line: number;
  geneId: string;
  drugbankId: string;
  drugName: string;
  pubmedIds: string[];
  /** The sources cell as written (the evidence code), and split. */
  sourcesText: string;
  sources: string[];
  actions: string[];
  urls: string[];
}

const COLUMNS = ['GeneID', 'drugbank_id', 'drugbank_name', 'pubmed_ids', 'sources', 'actions', 'urls'] as const;

export async function* parseDrugcentralTargets(file: string, skip: SkipRow): AsyncGenerator<DrugcentralTargetRow> {
  for await (const row of readTsvTable(file, COLUMNS, 'DrugCentral targets.tsv (rephetio)')) {
    const { header, cells } = row;
    if (cells.length !== header.columns.length) { skip(row.line, `expected ${header.columns.length} tab-separated columns, found ${cells.length}`); continue; }
    const cell = (name: (typeof COLUMNS)[number]) => cells[header.index[name]!]!;
    const geneId = cell('GeneID').trim();
    const drugbankId = cell('drugbank_id').trim();
    const drugName = cell('drugbank_name').trim();
    if (!/^\d+$/.test(geneId)) { skip(row.line, `GeneID '${geneId}' is not an NCBI Gene id (digits)`); continue; }
    if (!DRUGBANK_ID.test(drugbankId)) { skip(row.line, `drugbank_id '${drugbankId}' is not a DrugBank id (DB…)`); continue; }
    if (drugName === '') { skip(row.line, `${drugbankId} has an empty drugbank_name`); continue; }
    const pubmedIds = splitValues(cell('pubmed_ids'), /[|,]/);
    const badPmid = pubmedIds.find((p) => !/^\d+$/.test(p));
    if (badPmid !== undefined) { skip(row.line, `pubmed_ids item '${badPmid}' is not a PubMed id (digits)`); continue; }
    const sourcesText = cell('sources').trim();
    yield {
      line: row.line, geneId, drugbankId, drugName, pubmedIds, sourcesText, sources: splitValues(sourcesText, '|'),
      actions: splitValues(cell('actions'), '|'), urls: splitValues(cell('urls'), '|'),
    };
  }
}
