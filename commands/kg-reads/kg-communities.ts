// GET /api/kg/communities as a query: seeded Louvain communities of the whole graph (computed once per
// snapshot set) or of a disease's neighbourhood (per request), each with its size, types and top members.
import { communities, type CommunitySplit } from '../../domain/knowledge-graph/metrics';
import { countByType } from '../../domain/knowledge-graph/neighbourhood';
import { GRAPH_SEED, nodeJson } from './current-graph';
import { KgReadDeps, kgNotFound, KgReadOutcome, snapshotsOf } from './kg-read-context';
import { scopedMetric, SCOPE_HOPS } from './kg-scoped-metric';

export interface CommunitiesInput { disease_id?: string; top: number; members: number }

export async function kgCommunities(deps: KgReadDeps, input: CommunitiesInput): Promise<KgReadOutcome> {
  const computed = await scopedMetric<CommunitySplit>(deps, input.disease_id, {
    scoped: (g, nodes, mask) => communities(g, nodes, mask, GRAPH_SEED),
    whole: (served) => {
      const { split, cached, ms } = served.communities();
      return { value: split, cached, ms };
    },
  });
  if ('detail' in computed) return kgNotFound(computed.detail);
  const { g, served, value: split, disease } = computed;
  const scope = disease
    ? { kind: 'disease_neighbourhood', disease: nodeJson(g, disease.node), hops: SCOPE_HOPS, nodes: disease.hood.nodes.length, truncated: disease.hood.truncated }
    : { kind: 'graph', nodes: split.nodes.length };
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
  const diseaseIndex = disease ? split.nodes.indexOf(disease.node) : -1;
  return {
    kind: 'ok',
    body: {
      method: split.method, seed: split.seed, count: split.count, modularity: split.modularity, scope, cached: computed.cached, computed_ms: computed.computed_ms,
      communities: listed, ...(disease ? { disease_community: diseaseIndex >= 0 ? split.community[diseaseIndex]! : null } : {}),
      snapshots: snapshotsOf(g),
    },
  };
}
