// The interactome alone (INTERACTS_WITH, undirected) as compact rows over its own genes: the whole graph's
// adjacency also carries a gene's expression, pathway and drug edges (Bgee alone adds ~1.7 million), so a
// breadth-first search over gene-gene steps only walks these rows instead of filtering every edge.
import { edgeTypeIndex } from '../knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';

const INTERACTS = edgeTypeIndex('INTERACTS_WITH')!;

export interface InteractomeIndex {
  /** Local index -> graph node: the genes with at least one interaction, in node order. */
  readonly nodes: Int32Array;
  /** Graph node -> local index, -1 outside the interactome. */
  readonly local: Int32Array;
  /** Neighbours of local node u: neighbours[start[u] … start[u+1]-1] (local indices). */
  readonly start: Int32Array;
  readonly neighbours: Int32Array;
  /** Distinct interactions (edges). */
  readonly edges: number;
}

export function interactomeIndex(g: TypedKnowledgeGraph): InteractomeIndex {
  const { edgeSrc, edgeDst, edgeType } = g.adjacency();
  const local = new Int32Array(g.nodeCount).fill(-1);
  const degree = new Int32Array(g.nodeCount);
  let edges = 0;
  for (let e = 0; e < g.edgeCount; e++) {
    if (edgeType[e] !== INTERACTS) continue;
    degree[edgeSrc[e]!]!++;
    degree[edgeDst[e]!]!++;
    edges++;
  }
  let count = 0;
  for (let v = 0; v < g.nodeCount; v++) if (degree[v]! > 0) local[v] = count++;
  const nodes = new Int32Array(count);
  const start = new Int32Array(count + 1);
  for (let v = 0; v < g.nodeCount; v++) {
    const u = local[v]!;
    if (u < 0) continue;
    nodes[u] = v;
    start[u + 1] = degree[v]!;
  }
  for (let u = 0; u < count; u++) start[u + 1]! += start[u]!;
  const fill = start.slice(0, count);
  const neighbours = new Int32Array(2 * edges);
  for (let e = 0; e < g.edgeCount; e++) {
    if (edgeType[e] !== INTERACTS) continue;
    const a = local[edgeSrc[e]!]!;
    const b = local[edgeDst[e]!]!;
    neighbours[fill[a]!++] = b;
    neighbours[fill[b]!++] = a;
  }
  return { nodes, local, start, neighbours, edges };
}
