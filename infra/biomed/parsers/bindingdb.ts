// Streaming reader of dhimmel/bindingdb's data/bindings-drugbank-gene.tsv (BindingDB 2015m3 measurements
// of DrugBank compounds on human proteins, collapsed upstream per DrugBank drug and Entrez gene: the lowest,
// i.e. strongest, of its n_pairs BindingDB-compound x protein values, each the geometric mean of one
// measure, Kd preferred over Ki over IC50; collapse.Rmd of that repository). Columns: drugbank_id, entrez_gene, affinity_nM, n_pairs, sources,
// pubmeds, drugbank_name, drugbank_approved, gene_symbol; sources and pubmeds joined with ','.
// Columns are found by name; a wrong header fails naming the line. A row with another column count, a
// drugbank_id that is not DB<digits>, a non-numeric entrez_gene, an affinity that is not a positive
// decimal number (plain or exponent form, e.g. 2.6e+07), an n_pairs that is not a whole number, a
// drugbank_approved other than 0/1 or a non-numeric PubMed id is handed to `skip` (the importer counts
// and warns) and left out.
import { DRUGBANK_ID } from './drugbank';
import { readTsvTable, SkipRow, splitValues } from './tsv';

export interface BindingdbRow {
  line: number;
  drugbankId: string;
  entrezGene: string;
  affinityNm: number;
  nPairs: number;
  /** The sources cell as written (the evidence code), and split (repeats dropped). */
  sourcesText: string;
  sources: string[];
  pubmedIds: string[];
  drugName: string | null;
  drugbankApproved: boolean;
  geneSymbol: string | null;
}

const COLUMNS = ['drugbank_id', 'entrez_gene', 'affinity_nM', 'n_pairs', 'sources', 'pubmeds', 'drugbank_name', 'drugbank_approved', 'gene_symbol'] as const;
const DECIMAL = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export async function* parseBindingdbGene(file: string, skip: SkipRow): AsyncGenerator<BindingdbRow> {
  for await (const row of readTsvTable(file, COLUMNS, 'BindingDB bindings-drugbank-gene.tsv')) {
    const { header, cells } = row;
    if (cells.length !== header.columns.length) { skip(row.line, `expected ${header.columns.length} tab-separated columns, found ${cells.length}`); continue; }
    const cell = (name: (typeof COLUMNS)[number]) => cells[header.index[name]!]!.trim();
    const drugbankId = cell('drugbank_id');
    const entrezGene = cell('entrez_gene');
    const affinity = cell('affinity_nM');
    const nPairs = cell('n_pairs');
    const approved = cell('drugbank_approved');
    if (!DRUGBANK_ID.test(drugbankId)) { skip(row.line, `drugbank_id '${drugbankId}' is not a DrugBank id (DB…)`); continue; }
    if (!/^\d+$/.test(entrezGene)) { skip(row.line, `entrez_gene '${entrezGene}' is not an NCBI Gene id (digits)`); continue; }
    const affinityNm = DECIMAL.test(affinity) ? Number(affinity) : NaN;
    if (!Number.isFinite(affinityNm) || affinityNm <= 0) { skip(row.line, `affinity_nM '${affinity}' is not a positive number of nM`); continue; }
    if (!/^\d+$/.test(nPairs)) { skip(row.line, `n_pairs '${nPairs}' is not a whole number`); continue; }
    if (approved !== '0' && approved !== '1') { skip(row.line, `drugbank_approved '${approved}' is neither 0 nor 1`); continue; }
    const pubmedIds = splitValues(cell('pubmeds'), ',');
    const badPmid = pubmedIds.find((p) => !/^\d+$/.test(p));
    if (badPmid !== undefined) { skip(row.line, `pubmeds item '${badPmid}' is not a PubMed id (digits)`); continue; }
    const sourcesText = cell('sources');
    yield {
      line: row.line, drugbankId, entrezGene, affinityNm, nPairs: Number(nPairs), sourcesText, sources: splitValues(sourcesText, ','), pubmedIds,
      drugName: cell('drugbank_name') || null, drugbankApproved: approved === '1', geneSymbol: cell('gene_symbol') || null,
    };
  }
}
