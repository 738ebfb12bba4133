// The gene–gene interactome (INTERACTS_WITH edges of the knowledge graph) as its own compact undirected graph,
// and breadth-first distances on it: shortest-path lengths in hops, as the network-medicine separation and
// proximity measures use them (Menche et al., Science 2015; Guney et al., Nat Commun 2016). Pure.
import { edgeTypeIndex } from '../knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';

const INTERACTS = edgeTypeIndex('INTERACTS_WITH')!;

export interface Interactome {
  /** Knowledge-graph node of each interactome gene (local index -> node). */
  readonly nodes: Int32Array;
  /** Node -> local index, for genes with at least one interaction. */
  readonly local: ReadonlyMap<number, number>;
  readonly start: Int32Array;
  readonly neighbours: Int32Array;
}

export function buildInteractome(g: TypedKnowledgeGraph): Interactome {
  const { edgeSrc, edgeDst, edgeType } = g.adjacency();
  const local = new Map<number, number>();
  const ids: number[] = [];
  const id = (node: number) => {
    let i = local.get(node);
    if (i === undefined) { i = ids.length; ids.push(node); local.set(node, i); }
    return i;
  };
  const pairs: number[] = [];
  for (let e = 0; e < edgeType.length; e++) {
    if (edgeType[e] !== INTERACTS) continue;
    pairs.push(id(edgeSrc[e]!), id(edgeDst[e]!));
  }
  const n = ids.length;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < pairs.length; i += 2) { start[pairs[i]! + 1]!++; start[pairs[i + 1]! + 1]!++; }
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const neighbours = new Int32Array(pairs.length);
  for (let i = 0; i < pairs.length; i += 2) {
    const a = pairs[i]!, b = pairs[i + 1]!;
    neighbours[fill[a]!++] = b;
    neighbours[fill[b]!++] = a;
  }
  return { nodes: Int32Array.from(ids), local, start, neighbours };
}

/** The local indices of the given graph nodes that are in the interactome (sorted, distinct). */
export function inInteractome(net: Interactome, nodes: readonly number[]): number[] {
  const out = new Set<number>();
  for (const node of nodes) { const i = net.local.get(node); if (i !== undefined) out.add(i); }
  return [...out].sort((a, b) => a - b);
}

/**
 * Distances from a set of source genes (local indices): `nearest[v]` = hops from v to the closest source
 * (-1 if unreachable), and `other[s]` for each source s = hops from s to the closest OTHER source (-1 if none
 * is reachable). The second label comes from a breadth-first search in which each gene accepts up to two
 * distinct sources: entries arrive in order of distance, so the first two distinct labels are the two
 * closest sources. O(2 (V + E)).
 */
export function setDistances(net: Interactome, sources: readonly number[]): { nearest: Int32Array; other: Map<number, number> } {
  const n = net.nodes.length;
  const d1 = new Int32Array(n).fill(-1);
  const s1 = new Int32Array(n).fill(-1);
  const d2 = new Int32Array(n).fill(-1);
  const queueNode = new Int32Array(2 * n);
  const queueSource = new Int32Array(2 * n);
  const queueDist = new Int32Array(2 * n);
  let head = 0;
  let tail = 0;
  for (const s of sources) {
    if (d1[s] !== -1) continue;
    d1[s] = 0; s1[s] = s;
    queueNode[tail] = s; queueSource[tail] = s; queueDist[tail] = 0; tail++;
  }
  while (head < tail) {
    const u = queueNode[head]!, src = queueSource[head]!, dist = queueDist[head]! + 1;
    head++;
    for (let p = net.start[u]!; p < net.start[u + 1]!; p++) {
      const v = net.neighbours[p]!;
      if (d1[v] === -1) { d1[v] = dist; s1[v] = src; }
      else if (d2[v] === -1 && s1[v] !== src) d2[v] = dist;
      else continue;
      queueNode[tail] = v; queueSource[tail] = src; queueDist[tail] = dist; tail++;
    }
  }
  const other = new Map<number, number>();
  for (const s of sources) other.set(s, d2[s]!);
  return { nearest: d1, other };
}
