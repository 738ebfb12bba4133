// Every module result drawn as tables a researcher can sort and filter: one per list the result holds
// (CAR-T antigens, GWAS genes and studies, trials, safety profiles, evidence records…). The lists and
// their columns come from TABLES (the columns a researcher reads first); a module not listed there gets
// every list of records in its result with their plain fields. Identifiers of drugs, genes and diseases
// link to their entity pages; tissues and other {id, label} records show their name (the id in the
// tooltip), never a bare UBERON id. Each table exports exactly the rows and columns on screen.
import { Child, h } from '../../core/dom';
import { dataTable } from '../../core/data-table';
import { entityHref, externalUrl } from '../../core/entity-links';
import { restsOnLines, type RestsOnLine } from './rests-on';
import { tableExports } from './table-export';

/** Which lists of a module's result are tables, and the fields shown (in order; at most MAX_COLUMNS when not given). */
interface TableChoice { key: string; title: string; columns?: string[] }

const TABLES: Record<string, TableChoice[]> = {
  'disease-module': [
    { key: 'disease_genes.in_interactome', title: 'Disease genes in the interactome', columns: ['symbol', 'id', 'degree', 'in_lcc'] },
    { key: 'lcc.edges', title: 'Interactions of the largest connected component', columns: ['source', 'target', 'evidence_count', 'pubmed_ids', 'methods'] },
    { key: 'disease_genes.not_in_interactome', title: 'Disease genes not in the interactome' },
  ],
  'gwas-loci': [
    { key: 'genes', title: 'GWAS genes', columns: ['symbol', 'id', 'loci', 'confidence', 'best_p_value', 'lead_snp', 'mapped', 'reported'] },
    { key: 'loci', title: 'Loci' },
    { key: 'studies', title: 'Studies', columns: ['pubmed_id', 'loci', 'lead_of', 'cases', 'controls', 'date'] },
  ],
  'biomarker-discovery': [{ key: 'biomarkers', title: 'Biomarker candidates' }, { key: 'relevant_tissues.tissues', title: 'Relevant tissues', columns: ['label', 'id', 'p', 'fdr', 'over'] }],
  'cart-suitability': [
    { key: 'antigens', title: 'Candidate antigens', columns: ['rank', 'symbol', 'id', 'rank_product', 'surface', 'vital_tissues', 'disease_relevance'] },
    { key: 'vital_tissues.used', title: 'Vital tissues checked', columns: ['name', 'id'] },
    { key: 'vital_tissues.not_in_bgee', title: 'Vital tissues Bgee does not cover', columns: ['name', 'id'] },
  ],
  'clinical-trials': [
    { key: 'drugs', title: 'Drugs in trials', columns: ['name', 'compound', 'highest_phase', 'trials', 'outcomes'] },
    { key: 'trials', title: 'Trials', columns: ['id', 'title', 'phase', 'status', 'interventions', 'outcome', 'synthetic', 'url'] },
  ],
  'drug-combinations': [{ key: 'pairs', title: 'Drug pairs' }, { key: 'compounds', title: 'Compounds' }],
  'drug-safety': [{ key: 'drugs', title: 'Drugs profiled', columns: ['name', 'id', 'drugbank_groups', 'withdrawn', 'side_effects', 'faers', 'labels'] }],
  'literature-mining': [
    { key: 'genes', title: 'Genes in the literature', columns: ['label', 'id', 'articles', 'pmids'] },
    { key: 'drugs', title: 'Drugs in the literature', columns: ['label', 'id', 'articles', 'pmids'] },
    { key: 'articles', title: 'Articles' },
  ],
  'evidence-gathering': [{ key: 'records', title: 'Evidence records', columns: ['title', 'source', 'native_id', 'type', 'published', 'url', 'also_found_in'] }],
  'semantic-search': [{ key: 'results', title: 'Results', columns: ['rank', 'id', 'label', 'score', 'kind'] }],
  'virtual-screening': [{ key: 'candidates', title: 'Screened candidates' }, { key: 'known_binders', title: 'Known binders' }],
};

const MAX_COLUMNS = 8;
/** Lists the result view already shows as a line (its snapshot ids). */
const SHOWN_ELSEWHERE = new Set(['snapshots']);
const PAGE = 25;
/** Prefixes the entity pages resolve (graph node ids). */
const ENTITY_PREFIX = /^(DRUGBANK|NCBIGene|MONDO|DOID|HGNC|ENSEMBL):[A-Za-z0-9_.-]+$/;

type Row = Record<string, unknown>;

/** Names of ids, learnt from the whole result: a tissue the graph labels only by its id is named where the result names it. */
type Names = Map<string, string>;

export function moduleTables(moduleId: string, result: Record<string, unknown>, disease: string | undefined): HTMLElement | null {
  const names = namesIn(result);
  const restsOn = restsOnLines(result);
  const draw = (choices: TableChoice[]) => choices.map((choice) => {
    const rows = pick(result, choice.key);
    if (!Array.isArray(rows) || rows.length === 0 || !rows.every(isRecord)) return null;
    return oneTable(moduleId, choice, rows as Row[], { disease, names, restsOn });
  }).filter((t): t is HTMLElement => t !== null);
  // A result shaped otherwise than TABLES expects still gets its lists drawn, not nothing.
  let tables = draw(TABLES[moduleId] ?? []);
  if (tables.length === 0) tables = draw(autoChoices(result));
  return tables.length === 0 ? null : h('div', { class: 'module-tables', 'data-testid': 'module-tables' }, tables);
}

/** A module not in TABLES: every top-level list of records. */
function autoChoices(result: Record<string, unknown>): TableChoice[] {
  return Object.entries(result).filter(([k, v]) => !SHOWN_ELSEWHERE.has(k) && Array.isArray(v) && v.length > 0 && v.every(isRecord)).map(([key]) => ({ key, title: key.replace(/_/g, ' ') }));
}

function pick(result: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (isRecord(v) ? v[k] : undefined), result);
}

function isRecord(v: unknown): v is Row {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function oneTable(moduleId: string, choice: TableChoice, rows: Row[], { disease, names, restsOn }: { disease: string | undefined; names: Names; restsOn: RestsOnLine[] }): HTMLElement {
  const columns = (choice.columns ?? defaultColumns(rows)).filter((c) => rows.some((r) => r[c] !== undefined));
  const testId = `module-table-${choice.key.replace(/\W+/g, '-')}`;
  let shown: Row[] = rows;
  const table = dataTable<Row>({
    testId,
    caption: choice.title,
    rows,
    columns: columns.map((key) => ({
      label: key.replace(/_/g, ' '),
      cell: (row) => cell(row[key], key, { disease, synthetic: row.synthetic === true, names }),
      sort: (row) => sortKey(row[key]),
    })),
    facets: [],
    text: (row) => columns.map((c) => plain(row[c], names)).join(' '),
    rowAttrs: () => ({ 'data-testid': 'module-row' }),
    pageSize: PAGE,
    onShown: (visible) => { shown = visible; },
  });
  return h('section', { class: 'module-table', 'data-testid': 'module-table', 'data-list': choice.key },
    h('h3', null, `${choice.title} (${rows.length})`),
    table,
    tableExports(() => ({ columns, rows: shown.map((r) => Object.fromEntries(columns.map((c) => [c, plain(r[c], names)]))) }), `${moduleId}-${choice.key}`, restsOn));
}

/** Plain fields first (those every row has), at most MAX_COLUMNS. */
function defaultColumns(rows: Row[]): string[] {
  const keys = Object.keys(rows[0] ?? {});
  const drawable = keys.filter((k) => rows.every((r) => isDrawable(r[k])));
  return drawable.slice(0, MAX_COLUMNS);
}

function isDrawable(v: unknown): boolean {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true;
  if (isRecord(v)) return labelOf(v) !== null;
  return Array.isArray(v) && v.length <= 50;
}

/** The name of an {id/curie, label/name/symbol} record, or null for other objects; a "name" that is only the id is replaced by a real one when known. */
function labelOf(v: Row, names?: Names): string | null {
  const name = v.label ?? v.name ?? v.symbol ?? v.title;
  if (typeof name !== 'string') return null;
  return isBareId(name) ? names?.get(name) ?? name : name;
}

function isBareId(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9.]*:[A-Za-z0-9_.-]+$/.test(text);
}

function namesIn(result: unknown, names: Names = new Map(), depth = 0): Names {
  if (depth > 4) return names;
  if (Array.isArray(result)) result.forEach((x) => namesIn(x, names, depth + 1));
  else if (isRecord(result)) {
    const id = idOf(result);
    const name = result.label ?? result.name;
    if (id && typeof name === 'string' && !isBareId(name)) names.set(id, name);
    Object.values(result).forEach((x) => namesIn(x, names, depth + 1));
  }
  return names;
}

/** The first list of named records inside a record (tissues inside a presence block), or null. */
function namedList(v: Row): Row[] | null {
  for (const x of Object.values(v)) if (Array.isArray(x) && x.length > 0 && x.every((y) => isRecord(y) && labelOf(y) !== null)) return x as Row[];
  return null;
}

function idOf(v: Row): string | null {
  const id = v.curie ?? v.id;
  return typeof id === 'string' ? id : null;
}

/** The text a cell shows and the exports carry. */
export function plain(v: unknown, names?: Names): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toPrecision(4);
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map((x) => plain(x, names)).join('; ');
  if (isRecord(v)) {
    const named = namedList(v);
    return labelOf(v, names) ?? idOf(v) ?? (typeof v.pmid === 'string' ? v.pmid : named ? `${summary(v)}: ${named.map((x) => plain(x, names)).join('; ')}` : summary(v));
  }
  return String(v);
}

/** A nested object without a name (a count block, a FAERS summary): its plain fields, briefly. */
function summary(v: Row): string {
  return Object.entries(v).filter(([, x]) => x === null || ['string', 'number', 'boolean'].includes(typeof x)).slice(0, 4)
    .map(([k, x]) => `${k.replace(/_/g, ' ')} ${plain(x)}`).join(', ') || (Array.isArray(v.events) ? `${v.events.length} events` : '…');
}

function sortKey(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) return v.length;
  return plain(v).toLowerCase();
}

interface CellContext { disease: string | undefined; synthetic: boolean; names: Names }

function cell(v: unknown, key: string, ctx: CellContext): Child {
  const { disease, names } = ctx;
  if (typeof v === 'string') return textCell(v, key, disease, ctx.synthetic);
  if (isRecord(v)) {
    const id = idOf(v);
    const name = labelOf(v, names);
    if (id && name) return idLink(id, name, disease);
    // A block holding named records (a CAR-T antigen's vital tissues): its figures, then the names.
    const named = namedList(v);
    if (named && !name && !id) return [summary(v), ': ', named.flatMap((x, i) => [i === 0 ? '' : '; ', idLink(idOf(x) ?? '', labelOf(x, names)!, disease)])];
    return plain(v, names);
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return '—';
    const items = v.slice(0, 5).map((x) => (isRecord(x) && idOf(x) && labelOf(x, names) ? idLink(idOf(x)!, labelOf(x, names)!, disease) : plain(x, names)));
    return [items.flatMap((x, i) => (i === 0 ? [x] : ['; ', x])), v.length > 5 ? ` (+${v.length - 5} more)` : ''];
  }
  return plain(v, names);
}

/** A made-up record of the offline corpus (synthetic) never links to a provider: there is nothing there. */
function textCell(v: string, key: string, disease: string | undefined, synthetic: boolean): Child {
  if (ENTITY_PREFIX.test(v)) return idLink(v, v, disease);
  if (synthetic) return v;
  if (key === 'url' && /^https:\/\//.test(v)) return h('a', { href: v, target: '_blank', rel: 'noopener noreferrer' }, 'source');
  const provider = PUBMED_KEYS.has(key) && /^\d{1,9}$/.test(v) ? externalUrl(`PMID:${v}`) : /^NCT\d{8}$/.test(v) ? externalUrl(`NCT:${v.slice(3)}`) : null;
  return provider ? h('a', { href: provider, target: '_blank', rel: 'noopener noreferrer' }, v) : v;
}

const PUBMED_KEYS = new Set(['pubmed_id', 'pmid', 'lead_pubmed_id']);

/** A drug, gene or disease leads to its entity page; a tissue or other id shows its name, the id as tooltip. */
function idLink(id: string, name: string, disease: string | undefined): Child {
  if (ENTITY_PREFIX.test(id)) return h('a', { href: entityHref(id, { disease }), title: id }, name);
  const outside = /^[A-Za-z.]+:/.test(id) ? externalUrl(id) : null;
  if (outside) return h('a', { href: outside, target: '_blank', rel: 'noopener noreferrer', title: id }, name);
  return h('span', { title: id }, name);
}
