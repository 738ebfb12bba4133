// The one way /api/kg/centrality and /api/kg/communities pick what they compute over: with disease_id, the
// disease's node resolved and its neighbourhood (SCOPE_HOPS hops, at most SCOPE_MAX_NODES nodes over the
// default edge types), computed per request; without, the whole graph's value the served graph caches.
import type { Neighbourhood } from '../../domain/knowledge-graph/neighbourhood';
import { neighbourhood } from '../../domain/knowledge-graph/neighbourhood';
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import type { ServedGraph } from '../../infra/kg/store-graph-cache';
import { currentKnowledgeGraph } from './current-graph';
import { KgReadDeps, resolveDiseaseNode } from './kg-read-context';

/** A disease's neighbourhood for scoped metrics: two hops, at most this many nodes. */
export const SCOPE_HOPS = 2;
export const SCOPE_MAX_NODES = 1000;

export interface ScopedMetric<T> {
  served: ServedGraph;
  g: TypedKnowledgeGraph;
  value: T;
  cached: boolean;
  computed_ms: number;
  /** Set when the request named a disease: its node and the neighbourhood the value was computed over. */
  disease?: { node: number; hood: Neighbourhood };
}

export interface MetricComputation<T> {
  /** Over a disease's neighbourhood (the node list), per request. */
  scoped(g: TypedKnowledgeGraph, nodes: readonly number[], mask: Uint8Array): T;
  /** Over the whole graph: the served graph's cached value. */
  whole(served: ServedGraph): { value: T; cached: boolean; ms: number };
}

export async function scopedMetric<T>(deps: KgReadDeps, diseaseId: string | undefined, compute: MetricComputation<T>): Promise<ScopedMetric<T> | { detail: string }> {
  const served = await currentKnowledgeGraph(deps.db);
  const g = served.graph;
  if (diseaseId === undefined) {
    const { value, cached, ms } = compute.whole(served);
    return { served, g, value, cached, computed_ms: ms };
  }
  const resolved = resolveDiseaseNode(deps, g, diseaseId);
  if ('detail' in resolved) return resolved;
  const started = Date.now();
  const hood = neighbourhood(g, resolved.node, SCOPE_HOPS, SCOPE_MAX_NODES, served.defaultMask);
  const value = compute.scoped(g, hood.nodes, served.defaultMask);
  return { served, g, value, cached: false, computed_ms: Date.now() - started, disease: { node: resolved.node, hood } };
}
