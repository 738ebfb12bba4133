// Streaming reader of Hetionet's human protein-protein interaction table (dhimmel/ppi
// download/hetio/protein-interactions.txt.gz): gzip TSV, a header naming the columns (source_code,
// source_symbol, target_code, target_symbol, pubmed, interaction_type, method), then one interacting
// pair per line. Codes are HGNC ids (`HGNC:5`). The three evidence columns are lists as the compilers
// wrote them:
// - pubmed: PubMed ids separated by '|' and/or ', ' (e.g. "10669759|11134005, 10669759"), may be empty;
// - interaction_type and method: '|'-separated PSI-MI terms as written ("MI:0018(two hybrid)"), '-' for
//   none given.
// Lists come back de-duplicated in first-seen order, '-' and empty items dropped. Columns are found by
// name; a row with another column count or a code that is not an HGNC id fails the import naming the
// line. A pubmed item that is not a number is not a PubMed id: it is returned in `invalidPubmed` for the
// importer to count and warn about, never as an id.
import { ParseError, readLineBatches } from './line-reader';

export interface PpiRow {
  line: number;
  sourceCode: string;
  sourceSymbol: string;
  targetCode: string;
  targetSymbol: string;
  pubmedIds: string[];
  invalidPubmed: string[];
  interactionTypes: string[];
  methods: string[];
}

const REQUIRED = ['source_code', 'source_symbol', 'target_code', 'target_symbol', 'pubmed', 'interaction_type', 'method'] as const;
const HGNC_ID = /^HGNC:\d+$/;

/** Distinct non-empty, non-'-' items in first-seen order. */
function items(text: string, separator: RegExp): string[] {
  const out: string[] = [];
  for (const raw of text.split(separator)) {
    const item = raw.trim();
    if (item !== '' && item !== '-' && !out.includes(item)) out.push(item);
  }
  return out;
}

export async function* parseProteinInteractions(path: string): AsyncGenerator<PpiRow> {
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
        if (index[required] === undefined) throw new ParseError(path, lineNo, `column header lacks ${required} (is this the Hetionet protein-interactions table?)`);
      }
      continue;
    }
    if (cells.length !== width) throw new ParseError(path, lineNo, `expected ${width} tab-separated columns, found ${cells.length}`);
    const cell = (name: (typeof REQUIRED)[number]) => cells[index![name]!]!.trim();
    const sourceCode = cell('source_code');
    const targetCode = cell('target_code');
    if (!HGNC_ID.test(sourceCode)) throw new ParseError(path, lineNo, `source_code '${sourceCode}' is not an HGNC id (HGNC:<n>)`);
    if (!HGNC_ID.test(targetCode)) throw new ParseError(path, lineNo, `target_code '${targetCode}' is not an HGNC id (HGNC:<n>)`);
    const pubmed = items(cell('pubmed'), /[|,]/);
    yield {
      line: lineNo, sourceCode, sourceSymbol: cell('source_symbol'), targetCode, targetSymbol: cell('target_symbol'),
      pubmedIds: pubmed.filter((p) => /^\d+$/.test(p)), invalidPubmed: pubmed.filter((p) => !/^\d+$/.test(p)),
      interactionTypes: items(cell('interaction_type'), /\|/), methods: items(cell('method'), /\|/),
    };
  }
  if (!index) throw new ParseError(path, lineNo, 'no column header (source_code, target_code, ...) found');
}
