// Streaming reader of HGNC's complete set (hgnc_complete_set.txt[.gz], tab-separated, header line, columns
// found by name; CC0). Multi-valued cells (alias_symbol, prev_symbol, uniprot_ids) are '|'-separated and
// may be wrapped in double quotes by the exporter. A row whose hgnc_id is not HGNC:<digits> or with an
// empty symbol is handed to `skip`.
import { readTsvTable, SkipRow, splitValues } from './tsv';

export interface HgncRow {
  line: number;
  hgncId: string;
  symbol: string;
  name: string;
  status: string;
  locusGroup: string;
  entrezId: string | null;
  ensemblId: string | null;
  uniprotIds: string[];
  aliasSymbols: string[];
  prevSymbols: string[];
}

const COLUMNS = ['hgnc_id', 'symbol', 'name', 'status', 'locus_group', 'alias_symbol', 'prev_symbol', 'entrez_id', 'ensembl_gene_id', 'uniprot_ids'] as const;

export async function* parseHgncCompleteSet(file: string, skip: SkipRow): AsyncGenerator<HgncRow> {
  for await (const row of readTsvTable(file, COLUMNS, 'HGNC hgnc_complete_set.txt')) {
    const { header, cells } = row;
    const cell = (name: (typeof COLUMNS)[number]) => (cells[header.index[name]!] ?? '').trim();
    const hgncId = cell('hgnc_id');
    const symbol = cell('symbol');
    if (!/^HGNC:\d+$/.test(hgncId)) { skip(row.line, `hgnc_id '${hgncId}' is not HGNC:<digits>`); continue; }
    if (symbol === '') { skip(row.line, `${hgncId} has an empty symbol`); continue; }
    const entrez = cell('entrez_id');
    if (entrez !== '' && !/^\d+$/.test(entrez)) { skip(row.line, `entrez_id '${entrez}' is not an NCBI Gene id (digits)`); continue; }
    const ensembl = cell('ensembl_gene_id');
    yield {
      line: row.line, hgncId, symbol, name: cell('name'), status: cell('status'), locusGroup: cell('locus_group'),
      entrezId: entrez === '' ? null : entrez, ensemblId: ensembl === '' ? null : ensembl,
      uniprotIds: splitValues(cell('uniprot_ids'), '|'), aliasSymbols: splitValues(cell('alias_symbol'), '|'), prevSymbols: splitValues(cell('prev_symbol'), '|'),
    };
  }
}
