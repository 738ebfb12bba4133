// Centrality and communities over the knowledge graph (or a disease's neighbourhood of it).
// - degree: distinct incident edges over the edge types used (exact).
// - betweenness: Brandes (J Math Sociol 2001) over the undirected view. Exact within a neighbourhood
//   (graphology-metrics); over the whole graph, estimated from `samples` seeded source pivots and scaled by
//   n / samples (Brandes & Pich, Int J Bifurcation Chaos 2007) — exact would be O(V·E).
// - closeness: within a neighbourhood, graphology-metrics closeness with Wasserman–Faust's correction for
//   disconnected graphs (exact); over the whole graph, harmonic closeness (Boldi & Vigna 2014) estimated
//   from the same seeded pivots' BFS distances (Eppstein & Wang, JGAA 2004).
// - pagerank: graphology-metrics PageRank (Brin & Page 1998), alpha 0.85, on the directed graph (symmetric
//   edges both ways); exact power iteration.
// - eigenvector: graphology-metrics eigenvector centrality (Bonacich 1972) on the undirected simple graph.
// - communities: Louvain (Blondel et al., J Stat Mech 2008), graphology-communities-louvain, resolution 1,
//   undirected simple graph, node order from a seeded generator so the same graph + seed gives the same split.
import Graph, { DirectedGraph, UndirectedGraph } from 'graphology';
import betweenness from 'graphology-metrics/centrality/betweenness';
import closeness from 'graphology-metrics/centrality/closeness';
import eigenvector from 'graphology-metrics/centrality/eigenvector';
import pagerank from 'graphology-metrics/centrality/pagerank';
import louvain from 'graphology-communities-louvain';
import { seededRandom } from '../shared/seeded-random';
import type { TypedKnowledgeGraph } from './typed-graph';

export const CENTRALITY_METRICS = ['degree', 'betweenness', 'closeness', 'pagerank', 'eigenvector'] as const;
export type CentralityMetric = (typeof CENTRALITY_METRICS)[number];

export interface Scores {
  /** Node indices scored, and their scores (same order). */
  nodes: number[];
  scores: Float64Array;
  method: string;
  exact: boolean;
  samples?: number;
  seed?: number;
  converged?: boolean;
}

/** Nodes with at least one edge of the allowed types (isolated nodes carry no centrality). */
export function connectedNodes(g: TypedKnowledgeGraph, allowed: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < g.nodeCount; i++) if (g.degree(i, allowed) > 0) out.push(i);
  return out;
}

function toGraphology(g: TypedKnowledgeGraph, nodes: readonly number[], allowed: Uint8Array, directed: boolean): Graph {
  const graph: Graph = directed ? new DirectedGraph() : new UndirectedGraph();
  const keep = new Set(nodes);
  for (const n of nodes) graph.addNode(String(n));
  for (const u of nodes) {
    g.forEachStep(u, 'forward', allowed, (_e, v) => {
      if (!keep.has(v)) return;
      const a = String(u);
      const b = String(v);
      if (!graph.hasEdge(a, b)) graph.addEdge(a, b);
    });
  }
  return graph;
}

function fromMapping(nodes: readonly number[], mapping: Record<string, number>): Float64Array {
  return Float64Array.from(nodes, (n) => mapping[String(n)] ?? 0);
}

function degreeScores(g: TypedKnowledgeGraph, nodes: readonly number[], allowed: Uint8Array, scope?: Set<number>): Float64Array {
  if (!scope) return Float64Array.from(nodes, (n) => g.degree(n, allowed));
  return Float64Array.from(nodes, (n) => {
    let d = 0;
    g.forEachStep(n, 'any', allowed, (_e, v) => { if (scope.has(v)) d++; });
    return d;
  });
}

/** Exact metrics of a bounded node set (a neighbourhood). */
export function exactCentrality(g: TypedKnowledgeGraph, nodes: readonly number[], allowed: Uint8Array, metric: CentralityMetric): Scores {
  if (metric === 'degree') return { nodes: [...nodes], scores: degreeScores(g, nodes, allowed, new Set(nodes)), method: 'degree within the neighbourhood (distinct edges)', exact: true };
  if (metric === 'pagerank') {
    const graph = toGraphology(g, nodes, allowed, true);
    return { nodes: [...nodes], scores: fromMapping(nodes, pagerank(graph, { getEdgeWeight: null, alpha: 0.85 })), method: 'PageRank, alpha 0.85 (graphology-metrics)', exact: true };
  }
  const graph = toGraphology(g, nodes, allowed, false);
  if (metric === 'betweenness') return { nodes: [...nodes], scores: fromMapping(nodes, betweenness(graph, { normalized: true })), method: 'Brandes betweenness, normalised (graphology-metrics)', exact: true };
  if (metric === 'closeness') return { nodes: [...nodes], scores: fromMapping(nodes, closeness(graph, { wassermanFaust: true })), method: 'closeness with Wasserman-Faust correction (graphology-metrics)', exact: true };
  return eigenvectorScores(graph, nodes);
}

function eigenvectorScores(graph: Graph, nodes: readonly number[]): Scores {
  try {
    return { nodes: [...nodes], scores: fromMapping(nodes, eigenvector(graph, { maxIterations: 1000, tolerance: 1e-8 })), method: 'eigenvector centrality, power iteration (graphology-metrics)', exact: true, converged: true };
  } catch {
    return { nodes: [...nodes], scores: new Float64Array(nodes.length), method: 'eigenvector centrality did not converge in 1000 iterations', exact: false, converged: false };
  }
}

/** BFS from one pivot over the undirected view: distances, shortest-path counts and visit order. */
function bfs(g: TypedKnowledgeGraph, source: number, allowed: Uint8Array, dist: Int32Array, sigma: Float64Array, order: Int32Array): number {
  let head = 0;
  let tail = 0;
  dist[source] = 0;
  sigma[source] = 1;
  order[tail++] = source;
  while (head < tail) {
    const u = order[head++]!;
    const du = dist[u]!;
    g.forEachStep(u, 'any', allowed, (_e, v) => {
      if (dist[v] === -1) {
        dist[v] = du + 1;
        order[tail++] = v;
      }
      if (dist[v] === du + 1) sigma[v]! += sigma[u]!;
    });
  }
  return tail;
}

/** Sampled betweenness (Brandes & Pich 2007) and harmonic closeness (Eppstein & Wang 2004) over the whole graph. */
export function sampledCentrality(g: TypedKnowledgeGraph, allowed: Uint8Array, metric: 'betweenness' | 'closeness', samples: number, seed: number): Scores {
  const nodes = connectedNodes(g, allowed);
  const n = g.nodeCount;
  const random = seededRandom(seed);
  const pool = [...nodes];
  const k = Math.min(samples, pool.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const dist = new Int32Array(n);
  const sigma = new Float64Array(n);
  const delta = new Float64Array(n);
  const order = new Int32Array(n);
  const total = new Float64Array(n);
  for (let s = 0; s < k; s++) {
    dist.fill(-1);
    sigma.fill(0);
    const visited = bfs(g, pool[s]!, allowed, dist, sigma, order);
    if (metric === 'closeness') {
      for (let i = 1; i < visited; i++) total[order[i]!]! += 1 / dist[order[i]!]!;
      continue;
    }
    for (let i = 0; i < visited; i++) delta[order[i]!] = 0;
    for (let i = visited - 1; i > 0; i--) {
      const w = order[i]!;
      g.forEachStep(w, 'any', allowed, (_e, v) => {
        if (dist[v] === dist[w]! - 1) delta[v]! += (sigma[v]! / sigma[w]!) * (1 + delta[w]!);
      });
      total[w]! += delta[w]!;
    }
  }
  const scale = metric === 'betweenness'
    // Undirected pairs counted from both ends: halve; scale pivots up to all sources; normalise by (n-1)(n-2)/2.
    ? (nodes.length / k) / 2 / Math.max(1, ((nodes.length - 1) * (nodes.length - 2)) / 2)
    // Eppstein-Wang: n / (k (n-1)) times the sum over pivots; with every node a pivot, exact harmonic closeness.
    : nodes.length / (k * Math.max(1, nodes.length - 1));
  return {
    nodes, scores: Float64Array.from(nodes, (v) => total[v]! * scale), exact: false, samples: k, seed,
    method: metric === 'betweenness'
      ? `Brandes betweenness estimated from ${k} seeded source pivots (Brandes & Pich 2007), normalised`
      : `harmonic closeness estimated from ${k} seeded pivots (Eppstein & Wang 2004): sum of 1/distance over n-1 nodes`,
  };
}

export function wholeGraphCentrality(g: TypedKnowledgeGraph, allowed: Uint8Array, metric: CentralityMetric, samples: number, seed: number): Scores {
  if (metric === 'betweenness' || metric === 'closeness') return sampledCentrality(g, allowed, metric, samples, seed);
  const nodes = connectedNodes(g, allowed);
  if (metric === 'degree') return { nodes, scores: degreeScores(g, nodes, allowed), method: 'degree (distinct edges)', exact: true };
  if (metric === 'pagerank') {
    const graph = toGraphology(g, nodes, allowed, true);
    return { nodes, scores: fromMapping(nodes, pagerank(graph, { getEdgeWeight: null, alpha: 0.85 })), method: 'PageRank, alpha 0.85 (graphology-metrics)', exact: true };
  }
  return eigenvectorScores(toGraphology(g, nodes, allowed, false), nodes);
}

export interface CommunitySplit {
  /** Community number of each node (same order as nodes); numbered by decreasing size. */
  nodes: number[];
  community: Int32Array;
  count: number;
  modularity: number;
  seed: number;
  method: string;
}

export function communities(g: TypedKnowledgeGraph, nodes: readonly number[], allowed: Uint8Array, seed: number): CommunitySplit {
  const graph = toGraphology(g, nodes, allowed, false);
  const detailed = louvain.detailed(graph, { getEdgeWeight: null, rng: seededRandom(seed), resolution: 1 });
  const sizes = new Map<number, number>();
  for (const n of nodes) {
    const c = detailed.communities[String(n)]!;
    sizes.set(c, (sizes.get(c) ?? 0) + 1);
  }
  // Renumber by decreasing size, ties by the smallest member's id, so numbers do not depend on Louvain's labels.
  const firstMember = new Map<number, string>();
  for (const n of nodes) {
    const c = detailed.communities[String(n)]!;
    const id = g.id(n);
    if (!firstMember.has(c) || id < firstMember.get(c)!) firstMember.set(c, id);
  }
  const ranked = [...sizes.keys()].sort((a, b) => sizes.get(b)! - sizes.get(a)! || (firstMember.get(a)! < firstMember.get(b)! ? -1 : 1));
  const renumber = new Map(ranked.map((c, i) => [c, i]));
  return {
    nodes: [...nodes], community: Int32Array.from(nodes, (n) => renumber.get(detailed.communities[String(n)]!)!),
    count: detailed.count, modularity: detailed.modularity, seed,
    method: 'Louvain (Blondel et al. 2008), graphology-communities-louvain, resolution 1, undirected simple graph',
  };
}
