// The legacy curated knowledge graph (fixtures/kg/*.json, the graph the dossier pipeline uses) read as
// claims in the canonical vocabulary, so BIOMED_LEGACY_PROJECTION diagnostics can set each curated
// edge against the canonical snapshots. Pure. A node gets a canonical CURIE only from the identifier
// its curators recorded in `xrefs` (never from its label); a node without one stays unmapped.

export const LEGACY_RESOURCE = 'legacy_curated';

export interface LegacyNode { id: string; kind: string; label?: string; xrefs?: Record<string, string> }
export interface LegacyEdge { source: string; target: string; relation: string; provenance?: string }

/** Canonical predicate of each legacy relation; `flip` when the canonical claim is about the other end. */
export const LEGACY_RELATIONS: Readonly<Record<string, { predicate: string; flip: boolean }>> = {
  has_phenotype: { predicate: 'HAS_PHENOTYPE', flip: false },     // disease -> phenotype
  participates_in: { predicate: 'PARTICIPATES_IN', flip: false }, // gene -> pathway (as reactome writes it)
  associated_with: { predicate: 'ASSOCIATED_WITH_GENE', flip: true }, // target -> disease, canonically disease -> gene
  implicated_in: { predicate: 'INVOLVES_PATHWAY', flip: true },   // pathway -> disease, canonically disease -> pathway
  treats: { predicate: 'HAS_DRUG_EVIDENCE', flip: true },         // drug -> disease, canonically disease -> drug
  targets: { predicate: 'TARGETS', flip: false },                 // drug -> gene; no canonical importer writes it yet
};

export const LEGACY_PREDICATES = [...new Set(Object.values(LEGACY_RELATIONS).map((r) => r.predicate))].sort();

/** Where an unmapped node's id goes in a stored claim: a namespace no canonical resource uses. */
export const LEGACY_PREFIX = 'LEGACY';

const XREF_RULES: Readonly<Record<string, { key: string; pattern: RegExp; curie: (v: string) => string }>> = {
  disease: { key: 'mondo', pattern: /^MONDO:\d{7}$/, curie: (v) => v },
  phenotype: { key: 'hpo', pattern: /^HP:\d{7}$/, curie: (v) => v },
  pathway: { key: 'reactome', pattern: /^R-[A-Z]{3}-\d+$/, curie: (v) => `REACTOME:${v}` },
  // Same CURIE form as the reactome importer's gene names, so curated targets meet Reactome genes.
  target: { key: 'hgnc_symbol', pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, curie: (v) => `GENE_SYMBOL:${v}` },
  drug: { key: 'chembl', pattern: /^CHEMBL\d+$/, curie: (v) => `CHEMBL:${v}` },
};

/** The canonical CURIE a curated node's recorded identifier names, or null. */
export function canonicalEntity(node: LegacyNode): string | null {
  const rule = XREF_RULES[node.kind];
  const value = rule ? node.xrefs?.[rule.key] : undefined;
  return rule && typeof value === 'string' && rule.pattern.test(value) ? rule.curie(value) : null;
}

export interface LegacyEnd { legacy_id: string; label: string | null; curie: string | null }

export interface LegacyClaim {
  subject: LegacyEnd;
  predicate: string;
  object: LegacyEnd;
  relation: string;
  provenance: string | null;
}

export class LegacyGraphError extends Error {
  override name = 'LegacyGraphError';
}

/** One curated edge as a canonical-vocabulary claim; throws LegacyGraphError for what cannot be read. */
export function legacyClaim(edge: LegacyEdge, nodes: ReadonlyMap<string, LegacyNode>): LegacyClaim {
  const rule = LEGACY_RELATIONS[edge.relation];
  if (!rule) throw new LegacyGraphError(`unknown relation '${edge.relation}' (known: ${Object.keys(LEGACY_RELATIONS).join(', ')})`);
  const end = (id: string): LegacyEnd => {
    const node = nodes.get(id);
    if (!node) throw new LegacyGraphError(`edge ${edge.source} -${edge.relation}-> ${edge.target} names node '${id}', which no file defines`);
    return { legacy_id: id, label: node.label ?? null, curie: canonicalEntity(node) };
  };
  const [subject, object] = rule.flip ? [end(edge.target), end(edge.source)] : [end(edge.source), end(edge.target)];
  return { subject, predicate: rule.predicate, object, relation: edge.relation, provenance: edge.provenance ?? null };
}

/** The id a stored claim carries for an end: its canonical CURIE, else LEGACY:<legacy id>. */
export function storedId(end: LegacyEnd): string {
  return end.curie ?? `${LEGACY_PREFIX}:${end.legacy_id}`;
}
