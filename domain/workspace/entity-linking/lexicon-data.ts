// The committed lexicon (lexicon-data.json, written by scripts/derive-lexicon.ts from the seed slice the
// store imports: NCBI Gene, HGNC, DrugBank and the DrugBank open vocabulary) and
// its shape. Constant data: importing it keeps the linker a pure function of its inputs.
import type { DrugRecord, GeneRecord } from './lexicon-sources';
import data from './lexicon-data.json';

export interface LexiconData {
  /** Where the records come from (paths in the repository). */
  sources: { ncbi_gene: string; hgnc: string; drugbank: string; drugbank_vocabulary: string };
  genes: GeneRecord[];
  drugs: DrugRecord[];
}

export const LEXICON_FILES = {
  ncbi_gene: 'fixtures/seed/ncbi-gene/Homo_sapiens.seed.gene_info',
  hgnc: 'fixtures/seed/hgnc/hgnc_complete_set.seed.txt.gz',
  drugbank: 'fixtures/seed/drugbank/drugbank-slim.seed.tsv',
  drugbank_vocabulary: 'fixtures/seed/drugbank/drugbank_vocabulary.seed.csv',
} as const;

export const LEXICON_DATA: LexiconData = data as LexiconData;
