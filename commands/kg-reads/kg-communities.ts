// GET /api/kg/communities as a query: seeded Louvain communities of the whole graph (computed once per
// snapshot set) or of a disease's neighbourhood (per request), each with its size, types and top members.
import { communities, type CommunitySplit } from '../../domain/knowledge-graph/metrics';
import { countByType, neighbourhood } from '../../domain/knowledge-graph/neighbourhood';
import { currentKnowledgeGraph, GRAPH_SEED, nodeJson } from './current-graph';
import { SCOPE_HOPS, SCOPE_MAX_NODES } from './kg-centrality';
import { KgReadDeps, kgNotFound, KgReadOutcome, resolveDiseaseNode, snapshotsOf } from './kg-read-context';

export interface CommunitiesInput { disease_id?: string; top: number; members: number }

export async function kgCommunities(deps: KgReadDeps, input: CommunitiesInput): Promise<KgReadOutcome> {
  const served = await currentKnowledgeGraph(deps.db);
  const g = served.graph;
  let diseaseNode: number | undefined;
  let split: CommunitySplit;
  let scope: Record<string, unknown>;
  let cached = false;
  let ms: number;
  if (input.disease_id !== undefined) {
    const resolved = resolveDiseaseNode(deps, g, input.disease_id);
    if ('detail' in resolved) return kgNotFound(resolved.detail);
    diseaseNode = resolved.node;
    const started = Date.now();
    const hood = neighbourhood(g, resolved.node, SCOPE_HOPS, SCOPE_MAX_NODES, served.defaultMask);
    split = communities(g, hood.nodes, served.defaultMask, GRAPH_SEED);
    ms = Date.now() - started;
    scope = { kind: 'disease_neighbourhood', disease: nodeJson(g, resolved.node), hops: SCOPE_HOPS, nodes: hood.nodes.length, truncated: hood.truncated };
  } else {
    const computed = served.communities();
    split = computed.split;
    cached = computed.cached;
    ms = computed.ms;
    scope = { kind: 'graph', nodes: split.nodes.length };
  }
  const groups = new Map<number, number[]>();
  split.nodes.forEach((n, i) => {
    const c = split.community[i]!;
    if (c >= input.top) return;
    const list = groups.get(c);
    if (list) list.push(n); else groups.set(c, [n]);
  });
  const listed = [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([community, members]) => ({
    community, size: members.length, node_types: countByType(g, members),
    top_members: members.map((n) => ({ ...nodeJson(g, n), degree: g.degree(n, served.defaultMask) }))
      .sort((a, b) => b.degree - a.degree || (a.id < b.id ? -1 : 1)).slice(0, input.members),
  }));
  const diseaseIndex = diseaseNode === undefined ? -1 : split.nodes.indexOf(diseaseNode);
  return {
    kind: 'ok',
    body: {
      method: split.method, seed: split.seed, count: split.count, modularity: split.modularity, scope, cached, computed_ms: ms,
      communities: listed, ...(diseaseNode !== undefined ? { disease_community: diseaseIndex >= 0 ? split.community[diseaseIndex]! : null } : {}),
      snapshots: snapshotsOf(g),
    },
  };
}
