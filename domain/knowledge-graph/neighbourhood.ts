// A node's neighbourhood: breadth-first over the allowed edge types (both directions: a disease's
// subgraph holds the compounds that treat it as well as the genes it is associated with), bounded by hops
// and a node cap, plus every allowed edge among the nodes kept. Within a hop, neighbours are taken by edge
// type (the metagraph's order) and then by degree, so the cap keeps the best-connected ones.
import { EDGE_TYPES, NODE_TYPES } from './metagraph';
import type { TypedKnowledgeGraph } from './typed-graph';

export interface Neighbourhood {
  nodes: number[];
  /** Hop at which each kept node was reached (same order as nodes). */
  hops: number[];
  edges: number[];
  /** True when the node cap left reachable nodes out. */
  truncated: boolean;
}

export function neighbourhood(g: TypedKnowledgeGraph, center: number, maxHops: number, maxNodes: number, allowed: Uint8Array): Neighbourhood {
  const hopOf = new Map<number, number>([[center, 0]]);
  const nodes = [center];
  let frontier = [center];
  let truncated = false;
  for (let hop = 1; hop <= maxHops && frontier.length > 0; hop++) {
    const found: { node: number; type: number; degree: number }[] = [];
    const seen = new Set<number>();
    for (const u of frontier) {
      g.forEachStep(u, 'any', allowed, (e, v) => {
        if (hopOf.has(v) || seen.has(v)) return;
        seen.add(v);
        found.push({ node: v, type: g.edgeTypeIndex(e), degree: g.degree(v, allowed) });
      });
    }
    found.sort((a, b) => a.type - b.type || b.degree - a.degree || a.node - b.node);
    const next: number[] = [];
    for (const f of found) {
      if (nodes.length >= maxNodes) { truncated = true; break; }
      hopOf.set(f.node, hop);
      nodes.push(f.node);
      next.push(f.node);
    }
    frontier = next;
  }
  const edges: number[] = [];
  for (const u of nodes) {
    g.forEachStep(u, 'forward', allowed, (e, v, reverse) => {
      // Each edge once: from its stored source (symmetric edges are seen from both ends).
      if (!reverse && g.edgeSource(e) === u && hopOf.has(v)) edges.push(e);
    });
  }
  return { nodes, hops: nodes.map((n) => hopOf.get(n)!), edges: [...new Set(edges)], truncated };
}

/** Nodes of a neighbourhood counted by type. */
export function countByType(g: TypedKnowledgeGraph, nodes: readonly number[]): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(NODE_TYPES.map((t) => [t, 0]));
  for (const n of nodes) out[g.typeOf(n)]!++;
  return out;
}

export interface NeighbourPage {
  total: number;
  counts_by_edge_type: Record<string, number>;
  page: { edge: number; other: number; reverse: boolean }[];
}

/**
 * One page of a node's neighbours over the allowed edge types, in the direction asked (symmetric edges count
 * as both): sorted by edge type, then the graph's node order, then edge. Keys are packed into one number and
 * sorted natively, so an anatomy term's ten thousand expression edges page in about a millisecond. The
 * adjacency is read directly and counted per type index (a callback and a keyed-object increment per edge made
 * a hub's page cost several ms: the tail of the neighbours route, issue 25).
 */
export function neighbourPage(g: TypedKnowledgeGraph, node: number, allowed: Uint8Array, direction: 'out' | 'in' | 'both', offset: number, limit: number): NeighbourPage {
  const n = g.nodeCount;
  const e = Math.max(1, g.edgeCount);
  const { outStart, edgeSrc, edgeDst, edgeType, inStart, inEdge, symmetric } = g.adjacency();
  const keys = new Float64Array(outStart[node + 1]! - outStart[node]! + inStart[node + 1]! - inStart[node]!);
  const perType = new Uint32Array(EDGE_TYPES.length);
  /** Types in the order their first edge is met: the order counts_by_edge_type has always listed them in. */
  const firstSeen: number[] = [];
  let count = 0;
  // Out-edges (this node is the stored source), then in-edges, as forEachStep walks them in any mode.
  if (direction !== 'in') {
    for (let edge = outStart[node]!; edge < outStart[node + 1]!; edge++) {
      const type = edgeType[edge]!;
      if (!allowed[type]) continue;
      keys[count++] = (type * n + edgeDst[edge]!) * e + edge;
      if (perType[type]!++ === 0) firstSeen.push(type);
    }
  } else {
    // "in" keeps out-edges of symmetric types only (a symmetric edge goes both ways).
    for (let edge = outStart[node]!; edge < outStart[node + 1]!; edge++) {
      const type = edgeType[edge]!;
      if (!allowed[type] || !symmetric[type]) continue;
      keys[count++] = (type * n + edgeDst[edge]!) * e + edge;
      if (perType[type]!++ === 0) firstSeen.push(type);
    }
  }
  for (let p = inStart[node]!; p < inStart[node + 1]!; p++) {
    const edge = inEdge[p]!;
    const type = edgeType[edge]!;
    if (!allowed[type] || (direction === 'out' && !symmetric[type])) continue;
    keys[count++] = (type * n + edgeSrc[edge]!) * e + edge;
    if (perType[type]!++ === 0) firstSeen.push(type);
  }
  const counts: Record<string, number> = {};
  for (const t of firstSeen) counts[EDGE_TYPES[t]!.type] = perType[t]!;
  const sorted = keys.subarray(0, count).sort();
  const page: NeighbourPage['page'] = [];
  for (let i = offset; i < Math.min(count, offset + limit); i++) {
    const edge = sorted[i]! % e;
    const other = Math.floor(sorted[i]! / e) % n;
    page.push({ edge, other, reverse: !symmetric[edgeType[edge]!] && edgeSrc[edge] !== node });
  }
  return { total: count, counts_by_edge_type: counts, page };
}
