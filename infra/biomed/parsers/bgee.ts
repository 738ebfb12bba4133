// Bgee gene x anatomy matrices as dhimmel/bgee writes them (present-in-adult.tsv.gz, diffex.tsv.gz),
// streamed a chunk of lines at a time: a header `<gene id column> <TAB> UBERON:… <TAB> CL:… …`, then one
// row per Entrez gene with one value per anatomy column (presence: 1/0; differential expression: 1 over-,
// -1 under-expressed, 0 neither).
// - The header must name an id column and then only anatomy CURIEs (UBERON:/CL: + 7 digits), each once;
//   otherwise the file is not such a matrix and a ParseError names the offending column.
// - A row with another cell count, a gene id that is not a number or a value outside `allowed` is skipped
//   through onSkip(line, reason) (counted and warned by the importer), never guessed at.
import path from 'node:path';
import { ParseError, readLineBatches, SkipHandler } from './line-reader';

export interface MatrixHeader {
  idColumn: string;
  /** The anatomy CURIEs of columns 2.. in order. */
  anatomy: string[];
}

export interface MatrixRow {
  line: number;
  geneId: string;
  /** One value per anatomy column, as written. */
  values: string[];
}

const ANATOMY = /^(UBERON|CL):\d{7}$/;
const GENE_ID = /^\d+$/;

export function parseMatrixHeader(file: string, text: string): MatrixHeader {
  const cells = text.split('\t');
  const idColumn = cells[0]!.trim();
  if (idColumn === '' || ANATOMY.test(idColumn)) throw new ParseError(file, 1, `expected a gene id column name first, found '${idColumn}'`);
  if (cells.length < 2) throw new ParseError(file, 1, 'no anatomy columns in the header');
  const anatomy = cells.slice(1);
  const seen = new Set<string>();
  anatomy.forEach((curie, i) => {
    if (!ANATOMY.test(curie)) throw new ParseError(file, 1, `column ${i + 2} header '${curie}' is not an anatomy CURIE (UBERON: or CL: + 7 digits)`);
    if (seen.has(curie)) throw new ParseError(file, 1, `column ${i + 2} header ${curie} repeats an earlier column`);
    seen.add(curie);
  });
  return { idColumn, anatomy };
}

/** Batches of rows (one per chunk of the file), each with the file's header. */
export async function* parseExpressionMatrix(
  file: string, allowed: ReadonlySet<string>, onSkip: SkipHandler,
): AsyncGenerator<{ header: MatrixHeader; rows: MatrixRow[] }> {
  const name = path.basename(file);
  let header: MatrixHeader | null = null;
  let line = 0;
  for await (const batch of readLineBatches(file)) {
    const rows: MatrixRow[] = [];
    for (const text of batch) {
      line++;
      if (text === '') continue;
      if (!header) { header = parseMatrixHeader(name, text); continue; }
      const cells = text.split('\t');
      if (cells.length !== header.anatomy.length + 1) { onSkip(line, `expected ${header.anatomy.length + 1} tab-separated cells, found ${cells.length}`); continue; }
      const geneId = cells[0]!;
      if (!GENE_ID.test(geneId)) { onSkip(line, `gene id '${geneId}' is not an Entrez id (digits)`); continue; }
      let bad = -1;
      for (let i = 1; i < cells.length; i++) if (!allowed.has(cells[i]!)) { bad = i; break; }
      if (bad > 0) { onSkip(line, `value '${cells[bad]}' in column ${header.anatomy[bad - 1]} is none of ${[...allowed].join(', ')}`); continue; }
      cells.shift();
      rows.push({ line, geneId, values: cells });
    }
    if (header && rows.length > 0) yield { header, rows };
  }
  if (!header) throw new ParseError(name, line, 'empty file: expected a header <gene id> <TAB> <anatomy CURIE> ...');
}
