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
import type { TypedKnowledgeGraph, WalkMode } from './typed-graph';

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

  constructor(private readonly g: TypedKnowledgeGraph, target: number, private readonly mode: WalkMode, private readonly allowed: Uint8Array,
    private readonly blocked: Uint8Array | undefined, private readonly source: number) {
    this.dist = new Int8Array(g.nodeCount).fill(-1);
    this.queue = new Int32Array(g.nodeCount);
    this.dist[target] = 0;
    this.queue[this.tail++] = target;
  }

  get reached(): number {
    return this.tail;
  }

  /** Discovers every node one level farther; false when no node is left to expand. */
  advance(): boolean {
    const { outStart, edgeSrc, edgeDst, edgeType, inStart, inEdge, symmetric } = this.g.adjacency();
    const { dist, queue, allowed, blocked, source } = this;
    const any = this.mode === 'any';
    const next = this.depth + 1;
    const levelEnd = this.tail;
    if (this.head >= levelEnd) return false;
    let tail = this.tail;
    while (this.head < levelEnd) {
      const v = queue[this.head++]!;
      // Predecessors: edges into v, and (symmetric, or in any mode) edges out of v walked backwards.
      for (let p = inStart[v]!; p < inStart[v + 1]!; p++) {
        const e = inEdge[p]!;
        if (!allowed[edgeType[e]!]) continue;
        const u = edgeSrc[e]!;
        if (dist[u] !== -1) continue;
        dist[u] = next;
        // A blocked node gets its distance (it may be the source) but is not walked through.
        if (!blocked?.[u] || u === source) queue[tail++] = u;
      }
      for (let e = outStart[v]!; e < outStart[v + 1]!; e++) {
        const t = edgeType[e]!;
        if (!allowed[t] || !(any || symmetric[t])) continue;
        const u = edgeDst[e]!;
        if (dist[u] !== -1) continue;
        dist[u] = next;
        if (!blocked?.[u] || u === source) queue[tail++] = u;
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
}

export function kShortestPaths(g: TypedKnowledgeGraph, q: PathSearch): PathSearchResult {
  const levels = new BackwardLevels(g, q.to, q.mode, q.allowed, q.blocked, q.from);
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

  const onPath = new Uint8Array(g.nodeCount);
  const nodes: number[] = [q.from];
  const steps: PathStep[] = [];
  onPath[q.from] = 1;

  const walk = (u: number, depth: number, length: number): boolean => {
    let stop = false;
    g.forEachStep(u, q.mode, q.allowed, (edge, v, reverse) => {
      if (stop) return;
      const dv = dist[v]!;
      if (dv < 0 || depth + 1 + dv > length || onPath[v] || (q.blocked?.[v] && v !== q.to)) return;
      if (++expansions > cap) { stop = true; return; }
      steps.push({ edge, from: u, to: v, reverse });
      nodes.push(v);
      if (v === q.to) {
        if (depth + 1 === length) {
          paths.push({ nodes: [...nodes], steps: [...steps] });
          if (paths.length >= q.k) stop = true;
        }
      } else {
        onPath[v] = 1;
        if (walk(v, depth + 1, length)) stop = true;
        onPath[v] = 0;
      }
      steps.pop();
      nodes.pop();
    });
    return stop;
  };

  for (let length = dist[q.from]!; length <= q.maxHops; length++) {
    levels.complete(length - 1);
    if (walk(q.from, 0, length)) break;
  }
  return result();
}
