// k shortest simple paths between two nodes, up to a hop limit, over typed edges.
// Method: a breadth-first search backwards from the target gives every node's distance to it (within the
// hop limit, over the allowed edge types and walk mode); then a depth-first search from the source, for
// lengths L = shortest … max_hops in turn, only steps onto nodes from which the target is still reachable
// within L (d + 1 + dist(v) ≤ L), so nearly every branch it opens ends in a path. Paths come shortest
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
  /** Nodes from which the target is reachable within max_hops (the scope searched). */
  nodes_reaching_target: number;
  expansions: number;
  /** True when the expansion cap stopped the search before k paths were found. */
  truncated: boolean;
}

const DEFAULT_MAX_EXPANSIONS = 200_000;

/** Distance to `target` of every node that reaches it within maxHops (others -1). */
function distancesTo(g: TypedKnowledgeGraph, target: number, maxHops: number, mode: WalkMode, allowed: Uint8Array, blocked: Uint8Array | undefined, source: number): { dist: Int8Array; reached: number } {
  const dist = new Int8Array(g.nodeCount).fill(-1);
  dist[target] = 0;
  let frontier = [target];
  let reached = 1;
  for (let depth = 1; depth <= maxHops && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const v of frontier) {
      g.forEachPredecessor(v, mode, allowed, (_e, u) => {
        if (dist[u] !== -1) return;
        dist[u] = depth;
        // A blocked node gets its distance (it may be the source) but is not walked through.
        if (!blocked?.[u] || u === source) next.push(u);
      });
    }
    reached += next.length;
    frontier = next;
  }
  return { dist, reached };
}

export function kShortestPaths(g: TypedKnowledgeGraph, q: PathSearch): PathSearchResult {
  const { dist, reached } = distancesTo(g, q.to, q.maxHops, q.mode, q.allowed, q.blocked, q.from);
  const cap = q.maxExpansions ?? DEFAULT_MAX_EXPANSIONS;
  const paths: FoundPath[] = [];
  const result = (truncated: boolean, expansions: number): PathSearchResult => ({
    paths, shortest: dist[q.from]! >= 0 && q.from !== q.to ? dist[q.from]! : null, nodes_reaching_target: reached, expansions, truncated,
  });
  if (q.from === q.to || dist[q.from]! < 0) return result(false, 0);

  let expansions = 0;
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
    if (walk(q.from, 0, length)) break;
  }
  return result(expansions > cap, Math.min(expansions, cap));
}
