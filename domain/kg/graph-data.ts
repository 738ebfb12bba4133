// The Workspace's words for knowledge-graph data: node kinds, relations, nodes and sourced edges, as the pipeline
// sees them through GraphView (production: the store graph, domain/workspace/store-graph-view.ts; specs: a tiny
// fixture graph). Edges always cite where they come from; none is ever inferred from text.

export type NodeKind = 'drug' | 'target' | 'pathway' | 'disease' | 'phenotype';

export interface GraphNode {
  /** Namespaced id: drug:hydroxychloroquine, target:TLR7, pathway:R-HSA-168928, disease:sle, phenotype:HP:0001369 */
  id: string;
  kind: NodeKind;
  label: string;
  /** Other names the node is known by (brand names, gene aliases), for matching source records. */
  synonyms?: string[];
  xrefs?: Record<string, string>;
}

export type EdgeRelation =
  | 'targets'            // drug -> target (mechanism of action)
  | 'participates_in'    // target -> pathway
  | 'associated_with'    // target -> disease (genetic or functional association)
  | 'implicated_in'      // pathway -> disease
  | 'has_phenotype'      // disease -> phenotype
  | 'treats';            // drug -> disease (approved indication)

export interface GraphEdge {
  source: string;
  target: string;
  relation: EdgeRelation;
  /** Where the edge comes from: e.g. "ChEMBL mechanism CHEMBL1535", "Reactome R-HSA-168928", "DrugBank label". */
  provenance: string;
}

export interface GraphFixture {
  /** Which disease module this part of the graph serves (the graph is one, merged across files). */
  disease_id: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}
