// The lexicon's two reference sources, read from their files' text (pure parsing; the files are the seed
// slice's NCBI Gene gene_info and DrugBank slim table, fixtures/seed/). Only names fit for linking from
// free text are kept; scripts/derive-lexicon.ts writes the result to lexicon-data.json.
import { compact } from './text';
import { distinctiveSynonym } from './terms';

export interface GeneRecord {
  /** NCBI Gene id. */
  id: string;
  symbol: string;
  /** Distinctive synonyms no other gene of the slice uses (as symbol or synonym). */
  synonyms: string[];
  /** The full name and other designations no other gene of the slice uses. */
  names: string[];
}

export interface DrugRecord {
  /** DrugBank id. */
  id: string;
  name: string;
}

interface GeneRow { id: string; symbol: string; synonyms: string[]; names: string[] }

function geneRows(text: string): GeneRow[] {
  return text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')).filter((c) => c[0] === '9606').map((c) => ({
    id: c[1]!, symbol: c[2]!,
    synonyms: (c[4] ?? '-').split('|').filter((s) => s !== '-'),
    names: [c[11] && c[11] !== '-' ? c[11] : c[8]!, ...(c[13] ?? '-').split('|')].filter((s) => s && s !== '-'),
  }));
}

/** Words of class names ("tyrosine kinase", "protein kinase"): a name made only of them names no one gene. */
const GENERIC_WORDS = new Set([
  'protein', 'proteins', 'kinase', 'tyrosine', 'serine', 'threonine', 'receptor', 'factor', 'enzyme', 'subunit', 'chain',
  'domain', 'family', 'member', 'antigen', 'cell', 'cells', 'surface', 'growth', 'binding', 'like', 'type', 'transcription',
  'phosphatase', 'channel', 'transporter', 'ligand', 'complex', 'putative', 'uncharacterized', 'unknown', 'hypothetical',
  'non', 'specific', 'human', 'precursor', 'isoform', 'variant', 'fragment', 'homolog', 'a', 'b', 'c', 'of', 'and',
]);

/** Family names that NCBI lists as one gene's synonym but that name a family in text (NF-kappaB). */
const FAMILY_NAMES = new Set(['nfkappab', 'nfkb', 'nfkappabeta']);

/** Synonyms that are a Greek letter with a number ("alpha-4" is integrin alpha 4 in text, not IGBP1). */
const GREEK_NUMBER = /^(?:alpha|beta|gamma|delta|epsilon|kappa|lambda)[- ]?\d+$/i;

/** A descriptive name that can be found in text: letters, digits, spaces, hyphens; a phrase or a long word. */
function linkableName(name: string): boolean {
  if (!/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(name) || name.length > 60 || !specific(name)) return false;
  return name.includes(' ') || name.includes('-') ? compact(name).length >= 6 : name.length >= 8;
}

function specific(name: string): boolean {
  const key = compact(name).toLowerCase();
  if (FAMILY_NAMES.has(key) || GREEK_NUMBER.test(name)) return false;
  return !name.toLowerCase().split(/[\s-]+/).every((w) => GENERIC_WORDS.has(w));
}

/** How many genes of the rows use each key (a symbol, synonym or name, letters and digits, lower case). */
function usage(rows: GeneRow[], pick: (r: GeneRow) => string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const key of new Set(pick(row).map((s) => compact(s).toLowerCase()))) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Gene records of a gene_info text, in file order. */
export function geneRecords(geneInfoText: string): GeneRecord[] {
  const rows = geneRows(geneInfoText);
  const symbolOf = new Map(rows.map((r) => [compact(r.symbol).toLowerCase(), r.id]));
  const synonyms = usage(rows, (r) => r.synonyms.filter(distinctiveSynonym));
  const names = usage(rows, (r) => r.names.filter(linkableName));
  // Another gene's symbol, or a name two genes share, is never kept: it would link the wrong gene.
  const free = (id: string, key: string) => (symbolOf.get(key) ?? id) === id;
  return rows.map((r) => ({
    id: r.id,
    symbol: r.symbol,
    synonyms: unique(r.synonyms.filter((s) => {
      const key = compact(s).toLowerCase();
      return distinctiveSynonym(s) && specific(s) && synonyms.get(key) === 1 && free(r.id, key);
    })),
    names: unique(r.names.filter((n) => {
      const key = compact(n).toLowerCase();
      return linkableName(n) && names.get(key) === 1 && free(r.id, key);
    })),
  }));
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = compact(v).toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * DrugBank slim rows (drugbank_id, name, ...): descriptions may be quoted and span lines, so records are
 * split at line breaks outside double quotes.
 */
export function drugRecords(drugbankText: string): DrugRecord[] {
  const out: DrugRecord[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i <= drugbankText.length; i++) {
    const ch = drugbankText[i];
    if (ch === '"') quoted = !quoted;
    else if ((ch === '\n' || i === drugbankText.length) && !quoted) {
      const cells = drugbankText.slice(start, i).split('\t');
      if (/^DB\d+$/.test(cells[0] ?? '') && cells[1]) out.push({ id: cells[0]!, name: cells[1]! });
      start = i + 1;
    }
  }
  return out;
}
