// Reactome pathway membership as the knowledge graph holds it: a PARTICIPATES_IN edge per gene and
// pathway (Reactome's human gene sets, genes mapped to NCBI Gene exactly where gene_info allows; an
// unmapped symbol stays its own GENE_SYMBOL node and is still a member). Read in one pass over the edge
// arrays (the graph's two million edges in a few milliseconds), both ways round.
import { edgeTypeIndex } from '../knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';

const PARTICIPATES_IN = edgeTypeIndex('PARTICIPATES_IN')!;

export interface PathwayAnnotations {
  /** Pathway node -> its member gene nodes, sorted; pathways in node order. */
  readonly pathwayGenes: ReadonlyMap<number, readonly number[]>;
  /** Gene node -> the pathway nodes it participates in, sorted. */
  readonly genePathways: ReadonlyMap<number, readonly number[]>;
}

export function pathwayAnnotations(g: TypedKnowledgeGraph): PathwayAnnotations {
  const { edgeSrc, edgeDst, edgeType } = g.adjacency();
  const pathwayGenes = new Map<number, number[]>();
  const genePathways = new Map<number, number[]>();
  for (let e = 0; e < g.edgeCount; e++) {
    if (edgeType[e] !== PARTICIPATES_IN) continue;
    const gene = edgeSrc[e]!;
    const pathway = edgeDst[e]!;
    let members = pathwayGenes.get(pathway);
    if (!members) pathwayGenes.set(pathway, (members = []));
    members.push(gene);
    let pathways = genePathways.get(gene);
    if (!pathways) genePathways.set(gene, (pathways = []));
    pathways.push(pathway);
  }
  // Identical statements are one edge, so each list is already distinct; sort for a fixed order.
  const sorted = (m: Map<number, number[]>) => new Map([...m].sort((a, b) => a[0] - b[0]).map(([k, v]) => [k, v.sort((x, y) => x - y)]));
  return { pathwayGenes: sorted(pathwayGenes), genePathways: sorted(genePathways) };
}
