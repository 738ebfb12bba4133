// GET /api/kg/centrality as a query: the top nodes by a centrality metric, of the whole graph (computed once
// per snapshot set, then served from memory) or of a disease's neighbourhood (computed per request, exactly).
import { CentralityMetric, exactCentrality, Scores } from '../../domain/knowledge-graph/metrics';
import { neighbourhood } from '../../domain/knowledge-graph/neighbourhood';
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { currentKnowledgeGraph, nodeJson } from './current-graph';
import { KgReadDeps, kgNotFound, KgReadOutcome, resolveDiseaseNode, snapshotsOf } from './kg-read-context';

/** A disease's neighbourhood for scoped metrics: two hops, at most this many nodes. */
export const SCOPE_HOPS = 2;
export const SCOPE_MAX_NODES = 1000;

function topScores(g: TypedKnowledgeGraph, scores: Scores, topN: number, types: readonly string[] | undefined) {
  // A metric undefined for a node (closeness of an isolated node) counts as 0, never NaN in the JSON or the sort.
  const value = (i: number) => (Number.isFinite(scores.scores[i]) ? scores.scores[i]! : 0);
  const order = scores.nodes.map((_, i) => i).filter((i) => !types || types.includes(g.typeOf(scores.nodes[i]!)));
  order.sort((a, b) => value(b) - value(a) || (g.id(scores.nodes[a]!) < g.id(scores.nodes[b]!) ? -1 : 1));
  return order.slice(0, topN).map((i, rank) => ({ rank: rank + 1, ...nodeJson(g, scores.nodes[i]!), score: value(i) }));
}

export interface CentralityInput { metric: CentralityMetric; top_n: number; disease_id?: string; types?: string[] }

export async function kgCentrality(deps: KgReadDeps, input: CentralityInput): Promise<KgReadOutcome> {
  const served = await currentKnowledgeGraph(deps.db);
  const g = served.graph;
  const { metric } = input;
  let scores: Scores;
  let scope: Record<string, unknown>;
  let cached = false;
  let ms: number;
  if (input.disease_id !== undefined) {
    const resolved = resolveDiseaseNode(deps, g, input.disease_id);
    if ('detail' in resolved) return kgNotFound(resolved.detail);
    const started = Date.now();
    const hood = neighbourhood(g, resolved.node, SCOPE_HOPS, SCOPE_MAX_NODES, served.defaultMask);
    scores = exactCentrality(g, hood.nodes, served.defaultMask, metric);
    ms = Date.now() - started;
    scope = { kind: 'disease_neighbourhood', disease: nodeJson(g, resolved.node), hops: SCOPE_HOPS, nodes: hood.nodes.length, edges: hood.edges.length, truncated: hood.truncated };
  } else {
    const computed = served.centrality(metric);
    scores = computed.scores;
    cached = computed.cached;
    ms = computed.ms;
    scope = { kind: 'graph', nodes: scores.nodes.length };
  }
  return {
    kind: 'ok',
    body: {
      metric, method: scores.method, exact: scores.exact, samples: scores.samples ?? null, seed: scores.seed ?? null, ...(scores.converged === false ? { converged: false } : {}),
      scope, cached, computed_ms: ms, top: topScores(g, scores, input.top_n, input.types), snapshots: snapshotsOf(g),
    },
  };
}
