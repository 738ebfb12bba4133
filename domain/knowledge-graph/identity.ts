// One node per entity: resources name the same disease or gene differently (PharmacotherapyDB and the GWAS
// Catalog by DOID, the interactome by HGNC id, Reactome by symbol, the surfaceome by Ensembl id). The
// graph puts each on its canonical CURIE through EXACT mappings of the active snapshots only:
//   DOID -> MONDO        when exactly one MONDO id is a skos:exactMatch of the DOID (MONDO's SSSOM set);
//   HGNC / ENSEMBL / GENE_SYMBOL / UNIPROT -> NCBIGene  when exactly one NCBI Gene id maps to it exactly
//                        (gene_info, HGNC's complete set);
//   CHEMBL / DRUGCENTRAL -> DRUGBANK   when exactly one DrugBank id is an exact match (the chembl importer's UniChem and
//                        exact DrugBank-vocabulary joins).
// An id with no or several exact matches stays as it is (its own node). Labels are never matched.

export interface ExactMapping {
  /** The canonical side: MONDO:… or NCBIGene:… */
  subject: string;
  /** The alias: DOID:…, HGNC:…, ENSEMBL:…, GENE_SYMBOL:… */
  object: string;
}

const CANONICAL_OF: Readonly<Record<string, string>> = {
  DOID: 'MONDO', EFO: 'MONDO', HGNC: 'NCBIGene', ENSEMBL: 'NCBIGene', GENE_SYMBOL: 'NCBIGene', UNIPROT: 'NCBIGene', CHEMBL: 'DRUGBANK', DRUGCENTRAL: 'DRUGBANK',
};

function prefix(curie: string): string {
  const colon = curie.indexOf(':');
  return colon < 0 ? '' : curie.slice(0, colon);
}

export interface CanonicalIdentity {
  /** The canonical CURIE of `curie` (itself when it has none). */
  canonical(curie: string): string;
  /** alias -> canonical, for every alias that has exactly one canonical id. */
  readonly aliases: ReadonlyMap<string, string>;
  /** Aliases left as they are because several canonical ids match them exactly. */
  readonly ambiguous: number;
}

export function canonicalIdentity(mappings: Iterable<ExactMapping>): CanonicalIdentity {
  const targets = new Map<string, Set<string>>();
  for (const m of mappings) {
    const wanted = CANONICAL_OF[prefix(m.object)];
    if (!wanted || prefix(m.subject) !== wanted) continue;
    let set = targets.get(m.object);
    if (!set) targets.set(m.object, (set = new Set()));
    set.add(m.subject);
  }
  const aliases = new Map<string, string>();
  let ambiguous = 0;
  for (const [alias, set] of targets) {
    if (set.size === 1) aliases.set(alias, set.values().next().value as string);
    else ambiguous++;
  }
  return { canonical: (curie) => aliases.get(curie) ?? curie, aliases, ambiguous };
}
