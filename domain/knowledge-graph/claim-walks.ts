// The /api/v1/biomed claim walks (spec §4.2, limits §8) over the claim graph (claim-graph.ts), every claim
// an undirected step that keeps its subject, predicate and object. Nothing is inferred: every edge of
// every answer is a stored claim of an active snapshot.
// - claimSubgraph: breadth-first neighbourhood of an entity, at most `limit` nodes;
// - claimPaths: simple paths of at most max_depth claims between two entities, shortest first.
// Both also come as generators that pause between slices (…InSlices), for callers on an event loop.
import { runSlices } from '../shared/run-slices';
import { byStoreOrder, type ClaimEdge, type ClaimGraph, type ClaimNode, type ClaimStep } from './claim-graph';

export interface ClaimSubgraph { center: ClaimNode; max_hops: number; limit: number; truncated: boolean; nodes: (ClaimNode & { hop: number })[]; edges: ClaimEdge[] }

const claimKey = (c: ClaimEdge) => `${c.snapshot_id}#${c.claim_no}`;

/** Claims read per ring at most (the frontier's first, node by node), as the store query before it was capped. */
const SUBGRAPH_RING_CLAIM_CAP = 100_000;

/** Claims a subgraph walk handles between two pauses of claimSubgraphInSlices (a few ms of work each). */
export const SUBGRAPH_SLICE_CLAIMS = 4096;

/**
 * Breadth-first from the centre: each hop reads the claims of the frontier in store order and takes their
 * unseen endpoints until `limit` nodes (truncated = true when more were reachable); an edge is kept when
 * both its endpoints are kept.
 */
export function claimSubgraph(cg: ClaimGraph, center: number, maxHops: number, limit: number): ClaimSubgraph {
  return runSlices(claimSubgraphInSlices(cg, center, maxHops, limit));
}

/**
 * claimSubgraph as slices of at most about `sliceClaims` claims: the generator pauses (yields) between them,
 * so a caller on an event loop can let other tasks run while a hub's ring (up to 100,000 claims per hop) is
 * walked (issue 23: 28–88 ms in one piece on the serving loop). Same answer as claimSubgraph, which runs it
 * without pausing.
 */
export function* claimSubgraphInSlices(cg: ClaimGraph, center: number, maxHops: number, limit: number, sliceClaims = SUBGRAPH_SLICE_CLAIMS): Generator<void, ClaimSubgraph, void> {
  const hop = new Map<number, number>([[center, 0]]);
  const edges = new Map<string, ClaimEdge>();
  let frontier = [center];
  let truncated = false;
  for (let h = 1; h <= maxHops && frontier.length > 0 && !truncated; h += 1) {
    const ring = yield* ringInStoreOrder(cg, frontier, sliceClaims);
    const next: number[] = [];
    for (let i = 0; i < ring.steps.length; i++) {
      if (i > 0 && i % sliceClaims === 0) yield;
      const s = ring.steps[i]!;
      const from = ring.from[i]!;
      for (const n of [from, s.other]) {
        if (hop.has(n)) continue;
        if (hop.size >= limit) { truncated = true; continue; }
        hop.set(n, h);
        next.push(n);
      }
      if (hop.has(from) && hop.has(s.other)) edges.set(claimKey(s.claim), s.claim);
    }
    yield;
    frontier = next.sort((a, b) => compareIds(cg.id(a), cg.id(b)));
  }
  return {
    center: cg.node(center), max_hops: maxHops, limit, truncated,
    nodes: [...hop.entries()].map(([n, h]) => ({ ...cg.node(n), hop: h })).sort((a, b) => a.hop - b.hop || a.curie.localeCompare(b.curie)),
    edges: [...edges.values()],
  };
}

/**
 * The claims of a ring's frontier, each once (a claim two frontier nodes share: its step from the later one),
 * frontier node by node until SUBGRAPH_RING_CLAIM_CAP distinct claims, in store order. Issue 23: a hub's ring
 * (100,000 claims) built one string key and one copied object per claim and sorted them by string compare,
 * 150–500 ms on the serving loop; here claims are keyed by snapshot then number and sorted as numbers
 * (snapshot rank × 2^32 + claim_no: the same order as byStoreOrder for claim numbers below 2^32).
 * Pauses (yields) after about every `sliceClaims` claims read, keyed or put in order, and after the sort (one piece:
 * a typed-array sort of at most 100,000 numbers).
 */
function* ringInStoreOrder(cg: ClaimGraph, frontier: readonly number[], sliceClaims: number): Generator<void, { steps: ClaimStep[]; from: number[] }, void> {
  const bySnapshot = new Map<string, Map<number, number>>();
  const steps: ClaimStep[] = [];
  const from: number[] = [];
  let sinceYield = 0;
  for (const u of frontier) {
    if (steps.length >= SUBGRAPH_RING_CLAIM_CAP) break;
    if (sinceYield >= sliceClaims) { sinceYield = 0; yield; }
    for (const s of cg.steps(u)) {
      sinceYield += 1;
      let numbers = bySnapshot.get(s.claim.snapshot_id);
      if (!numbers) bySnapshot.set(s.claim.snapshot_id, (numbers = new Map()));
      const at = numbers.get(s.claim.claim_no);
      if (at === undefined) {
        numbers.set(s.claim.claim_no, steps.length);
        steps.push(s);
        from.push(u);
      } else {
        steps[at] = s;
        from[at] = u;
      }
    }
  }
  yield;
  const ranks = new Map([...bySnapshot.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((id, rank) => [id, rank]));
  const keys = new Float64Array(steps.length);
  const indexOfKey = new Map<number, number>();
  for (let i = 0; i < steps.length; i++) {
    if (i > 0 && i % sliceClaims === 0) yield;
    const claim = steps[i]!.claim;
    if (!(claim.claim_no >= 0 && claim.claim_no < 2 ** 32)) return ringSortedByComparator(steps, from);
    keys[i] = ranks.get(claim.snapshot_id)! * 2 ** 32 + claim.claim_no;
    indexOfKey.set(keys[i]!, i);
  }
  keys.sort();
  yield;
  const sortedSteps: ClaimStep[] = new Array(keys.length);
  const sortedFrom: number[] = new Array(keys.length);
  for (let k = 0; k < keys.length; k++) {
    if (k > 0 && k % sliceClaims === 0) yield;
    const i = indexOfKey.get(keys[k]!)!;
    sortedSteps[k] = steps[i]!;
    sortedFrom[k] = from[i]!;
  }
  return { steps: sortedSteps, from: sortedFrom };
}

/** The general order (claim numbers outside 0 … 2^32 − 1, never written by the store). */
function ringSortedByComparator(steps: ClaimStep[], from: number[]): { steps: ClaimStep[]; from: number[] } {
  const order = steps.map((_, i) => i).sort((a, b) => byStoreOrder(steps[a]!.claim, steps[b]!.claim));
  return { steps: order.map((i) => steps[i]!), from: order.map((i) => from[i]!) };
}

export interface ClaimPath { length: number; nodes: string[]; claims: ClaimEdge[] }
export interface ClaimPathsAnswer { start: ClaimNode; target: ClaimNode; max_depth: number; limit: number; paths: ClaimPath[]; nodes: ClaimNode[]; search_truncated: boolean }

function compareIds(a: string, b: string): number {
  return a.localeCompare(b);
}

/** A node's claim steps without self-loops, by neighbour CURIE then store order (the order paths are listed in). */
function orderedSteps(cg: ClaimGraph, node: number): ClaimStep[] {
  return cg.steps(node).filter((s) => s.other !== node)
    .sort((x, y) => compareIds(cg.id(x.other), cg.id(y.other)) || byStoreOrder(x.claim, y.claim));
}

/** Claim steps (neighbours met, steps listed or tried) a path search handles between two pauses of claimPathsInSlices. */
export const PATHS_SLICE_STEPS = 4096;

/**
 * Simple paths (no repeated node) of at most max_depth claims, shortest first, then lexicographic by node
 * CURIEs. The distance to the target (breadth-first, at most max_depth - 1 rings) prunes every branch that
 * cannot reach it in the steps left. The whole graph is in memory, so the search is never cut short
 * (search_truncated stays false).
 */
export function claimPaths(cg: ClaimGraph, start: number, target: number, maxDepth: number, limit: number): ClaimPathsAnswer {
  return runSlices(claimPathsInSlices(cg, start, target, maxDepth, limit));
}

/**
 * claimPaths as slices of about `sliceSteps` claim steps: the generator pauses (yields) between them, so a caller
 * on an event loop lets other tasks run while the rings around a hub are searched (issue 23: 30 ms in one piece
 * on the serving loop under bench:fuzz). Same answer as claimPaths, which runs it without pausing.
 */
export function* claimPathsInSlices(cg: ClaimGraph, start: number, target: number, maxDepth: number, limit: number, sliceSteps = PATHS_SLICE_STEPS): Generator<void, ClaimPathsAnswer, void> {
  let sinceYield = 0;
  const steps = new Map<number, ClaimStep[]>();
  const stepsOf = (n: number) => {
    let s = steps.get(n);
    if (!s) { steps.set(n, (s = orderedSteps(cg, n))); sinceYield += s.length; }
    return s;
  };
  const toTarget = new Map<number, number>([[target, 0]]);
  let ring = [target];
  for (let d = 1; d < maxDepth && ring.length > 0; d += 1) {
    const next: number[] = [];
    for (const n of ring) {
      if (sinceYield >= sliceSteps) { sinceYield = 0; yield; }
      cg.forEachNeighbour(n, (other) => { sinceYield += 1; if (!toTarget.has(other)) { toTarget.set(other, d); next.push(other); } });
    }
    ring = next;
  }
  const paths: ClaimPath[] = [];
  const onPaths = new Set<number>([start, target]);
  if (start !== target) {
    for (let depth = 1; depth <= maxDepth && paths.length < limit; depth += 1) {
      const nodes = [start];
      const claims: ClaimEdge[] = [];
      const walk = function* (node: number): Generator<void, void, void> {
        if (paths.length >= limit) return;
        if (claims.length === depth) {
          if (node === target) {
            paths.push({ length: depth, nodes: nodes.map((n) => cg.id(n)), claims: [...claims] });
            for (const n of nodes) onPaths.add(n);
          }
          return;
        }
        for (const { other, claim } of stepsOf(node)) {
          sinceYield += 1;
          if (sinceYield >= sliceSteps) { sinceYield = 0; yield; }
          const d = toTarget.get(other);
          if (d === undefined || d > depth - claims.length - 1 || nodes.includes(other)) continue;
          if (other === target && claims.length + 1 !== depth) continue;
          nodes.push(other); claims.push(claim);
          yield* walk(other);
          nodes.pop(); claims.pop();
          if (paths.length >= limit) return;
        }
      };
      yield* walk(start);
    }
  }
  return {
    start: cg.node(start), target: cg.node(target), max_depth: maxDepth, limit, paths,
    nodes: [...onPaths].map((n) => cg.node(n)).sort((a, b) => a.curie.localeCompare(b.curie)), search_truncated: false,
  };
}
