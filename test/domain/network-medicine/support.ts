// Small gene graphs for the network-medicine unit tests. Genes are NCBIGene:<n> with single-digit n where
// the test relies on order, so CURIE order is numeric order.
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { buildInteractome, Interactome } from '../../../domain/network-medicine/interactome';

const GiG = edgeTypeIndex('INTERACTS_WITH')!;

export function geneGraph(edges: readonly (readonly [number, number])[], isolated: readonly number[] = []): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'ppi' }]);
  for (const n of isolated) b.node(`NCBIGene:${n}`);
  edges.forEach(([a, c], i) => b.addEdge(GiG, `NCBIGene:${a}`, `NCBIGene:${c}`, 0, i));
  return b.build(new Map(), new Map());
}

export function network(edges: readonly (readonly [number, number])[]): { g: TypedKnowledgeGraph; ia: Interactome; local: (gene: number) => number; gene: (local: number) => number } {
  const g = geneGraph(edges);
  const ia = buildInteractome(g);
  return {
    g, ia,
    local: (gene) => ia.localOf[g.lookup(`NCBIGene:${gene}`)!]!,
    gene: (local) => Number(g.id(ia.nodes[local]!).slice('NCBIGene:'.length)),
  };
}

/** All k-subsets of items (for exact reference distributions). */
export function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [head, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [head!, ...s]), ...subsets(rest, k)];
}

/** All-pairs shortest paths by Floyd–Warshall over an edge list (an independent distance computation). */
export function floyd(nodes: readonly number[], edges: readonly (readonly [number, number])[]): (a: number, b: number) => number {
  const index = new Map(nodes.map((n, i) => [n, i]));
  const n = nodes.length;
  const d = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : Infinity)));
  for (const [a, b] of edges) { d[index.get(a)!]![index.get(b)!] = 1; d[index.get(b)!]![index.get(a)!] = 1; }
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    if (d[i]![k]! + d[k]![j]! < d[i]![j]!) d[i]![j] = d[i]![k]! + d[k]![j]!;
  }
  return (a, b) => d[index.get(a)!]![index.get(b)!]!;
}

export function meanSd(values: readonly number[]): { mean: number; sd: number } {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return { mean, sd: Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length) };
}
