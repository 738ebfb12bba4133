// Which part of the knowledge graph link prediction sees (issue 25 item 5, issue 29): by default the
// Rephetio-era feature set — only edges supported by a claim of a resource of Project Rephetio's era
// (Himmelstein et al., eLife 2017), and only compounds those resources know. Later resources (ChEMBL's
// targets and indications, the DrugBank vocabulary, HGNC, MONDO, …) stay in the graph for other modules,
// but would otherwise add thousands of compounds without Rephetio-era edges as easy negatives and
// candidates, and edges Rephetio never had as features, so figures would stop being comparable.
// A compound is in the universe when at least one of its edges cites a Rephetio-era claim; an edge is a
// feature edge when at least one of its claims is Rephetio-era (a ChEMBL-only TARGETS edge is not). Pure.
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';

/** The resources of `link-prediction-real`'s Rephetio-era store (DrugBank 4, DrugCentral 2017, BindingDB 2015, …). */
export const REPHETIO_ERA_RESOURCES = [
  'disease_ontology', 'pharmacotherapydb', 'ncbi_gene', 'drugbank', 'drugcentral', 'bindingdb', 'gwas_catalog', 'ppi', 'sider', 'reactome', 'bgee',
] as const;

/** Named feature sets a model can be trained on. Only the Rephetio-era one is served. */
export const FEATURE_SETS = {
  rephetio_era: {
    resources: REPHETIO_ERA_RESOURCES as readonly string[],
    description: 'edges with a claim of a Rephetio-era resource, compounds with at least one such edge (ChEMBL targets and indications excluded)',
  },
} as const;
export type FeatureSetName = keyof typeof FEATURE_SETS;

export interface CompoundUniverse {
  feature_set: FeatureSetName;
  resources: readonly string[];
  /** Compounds of the universe, and compound nodes of the graph left out (no Rephetio-era edge). */
  compounds: number;
  excluded_compounds: number;
}

export interface ModelScope {
  name: FeatureSetName;
  /** Whether edge e (graph edge index) may be a feature or label edge. */
  edgeAllowed: (e: number) => boolean;
  /** Compound nodes of the universe (graph order). */
  compounds: Int32Array;
  universe: CompoundUniverse;
}

export function modelScope(g: TypedKnowledgeGraph, name: FeatureSetName = 'rephetio_era'): ModelScope {
  const resources = FEATURE_SETS[name].resources;
  const wanted = new Set(resources);
  const snapshotMask = Uint8Array.from(g.snapshots, (s) => (wanted.has(s.resource) ? 1 : 0));
  const allowed = new Uint8Array(g.edgeCount);
  for (let e = 0; e < g.edgeCount; e++) if (g.hasClaimFrom(e, snapshotMask)) allowed[e] = 1;
  const a = g.adjacency();
  const inUniverse = new Uint8Array(g.nodeCount);
  for (let e = 0; e < g.edgeCount; e++) {
    if (!allowed[e]) continue;
    inUniverse[a.edgeSrc[e]!] = 1;
    inUniverse[a.edgeDst[e]!] = 1;
  }
  const compounds: number[] = [];
  let excluded = 0;
  for (let u = 0; u < g.nodeCount; u++) {
    if (g.typeOf(u) !== 'Compound') continue;
    if (inUniverse[u]) compounds.push(u); else excluded++;
  }
  return {
    name,
    edgeAllowed: (e) => allowed[e] === 1,
    compounds: Int32Array.from(compounds),
    universe: { feature_set: name, resources, compounds: compounds.length, excluded_compounds: excluded },
  };
}
