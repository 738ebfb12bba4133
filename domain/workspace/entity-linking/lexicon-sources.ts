// The lexicon's reference sources, read from their files' text (pure parsing; the files are the seed
// slice's NCBI Gene gene_info, HGNC complete set, DrugBank slim table and DrugBank open vocabulary,
// fixtures/seed/ — the same files the store imports as resources ncbi_gene, hgnc, drugbank and
// drugbank_vocabulary). Only names fit for linking from free text are kept; scripts/derive-lexicon.ts
// writes the result to lexicon-data.json.
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
  /** DrugBank vocabulary synonyms (code names, INN variants) no other drug or gene of the slice uses. */
  synonyms?: string[];
}

interface GeneRow { id: string; symbol: string; synonyms: string[]; names: string[] }

function geneRows(text: string, hgncAliases: ReadonlyMap<string, string[]>): GeneRow[] {
  return text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')).filter((c) => c[0] === '9606').map((c) => ({
    id: c[1]!, symbol: c[2]!,
    synonyms: [...(c[4] ?? '-').split('|').filter((s) => s !== '-'), ...(hgncAliases.get(c[1]!) ?? []).filter((s) => s !== c[2])],
    names: [c[11] && c[11] !== '-' ? c[11] : c[8]!, ...(c[13] ?? '-').split('|')].filter((s) => s && s !== '-'),
  }));
}

/**
 * HGNC complete set (tab-separated, header row): Entrez id -> alias and previous symbols of approved
 * genes, the names papers still use (HGNC renames genes; NCBI's synonyms lag or differ).
 */
export function hgncAliases(hgncText: string): Map<string, string[]> {
  const [header, ...lines] = hgncText.split('\n');
  const columns = (header ?? '').split('\t');
  const at = (name: string) => columns.indexOf(name);
  const [entrez, status, alias, prev] = [at('entrez_id'), at('status'), at('alias_symbol'), at('prev_symbol')];
  const out = new Map<string, string[]>();
  if ([entrez, status, alias, prev].includes(-1)) throw new Error('HGNC complete set: missing entrez_id, status, alias_symbol or prev_symbol column');
  for (const line of lines) {
    const c = line.split('\t');
    if (c[status] !== 'Approved' || !c[entrez]) continue;
    const values = [c[alias], c[prev]].flatMap((v) => (v ?? '').replace(/^"|"$/g, '').split('|')).filter((v) => v !== '');
    if (values.length > 0) out.set(c[entrez]!, values);
  }
  return out;
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
export function geneRecords(geneInfoText: string, hgncText?: string): GeneRecord[] {
  const rows = geneRows(geneInfoText, hgncText ? hgncAliases(hgncText) : new Map());
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

/** One CSV line's fields (double-quoted fields may hold commas; "" is a quote). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { field += '"'; i++; } else if (ch === '"') quoted = false; else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(field); field = ''; } else field += ch;
  }
  out.push(field);
  return out;
}

/** The DrugBank open vocabulary's rows (id, common name, ' | '-separated synonyms), biologics included. */
function vocabularyRows(text: string): { id: string; name: string; synonyms: string[] }[] {
  const [header, ...lines] = text.split(/\r?\n/);
  const columns = csvFields(header ?? '');
  const [id, name, synonyms] = ['DrugBank ID', 'Common name', 'Synonyms'].map((c) => columns.indexOf(c));
  if ([id, name, synonyms].includes(-1)) throw new Error('DrugBank vocabulary: missing DrugBank ID, Common name or Synonyms column');
  return lines.filter((l) => l.trim() !== '').map(csvFields).filter((c) => /^DB\d+$/.test(c[id!] ?? '') && c[name!]).map((c) => ({
    id: c[id!]!, name: c[name!]!.trim(), synonyms: (c[synonyms!] ?? '').split(' | ').map((s) => s.trim()).filter((s) => s !== ''),
  }));
}

/** A drug synonym that can be found in text: letters, digits, spaces, hyphens; 5+ letters/digits, not a class name. */
function linkableDrugSynonym(name: string): boolean {
  return /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(name) && name.length <= 60 && compact(name).length >= 5 && specific(name);
}

/**
 * The drugs of the slim table, joined with the DrugBank open vocabulary by DrugBank id: every vocabulary
 * entry is a drug (biologics and drugs approved since DrugBank 4 included); its common name is the name
 * when the slim table has none, and its synonyms are kept when no other drug's name or synonym and no gene
 * term (`geneKeys`: symbols, synonyms and names, letters and digits in lower case) uses them.
 */
export function vocabularyDrugRecords(slim: DrugRecord[], vocabularyText: string, geneKeys: ReadonlySet<string>): DrugRecord[] {
  const rows = vocabularyRows(vocabularyText);
  const byId = new Map<string, DrugRecord>(slim.map((d) => [d.id, { id: d.id, name: d.name }]));
  for (const r of rows) if (!byId.has(r.id)) byId.set(r.id, { id: r.id, name: r.name });
  const names = new Map<string, number>();
  for (const d of byId.values()) names.set(compact(d.name).toLowerCase(), (names.get(compact(d.name).toLowerCase()) ?? 0) + 1);
  const synonymUse = new Map<string, number>();
  for (const r of rows) for (const key of new Set(r.synonyms.map((s) => compact(s).toLowerCase()))) synonymUse.set(key, (synonymUse.get(key) ?? 0) + 1);
  for (const r of rows) {
    const drug = byId.get(r.id)!;
    const own = compact(drug.name).toLowerCase();
    // The vocabulary's common name when the slim table names the drug otherwise ("Adalimumab" vs older spellings).
    const kept = unique([r.name, ...r.synonyms].filter((s) => {
      const key = compact(s).toLowerCase();
      if (key === own || !linkableDrugSynonym(s) || geneKeys.has(key) || names.has(key)) return false;
      return s === r.name || (synonymUse.get(key) ?? 0) === 1;
    }));
    if (kept.length > 0) drug.synonyms = kept;
  }
  return [...byId.values()];
}

/** Every gene term of the records (symbol, synonyms, names), letters and digits in lower case. */
export function geneKeys(genes: GeneRecord[]): Set<string> {
  return new Set(genes.flatMap((g) => [g.symbol, ...g.synonyms, ...g.names]).map((s) => compact(s).toLowerCase()));
}
