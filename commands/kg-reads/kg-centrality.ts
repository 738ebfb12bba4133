// GET /api/kg/centrality as a query: the top nodes by a centrality metric, of the whole graph (computed once
// per snapshot set, then served from memory) or of a disease's neighbourhood (computed per request, exactly).
import { CentralityMetric, exactCentrality, Scores } from '../../domain/knowledge-graph/metrics';
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { nodeJson } from './current-graph';
import { KgReadDeps, kgNotFound, KgReadOutcome, snapshotsOf } from './kg-read-context';
import { scopedMetric, SCOPE_HOPS } from './kg-scoped-metric';

function topScores(g: TypedKnowledgeGraph, scores: Scores, topN: number, types: readonly string[] | undefined) {
  // A metric undefined for a node (closeness of an isolated node) counts as 0, never NaN in the JSON or the sort.
  const value = (i: number) => (Number.isFinite(scores.scores[i]) ? scores.scores[i]! : 0);
  const order = scores.nodes.map((_, i) => i).filter((i) => !types || types.includes(g.typeOf(scores.nodes[i]!)));
  order.sort((a, b) => value(b) - value(a) || (g.id(scores.nodes[a]!) < g.id(scores.nodes[b]!) ? -1 : 1));
  return order.slice(0, topN).map((i, rank) => ({ rank: rank + 1, ...nodeJson(g, scores.nodes[i]!), score: value(i) }));
}

export interface CentralityInput { metric: CentralityMetric; top_n: number; disease_id?: string; types?: string[] }

export async function kgCentrality(deps: KgReadDeps, input: CentralityInput): Promise<KgReadOutcome> {
  const { metric } = input;
  const computed = await scopedMetric<Scores>(deps, input.disease_id, {
    scoped: (g, nodes, mask) => exactCentrality(g, nodes, mask, metric),
    whole: (served) => {
      const { scores, cached, ms } = served.centrality(metric);
      return { value: scores, cached, ms };
    },
  });
  if ('detail' in computed) return kgNotFound(computed.detail);
  const { g, value: scores, disease } = computed;
  const scope = disease
    ? { kind: 'disease_neighbourhood', disease: nodeJson(g, disease.node), hops: SCOPE_HOPS, nodes: disease.hood.nodes.length, edges: disease.hood.edges.length, truncated: disease.hood.truncated }
    : { kind: 'graph', nodes: scores.nodes.length };
  return {
    kind: 'ok',
    body: {
      metric, method: scores.method, exact: scores.exact, samples: scores.samples ?? null, seed: scores.seed ?? null, ...(scores.converged === false ? { converged: false } : {}),
      scope, cached: computed.cached, computed_ms: computed.computed_ms, top: topScores(g, scores, input.top_n, input.types), snapshots: snapshotsOf(g),
    },
  };
}
