// The knowledge graph's schema (its "metagraph", in Hetionet's words: Himmelstein et al., eLife 2017,
// doi:10.7554/eLife.26726): which node types exist, which CURIE prefixes name each, and which stored claim
// predicates become which typed, directed edges. Only claims that SUPPORT their statement become edges:
// a curated non-indication (PharmacotherapyDB NOT, a TREATS claim that contradicts) or a measured affinity
// above the BINDS threshold (neutral) is data about the pair, never an edge to walk, and never absence.

export const NODE_TYPES = ['Disease', 'Gene', 'Compound', 'Pathway', 'Anatomy', 'SideEffect', 'Phenotype'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** CURIE prefix -> node type. A claim naming a prefix outside this table is left out of the graph (counted). */
const PREFIX_TYPES: Readonly<Record<string, NodeType>> = {
  MONDO: 'Disease', DOID: 'Disease', OMIM: 'Disease', Orphanet: 'Disease', EFO: 'Disease',
  NCBIGene: 'Gene', HGNC: 'Gene', ENSEMBL: 'Gene', GENE_SYMBOL: 'Gene', UNIPROT: 'Gene',
  DRUGBANK: 'Compound', CHEMBL: 'Compound', DRUGCENTRAL: 'Compound',
  REACTOME: 'Pathway',
  UBERON: 'Anatomy', CL: 'Anatomy',
  UMLS: 'SideEffect',
  HP: 'Phenotype',
};

export function nodeTypeOf(curie: string): NodeType | undefined {
  const colon = curie.indexOf(':');
  return colon < 0 ? undefined : PREFIX_TYPES[curie.slice(0, colon)];
}

export interface EdgeTypeSpec {
  /** The stored claim predicate, and the edge type's name. */
  readonly type: string;
  readonly from: NodeType;
  readonly to: NodeType;
  /** Symmetric relations (gene-gene interaction) are walked both ways as forward steps. */
  readonly symmetric: boolean;
  /** Hetionet's metaedge abbreviation, where Hetionet has the same relation. */
  readonly abbreviation: string;
  /** Expression edges: left out of path search unless asked for (see PATH_DEFAULT_EXCLUDED). */
  readonly expression?: true;
}

export const EDGE_TYPES: readonly EdgeTypeSpec[] = [
  { type: 'TREATS', from: 'Compound', to: 'Disease', symmetric: false, abbreviation: 'CtD' },
  { type: 'PALLIATES', from: 'Compound', to: 'Disease', symmetric: false, abbreviation: 'CpD' },
  // ChEMBL indications by trial phase: not Hetionet metaedges, never link prediction's labels or features.
  { type: 'APPROVED_FOR', from: 'Compound', to: 'Disease', symmetric: false, abbreviation: 'CaD' },
  { type: 'STUDIED_FOR', from: 'Compound', to: 'Disease', symmetric: false, abbreviation: 'CsD' },
  { type: 'TARGETS', from: 'Compound', to: 'Gene', symmetric: false, abbreviation: 'CbG' },
  { type: 'BINDS', from: 'Compound', to: 'Gene', symmetric: false, abbreviation: 'CbG' },
  { type: 'CAUSES', from: 'Compound', to: 'SideEffect', symmetric: false, abbreviation: 'CcSE' },
  { type: 'ASSOCIATES', from: 'Disease', to: 'Gene', symmetric: false, abbreviation: 'DaG' },
  { type: 'HAS_PHENOTYPE', from: 'Disease', to: 'Phenotype', symmetric: false, abbreviation: 'DpS' },
  { type: 'IS_A', from: 'Disease', to: 'Disease', symmetric: false, abbreviation: 'DisaD' },
  { type: 'INTERACTS_WITH', from: 'Gene', to: 'Gene', symmetric: true, abbreviation: 'GiG' },
  { type: 'PARTICIPATES_IN', from: 'Gene', to: 'Pathway', symmetric: false, abbreviation: 'GpPW' },
  { type: 'EXPRESSED_IN', from: 'Gene', to: 'Anatomy', symmetric: false, abbreviation: 'AeG', expression: true },
  { type: 'UPREGULATED_IN', from: 'Gene', to: 'Anatomy', symmetric: false, abbreviation: 'AuG', expression: true },
  { type: 'DOWNREGULATED_IN', from: 'Gene', to: 'Anatomy', symmetric: false, abbreviation: 'AdG', expression: true },
];

export const EDGE_TYPE_NAMES: readonly string[] = EDGE_TYPES.map((e) => e.type);
const BY_TYPE = new Map(EDGE_TYPES.map((e, i) => [e.type, i]));

/** Index of an edge type in EDGE_TYPES, or undefined. */
export function edgeTypeIndex(type: string): number | undefined {
  return BY_TYPE.get(type);
}

/**
 * Left out of path search, neighbourhoods, centrality and communities unless a request names them:
 * - expression: every gene is expressed somewhere (Bgee: ~1.15 million gene-anatomy presences), so a path
 *   through an anatomy term explains nothing and the 188 anatomy hubs would dominate every metric;
 * - side effects: a side effect two drugs share (nausea: hundreds of compounds) is a similarity, not a
 *   mechanism, and the 150,000 CAUSES edges would route most paths through a few symptoms.
 */
export const PATH_DEFAULT_EXCLUDED: ReadonlySet<string> = new Set([...EDGE_TYPES.filter((e) => e.expression).map((e) => e.type), 'CAUSES']);
