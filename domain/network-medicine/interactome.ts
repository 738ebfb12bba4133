// The human interactome as the network-medicine methods see it: an undirected simple graph over the genes
// with at least one INTERACTS_WITH edge of the knowledge graph (optionally only the edges a filter keeps),
// held in compressed sparse rows over local indices 0…n-1. Local indices follow the genes' CURIE order,
// and each neighbour list is ascending, so every tie broken "by the smallest index" is broken by the
// smallest CURIE — the same answer on every machine for a snapshot set. Pure: read from the typed graph.
// Two claims stating one pair (A–B and B–A after identity joins) are one undirected interaction here.
import { edgeTypeIndex } from '../knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';

const INTERACTS = edgeTypeIndex('INTERACTS_WITH')!;

/** Distance value for "not reachable" in the Uint8 distance arrays (interactome diameters are ~15). */
export const UNREACHABLE = 255;

export interface Interactome {
  /** Number of genes. */
  readonly size: number;
  /** Distinct undirected interactions. */
  readonly interactions: number;
  /** Graph node of each local gene (CURIE order). */
  readonly nodes: Int32Array;
  /** Local index of a graph node, -1 for nodes outside this interactome (length = graph nodes). */
  readonly localOf: Int32Array;
  /** Neighbours of local u: neighbours[start[u] … start[u+1]-1], ascending. */
  readonly start: Int32Array;
  readonly neighbours: Int32Array;
}

/** The interactome of the graph; `keep(edge)` filters INTERACTS_WITH edges (all kept when absent). */
export function buildInteractome(g: TypedKnowledgeGraph, keep?: (edge: number) => boolean): Interactome {
  const { edgeType, edgeSrc, edgeDst } = g.adjacency();
  const touched = new Uint8Array(g.nodeCount);
  const pairs: number[] = [];
  for (let e = 0; e < g.edgeCount; e++) {
    if (edgeType[e] !== INTERACTS || (keep && !keep(e))) continue;
    pairs.push(edgeSrc[e]!, edgeDst[e]!);
    touched[edgeSrc[e]!] = 1;
    touched[edgeDst[e]!] = 1;
  }
  const genes: number[] = [];
  for (let i = 0; i < g.nodeCount; i++) if (touched[i]) genes.push(i);
  genes.sort((a, b) => (g.id(a) < g.id(b) ? -1 : g.id(a) > g.id(b) ? 1 : 0));
  const localOf = new Int32Array(g.nodeCount).fill(-1);
  genes.forEach((node, i) => { localOf[node] = i; });
  const lists: number[][] = genes.map(() => []);
  for (let p = 0; p < pairs.length; p += 2) {
    const a = localOf[pairs[p]!]!;
    const b = localOf[pairs[p + 1]!]!;
    lists[a]!.push(b);
    lists[b]!.push(a);
  }
  return fromLists(Int32Array.from(genes), localOf, lists);
}

/** CSR from neighbour lists (sorted and de-duplicated here). */
function fromLists(nodes: Int32Array, localOf: Int32Array, lists: number[][]): Interactome {
  const start = new Int32Array(nodes.length + 1);
  const flat: number[] = [];
  for (let u = 0; u < lists.length; u++) {
    const sorted = lists[u]!.sort((a, b) => a - b);
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) flat.push(sorted[i]!);
    start[u + 1] = flat.length;
  }
  return { size: nodes.length, interactions: flat.length / 2, nodes, localOf, start, neighbours: Int32Array.from(flat) };
}

/** Degree of each local gene (distinct interaction partners). */
export function degrees(ia: Interactome): Int32Array {
  const out = new Int32Array(ia.size);
  for (let u = 0; u < ia.size; u++) out[u] = ia.start[u + 1]! - ia.start[u]!;
  return out;
}

/** Connected component of each gene (numbered from 0 in order of their smallest gene), and their sizes. */
export function components(ia: Interactome): { of: Int32Array; sizes: number[] } {
  const of = new Int32Array(ia.size).fill(-1);
  const queue = new Int32Array(ia.size);
  const sizes: number[] = [];
  for (let s = 0; s < ia.size; s++) {
    if (of[s] !== -1) continue;
    const c = sizes.length;
    let head = 0;
    let tail = 0;
    of[s] = c;
    queue[tail++] = s;
    while (head < tail) {
      const u = queue[head++]!;
      for (let p = ia.start[u]!; p < ia.start[u + 1]!; p++) {
        const v = ia.neighbours[p]!;
        if (of[v] === -1) { of[v] = c; queue[tail++] = v; }
      }
    }
    sizes.push(tail);
  }
  return { of, sizes };
}

/** The sub-interactome induced by the genes with keep[local] = 1 (new local indices, same CURIE order). */
export function induced(ia: Interactome, keep: Uint8Array): Interactome {
  const nodes: number[] = [];
  const map = new Int32Array(ia.size).fill(-1);
  for (let u = 0; u < ia.size; u++) if (keep[u]) { map[u] = nodes.length; nodes.push(ia.nodes[u]!); }
  const localOf = new Int32Array(ia.localOf.length).fill(-1);
  nodes.forEach((node, i) => { localOf[node] = i; });
  const lists: number[][] = nodes.map(() => []);
  for (let u = 0; u < ia.size; u++) {
    if (!keep[u]) continue;
    for (let p = ia.start[u]!; p < ia.start[u + 1]!; p++) if (keep[ia.neighbours[p]!]) lists[map[u]!]!.push(map[ia.neighbours[p]!]!);
  }
  return fromLists(Int32Array.from(nodes), localOf, lists);
}

/** The largest connected component as an interactome of its own (ties: the component of the smallest gene). */
export function largestComponent(ia: Interactome): Interactome {
  const { of, sizes } = components(ia);
  let best = 0;
  for (let c = 1; c < sizes.length; c++) if (sizes[c]! > sizes[best]!) best = c;
  const keep = new Uint8Array(ia.size);
  for (let u = 0; u < ia.size; u++) if (of[u] === best) keep[u] = 1;
  return sizes.length <= 1 ? ia : induced(ia, keep);
}

/**
 * Breadth-first distances from a set of sources (the distance to the nearest source) into `dist`
 * (UNREACHABLE where no path exists). `queue` is scratch of length ≥ size. It runs once per permutation,
 * so it is direction-optimizing (Beamer, Asanović & Patterson, SC 2012): a level whose frontier touches
 * many edges is expanded bottom-up — each unreached gene looks for any neighbour on the frontier and stops
 * at the first — which in a small-world interactome skips most edge checks of the middle levels. The
 * distances are the same either way.
 */
export function bfsFromSet(ia: Interactome, sources: ArrayLike<number>, count: number, dist: Uint8Array, queue: Int32Array): void {
  dist.fill(UNREACHABLE);
  const { start, neighbours, size } = ia;
  let tail = 0;
  let frontierEdges = 0;
  for (let i = 0; i < count; i++) {
    const s = sources[i]!;
    if (dist[s] !== 0) { dist[s] = 0; queue[tail++] = s; frontierEdges += start[s + 1]! - start[s]!; }
  }
  let unexploredEdges = neighbours.length - frontierEdges;
  let head = 0;
  let level = 0;
  while (head < tail) {
    const levelEnd = tail;
    const next = level + 1;
    if (next >= UNREACHABLE) throw new Error(`interactome distances beyond ${UNREACHABLE - 1} steps are not supported`);
    let nextEdges = 0;
    if (frontierEdges * 14 > unexploredEdges) {
      // Bottom-up: every unreached gene with a neighbour at this level is at the next.
      for (let v = 0; v < size; v++) {
        if (dist[v] !== UNREACHABLE) continue;
        for (let p = start[v]!; p < start[v + 1]!; p++) {
          if (dist[neighbours[p]!] === level) { dist[v] = next; queue[tail++] = v; nextEdges += start[v + 1]! - start[v]!; break; }
        }
      }
      head = levelEnd;
    } else {
      for (; head < levelEnd; head++) {
        const u = queue[head]!;
        for (let p = start[u]!; p < start[u + 1]!; p++) {
          const v = neighbours[p]!;
          if (dist[v] === UNREACHABLE) { dist[v] = next; queue[tail++] = v; nextEdges += start[v + 1]! - start[v]!; }
        }
      }
    }
    unexploredEdges -= nextEdges;
    frontierEdges = nextEdges;
    level = next;
  }
}

/** Distances from one gene to every gene. */
export function distancesFrom(ia: Interactome, source: number): Uint8Array {
  const dist = new Uint8Array(ia.size);
  bfsFromSet(ia, [source], 1, dist, new Int32Array(ia.size));
  return dist;
}

/**
 * One shortest path from `from` to the source of `distToSource` (its BFS distances), as local genes:
 * each step goes to the smallest-CURIE neighbour one step closer. Null when unreachable.
 */
export function shortestPathTo(ia: Interactome, distToSource: Uint8Array, from: number): number[] | null {
  if (distToSource[from] === UNREACHABLE) return null;
  const path = [from];
  let u = from;
  while (distToSource[u] !== 0) {
    const want = distToSource[u]! - 1;
    let next = -1;
    for (let p = ia.start[u]!; p < ia.start[u + 1]!; p++) if (distToSource[ia.neighbours[p]!] === want) { next = ia.neighbours[p]!; break; }
    u = next;
    path.push(u);
  }
  return path;
}

/**
 * Connected components of the subgraph induced by `members` (local genes, distinct): the largest one's
 * genes, ascending (ties: the component holding the smallest gene), and every component's size, descending.
 */
export function inducedComponents(ia: Interactome, members: readonly number[]): { largest: number[]; sizes: number[] } {
  const inSet = new Uint8Array(ia.size);
  for (const m of members) inSet[m] = 1;
  const seen = new Uint8Array(ia.size);
  let largest: number[] = [];
  const sizes: number[] = [];
  for (const s of [...members].sort((a, b) => a - b)) {
    if (seen[s]) continue;
    const comp = [s];
    seen[s] = 1;
    for (let i = 0; i < comp.length; i++) {
      const u = comp[i]!;
      for (let p = ia.start[u]!; p < ia.start[u + 1]!; p++) {
        const v = ia.neighbours[p]!;
        if (inSet[v] && !seen[v]) { seen[v] = 1; comp.push(v); }
      }
    }
    sizes.push(comp.length);
    if (comp.length > largest.length) largest = comp;
  }
  return { largest: largest.sort((a, b) => a - b), sizes: sizes.sort((a, b) => b - a) };
}

/**
 * Size of the largest connected component induced by `members[0…count-1]`, allocation-free for the
 * permutation loop: `stamp` (Int32Array, length ≥ size, starts at 0) marks membership and visits with
 * `round` (distinct positive per call, 2 stamps per round), `queue` is scratch.
 */
export function largestInducedSize(ia: Interactome, members: ArrayLike<number>, count: number, stamp: Int32Array, queue: Int32Array, round: number): number {
  const member = 2 * round - 1;
  const visited = 2 * round;
  for (let i = 0; i < count; i++) stamp[members[i]!] = member;
  const { start, neighbours } = ia;
  let best = 0;
  for (let i = 0; i < count; i++) {
    const s = members[i]!;
    if (stamp[s] !== member) continue;
    stamp[s] = visited;
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    while (head < tail) {
      const u = queue[head++]!;
      for (let p = start[u]!; p < start[u + 1]!; p++) {
        const v = neighbours[p]!;
        if (stamp[v] === member) { stamp[v] = visited; queue[tail++] = v; }
      }
    }
    if (tail > best) best = tail;
  }
  return best;
}
