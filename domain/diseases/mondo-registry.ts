// The disease registry of spec §2.1/§8 over MONDO itself: every live (non-obsolete) MONDO class with its
// exact cross-references (MONDO's own skos:exactMatch mapping sets: EFO, DOID, MeSH, OMIM, Orphanet). A class
// is a registry disease when at least one of those exact cross-references is an identifier an evidence source
// searches by (GWAS Catalog and Open Targets: EFO; PharmacotherapyDB, the GWAS Rephetio files and the knowledge
// graph: DOID; PubMed: MeSH; HPO annotations and ClinVar: OMIM and Orphanet). Never label matching.
// Pure: the caller reads the files (infra/diseases/read-mondo-registry.ts). Lookups are Map gets.

/** The prefixes (as MONDO's mapping sets write them) an evidence source can search by. */
export const SEARCHABLE_XREF_PREFIXES = ['EFO', 'DOID', 'mesh', 'OMIM', 'Orphanet'] as const;
export type SearchablePrefix = typeof SEARCHABLE_XREF_PREFIXES[number];

export interface MondoClass {
  /** MONDO:0007915 */
  readonly id: string;
  readonly label: string;
  /** Exact cross-references, in the order the sets were read (MONDO's own spelling: `mesh:D008180`, `EFO:0002690`). */
  readonly xrefs: readonly string[];
}

export interface MondoRegistryCounts {
  /** MONDO classes in the class list (obsolete included). */
  classes: number;
  obsolete: number;
  live: number;
  /** Live classes with at least one exact searchable cross-reference: the registry's diseases. */
  registry: number;
  /** Live classes per prefix of at least one exact cross-reference. */
  live_with_xref: Record<SearchablePrefix, number>;
  /** Exact mapping rows read, and those left out because their MONDO class is obsolete or not in the class list. */
  mapping_rows: number;
  mapping_rows_obsolete_or_unknown: number;
  /** Cross-references that are the exact match of several live MONDO classes (never resolved: a guess). */
  ambiguous_xrefs: number;
}

const MONDO_ID = /^MONDO:\d{7}$/;
/** MONDO labels an obsolete class "obsolete …" (one class of the 2026-08 build reads "obsoleted …"). */
const OBSOLETE_LABEL = /^obsolete(d)?\s/i;

/** 7915 for MONDO:0007915; undefined for anything else. */
function mondoNumber(id: string): number | undefined {
  return id.length === 13 && MONDO_ID.test(id) ? Number(id.slice(6)) : undefined;
}

function mondoCurie(n: number): string {
  return `MONDO:${String(n).padStart(7, '0')}`;
}

export function isObsoleteLabel(label: string): boolean {
  return OBSOLETE_LABEL.test(label);
}

function prefixOf(curie: string): string {
  const colon = curie.indexOf(':');
  return colon < 0 ? '' : curie.slice(0, colon);
}

/** Accepts `EFO:0002690`, `EFO_0002690`, `MESH:D008180` (any case of the prefix) as MONDO's own spelling. */
export function normaliseXref(curie: string): string | null {
  const match = /^([A-Za-z]+)[:_](\S+)$/.exec(curie.trim());
  if (!match) return null;
  const wanted = SEARCHABLE_XREF_PREFIXES.find((p) => p.toLowerCase() === match[1]!.toLowerCase());
  return wanted ? `${wanted}:${match[2]}` : null;
}

export class MondoRegistry {
  // Keyed by the MONDO number (MONDO:0007915 -> 7915): small-integer keys hash and compare far faster than
  // the id strings, which are slices of a few large file texts (the registry is read on a service's first request).
  private readonly classes = new Map<number, MondoClass>();
  /** xref -> the MONDO number of the one live class it is an exact match of (-1 when several: ambiguous). */
  private readonly byXref = new Map<string, number>();
  private readonly tally: MondoRegistryCounts;

  /**
   * `classRows`: every MONDO class of the class list (id, label; obsolete ones are counted and left out).
   * `exactMappings`: (MONDO id, cross-reference) rows of MONDO's skos:exactMatch sets.
   */
  constructor(classRows: Iterable<{ id: string; label: string }>, exactMappings: Iterable<{ mondo: string; xref: string }>) {
    let classes = 0;
    let obsolete = 0;
    const xrefsOf = new Map<number, string[]>();
    const labels = new Map<number, string>();
    for (const row of classRows) {
      const n = mondoNumber(row.id);
      if (n === undefined) continue;
      classes++;
      if (isObsoleteLabel(row.label)) { obsolete++; continue; }
      labels.set(n, row.label);
    }
    let rows = 0;
    let left = 0;
    for (const m of exactMappings) {
      rows++;
      const n = mondoNumber(m.mondo);
      if (n === undefined || !labels.has(n) || !SEARCHABLE_XREF_PREFIXES.includes(prefixOf(m.xref) as SearchablePrefix)) { left++; continue; }
      const list = xrefsOf.get(n);
      if (!list) xrefsOf.set(n, [m.xref]);
      else if (!list.includes(m.xref)) list.push(m.xref);
      const owner = this.byXref.get(m.xref);
      if (owner === undefined) this.byXref.set(m.xref, n);
      else if (owner !== n) this.byXref.set(m.xref, -1);
    }
    const perPrefix = Object.fromEntries(SEARCHABLE_XREF_PREFIXES.map((p) => [p, 0])) as Record<SearchablePrefix, number>;
    for (const [n, xrefs] of xrefsOf) {
      this.classes.set(n, { id: mondoCurie(n), label: labels.get(n)!, xrefs });
      for (const p of SEARCHABLE_XREF_PREFIXES) if (xrefs.some((x) => x.startsWith(p) && x.charCodeAt(p.length) === 58 /* : */)) perPrefix[p]++;
    }
    let ambiguous = 0;
    for (const owner of this.byXref.values()) if (owner === -1) ambiguous++;
    this.tally = {
      classes, obsolete, live: labels.size, registry: this.classes.size, live_with_xref: perPrefix,
      mapping_rows: rows, mapping_rows_obsolete_or_unknown: left, ambiguous_xrefs: ambiguous,
    };
  }

  get size(): number {
    return this.classes.size;
  }

  counts(): MondoRegistryCounts {
    return { ...this.tally, live_with_xref: { ...this.tally.live_with_xref } };
  }

  /** The registry class for `MONDO:0007915` (or `mondo_0007915`, the module-id form), else undefined. */
  get(id: string): MondoClass | undefined {
    const n = /^mondo_\d{7}$/.test(id) ? Number(id.slice(6)) : mondoNumber(id);
    return n === undefined ? undefined : this.classes.get(n);
  }

  /** The one live MONDO class `xref` (EFO:…, DOID:…, MESH:…, OMIM:…, Orphanet:…) is an exact match of; undefined when none or several. */
  mondoOf(xref: string): string | undefined {
    const key = normaliseXref(xref);
    if (!key) return undefined;
    const owner = this.byXref.get(key);
    return owner === undefined || owner < 0 ? undefined : this.classes.get(owner)!.id;
  }

  /** A MONDO id or module id of the registry, or a cross-reference exactly matching one of its classes, as its MONDO id. */
  resolve(idOrCurie: string): string | undefined {
    return this.get(idOrCurie)?.id ?? this.mondoOf(idOrCurie);
  }
}
