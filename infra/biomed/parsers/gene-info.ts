// NCBI Gene gene_info files (e.g. Homo_sapiens.gene_info[.gz]), streamed line by line (never the whole
// file as one string): tab-separated, one gene per line, '#'-prefixed header line(s), '-' for an empty
// field. Columns: tax_id, GeneID, Symbol, LocusTag, Synonyms, dbXrefs, chromosome, map_location,
// description, type_of_gene, Symbol_from_nomenclature_authority, Full_name_from_nomenclature_authority,
// Nomenclature_status, Other_designations, Modification_date (later releases append Feature_type).
import path from 'node:path';
import { ParseError, readLineBatches } from './line-reader';

export interface GeneInfoRow {
  taxId: string;
  geneId: string;
  symbol: string;
  /** Pipe-separated Synonyms, '-' (none) left out. */
  synonyms: string[];
  /** Pipe-separated dbXrefs as written (e.g. "HGNC:HGNC:5", "Ensembl:ENSG00000121410", "MIM:138670"). */
  dbXrefs: string[];
  chromosome: string | null;
  mapLocation: string | null;
  description: string | null;
  typeOfGene: string | null;
  authoritySymbol: string | null;
  authorityFullName: string | null;
  nomenclatureStatus: string | null;
  modificationDate: string | null;
  line: number;
}

const MIN_COLUMNS = 15;
const value = (text: string | undefined) => (text === undefined || text === '' || text === '-' ? null : text);
const list = (text: string | undefined) => (value(text) === null ? [] : text!.split('|').filter((s) => s !== '' && s !== '-'));

export async function* parseGeneInfo(file: string): AsyncGenerator<GeneInfoRow> {
  let line = 0;
  for await (const batch of readLineBatches(file)) {
    for (const text of batch) {
      line++;
      if (text === '' || text.charCodeAt(0) === 35 /* # */) continue;
      const cols = text.split('\t');
      if (cols.length < MIN_COLUMNS || !/^\d+$/.test(cols[0]!) || !/^\d+$/.test(cols[1]!)) {
        throw new ParseError(path.basename(file), line, `expected ${MIN_COLUMNS} tab-separated gene_info columns starting with a numeric tax_id and GeneID`);
      }
      yield {
        taxId: cols[0]!, geneId: cols[1]!, symbol: cols[2]!, synonyms: list(cols[4]), dbXrefs: list(cols[5]),
        chromosome: value(cols[6]), mapLocation: value(cols[7]), description: value(cols[8]), typeOfGene: value(cols[9]),
        authoritySymbol: value(cols[10]), authorityFullName: value(cols[11]), nomenclatureStatus: value(cols[12]),
        modificationDate: value(cols[14]), line,
      };
    }
  }
}
