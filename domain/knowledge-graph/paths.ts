// k shortest simple paths between two nodes, up to a hop limit, over typed edges.
// Method: a breadth-first search backwards from the target gives nodes' distances to it (over the allowed
// edge types and walk mode), one level at a time and only as deep as needed; then a depth-first search from
// the source, for lengths L = shortest … max_hops in turn, only steps onto nodes from which the target is
// still reachable within L (d + 1 + dist(v) ≤ L; enumerating length L needs the distances up to L - 1
// only), so nearly every branch it opens ends in a path and the last, largest BFS level is rarely built.
// Paths come shortest
// first, then in adjacency order (edge type, then node), which is deterministic for a snapshot set. This is
// exact enumeration of simple paths by increasing length (not Yen's algorithm: edges are unweighted, so
// "k shortest" is "k of the shortest lengths"); an expansion cap bounds the work and is reported.
// Cost (issue 25): both searches walk the graph's adjacency restricted to the allowed edge types (built once
// per mask), not every edge of a node (a gene's or an anatomy term's expression edges, which the default mask
// leaves out, are most of them), and reuse one set of per-node arrays per graph, reset after each search,
// instead of allocating three node-sized arrays per request (hundreds of KB a request, at 200 req/s a steady
// source of garbage-collection work).
import type { RestrictedAdjacency, TypedKnowledgeGraph, WalkMode } from './typed-graph';

export interface PathStep { edge: number; from: number; to: number; reverse: boolean }
export interface FoundPath { nodes: number[]; steps: PathStep[] }

export interface PathSearch {
  from: number;
  to: number;
  maxHops: number;
  k: number;
  mode: WalkMode;
  allowed: Uint8Array;
  /** Depth-first expansions allowed in all (default 200,000). */
  maxExpansions?: number;
  /** Nodes a path may not pass through (it may still start or end at one): blocked[node] = 1. */
  blocked?: Uint8Array;
}

export interface PathSearchResult {
  paths: FoundPath[];
  /** Length of the shortest path, or null when none exists within the scope. */
  shortest: number | null;
  /** Nodes the backward search reached (the scope searched: it goes only as deep as the lengths enumerated need). */
  nodes_reaching_target: number;
  expansions: number;
  /** True when the expansion cap stopped the search before k paths were found. */
  truncated: boolean;
}

const DEFAULT_MAX_EXPANSIONS = 200_000;

/** Per-node working arrays of one search, all zero / -1 between searches. */
class Scratch {
  inUse = false;
  readonly dist: Int8Array;
  readonly queue: Int32Array;
  readonly onPath: Uint8Array;
  /** Nodes given a distance but not queued (blocked ones), to reset with the queued ones. */
  readonly unqueued: number[] = [];
  constructor(n: number) {
    this.dist = new Int8Array(n).fill(-1);
    this.queue = new Int32Array(n);
    this.onPath = new Uint8Array(n);
  }
}

// A search runs to its end synchronously, so one scratch per graph serves every search in turn (a nested
// search, which nothing does today, would get fresh arrays).
const scratches = new WeakMap<TypedKnowledgeGraph, Scratch>();

function takeScratch(g: TypedKnowledgeGraph): Scratch {
  let s = scratches.get(g);
  if (!s) scratches.set(g, (s = new Scratch(g.nodeCount)));
  if (s.inUse) return new Scratch(g.nodeCount);
  s.inUse = true;
  return s;
}

/**
 * Distances to the target, discovered level by level: after `complete(D)`, every node within D hops is
 * known (dist ≥ 0) and every node with dist -1 is farther than D. Tight loops over the arrays.
 */
class BackwardLevels {
  readonly dist: Int8Array;
  private readonly queue: Int32Array;
  private head = 0;
  private tail = 0;
  /** All nodes with distance ≤ depth are known. */
  depth = 0;

  constructor(private readonly g: TypedKnowledgeGraph, private readonly adj: RestrictedAdjacency, private readonly scratch: Scratch, target: number,
    private readonly mode: WalkMode, private readonly blocked: Uint8Array | undefined, private readonly source: number) {
    this.dist = scratch.dist;
    this.queue = scratch.queue;
    this.dist[target] = 0;
    this.queue[this.tail++] = target;
  }

  get reached(): number {
    return this.tail;
  }

  /** Discovers every node one level farther; false when no node is left to expand. */
  advance(): boolean {
    const { edgeSrc, edgeDst, edgeType, symmetric } = this.g.adjacency();
    const { outStart, outEdge, inStart, inEdge } = this.adj;
    const { dist, queue, blocked, source } = this;
    const unqueued = this.scratch.unqueued;
    const any = this.mode === 'any';
    const next = this.depth + 1;
    const levelEnd = this.tail;
    if (this.head >= levelEnd) return false;
    let tail = this.tail;
    while (this.head < levelEnd) {
      const v = queue[this.head++]!;
      // Predecessors: edges into v, and (symmetric, or in any mode) edges out of v walked backwards.
      for (let p = inStart[v]!; p < inStart[v + 1]!; p++) {
        const u = edgeSrc[inEdge[p]!]!;
        if (dist[u] !== -1) continue;
        dist[u] = next;
        // A blocked node gets its distance (it may be the source) but is not walked through.
        if (!blocked?.[u] || u === source) queue[tail++] = u;
        else unqueued.push(u);
      }
      for (let p = outStart[v]!; p < outStart[v + 1]!; p++) {
        const e = outEdge[p]!;
        if (!(any || symmetric[edgeType[e]!])) continue;
        const u = edgeDst[e]!;
        if (dist[u] !== -1) continue;
        dist[u] = next;
        if (!blocked?.[u] || u === source) queue[tail++] = u;
        else unqueued.push(u);
      }
    }
    this.tail = tail;
    this.depth = next;
    return true;
  }

  complete(depth: number): void {
    while (this.depth < depth && this.advance());
    if (this.depth < depth) this.depth = depth; // nothing left to find: every farther node is unreachable
  }

  /** Gives the scratch back as it was found: every distance set here back to -1. */
  release(): void {
    const { dist, queue } = this;
    for (let i = 0; i < this.tail; i++) dist[queue[i]!] = -1;
    for (const u of this.scratch.unqueued) dist[u] = -1;
    this.scratch.unqueued.length = 0;
    this.scratch.inUse = false;
  }
}

export function kShortestPaths(g: TypedKnowledgeGraph, q: PathSearch): PathSearchResult {
  const adj = g.restrictedTo(q.allowed);
  const scratch = takeScratch(g);
  const levels = new BackwardLevels(g, adj, scratch, q.to, q.mode, q.blocked, q.from);
  try {
    return search(g, adj, scratch, levels, q);
  } finally {
    scratch.onPath[q.from] = 0;
    levels.release();
  }
}

function search(g: TypedKnowledgeGraph, adj: RestrictedAdjacency, scratch: Scratch, levels: BackwardLevels, q: PathSearch): PathSearchResult {
  const dist = levels.dist;
  const cap = q.maxExpansions ?? DEFAULT_MAX_EXPANSIONS;
  const paths: FoundPath[] = [];
  let expansions = 0;
  const result = (): PathSearchResult => ({
    paths, shortest: dist[q.from]! >= 0 && q.from !== q.to ? dist[q.from]! : null, nodes_reaching_target: levels.reached,
    expansions: Math.min(expansions, cap), truncated: expansions > cap,
  });
  if (q.from === q.to) return result();
  while (dist[q.from]! < 0 && levels.depth < q.maxHops && levels.advance());
  if (dist[q.from]! < 0) return result();

  const { edgeSrc, edgeDst, edgeType, symmetric } = g.adjacency();
  const { outStart, outEdge, inStart, inEdge } = adj;
  const any = q.mode === 'any';
  const blocked = q.blocked;
  const onPath = scratch.onPath;
  const nodes: number[] = [q.from];
  const steps: PathStep[] = [];
  onPath[q.from] = 1;

  // One step of the walk; true when the search must stop (k paths found, or the cap reached).
  const step = (u: number, edge: number, v: number, reverse: boolean, depth: number, length: number): boolean => {
    const dv = dist[v]!;
    if (dv < 0 || depth + 1 + dv > length || onPath[v] || (blocked?.[v] && v !== q.to)) return false;
    if (++expansions > cap) return true;
    let stop = false;
    steps.push({ edge, from: u, to: v, reverse });
    nodes.push(v);
    if (v === q.to) {
      if (depth + 1 === length) {
        paths.push({ nodes: [...nodes], steps: [...steps] });
        if (paths.length >= q.k) stop = true;
      }
    } else {
      onPath[v] = 1;
      stop = walk(v, depth + 1, length);
      onPath[v] = 0;
    }
    steps.pop();
    nodes.pop();
    return stop;
  };

  // Steps out of u in the order TypedKnowledgeGraph.forEachStep gives them: allowed out-edges, then in-edges
  // (symmetric ones forward, others reversed in any mode), so answers keep their order.
  const walk = (u: number, depth: number, length: number): boolean => {
    for (let p = outStart[u]!; p < outStart[u + 1]!; p++) {
      const e = outEdge[p]!;
      if (step(u, e, edgeDst[e]!, false, depth, length)) return true;
    }
    for (let p = inStart[u]!; p < inStart[u + 1]!; p++) {
      const e = inEdge[p]!;
      if (symmetric[edgeType[e]!]) { if (step(u, e, edgeSrc[e]!, false, depth, length)) return true; }
      else if (any && step(u, e, edgeSrc[e]!, true, depth, length)) return true;
    }
    return false;
  };

  for (let length = dist[q.from]!; length <= q.maxHops; length++) {
    levels.complete(length - 1);
    if (walk(q.from, 0, length)) break;
  }
  return result();
}
