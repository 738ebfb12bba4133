// GET /api/kg/stats as a query: counts by node and edge type, the metagraph, what was left out, and with a
// disease_id the disease node and its one-hop neighbourhood counted by type.
import { EDGE_TYPES, PATH_DEFAULT_EXCLUDED } from '../../domain/knowledge-graph/metagraph';
import { countByType, neighbourhood } from '../../domain/knowledge-graph/neighbourhood';
import { currentKnowledgeGraph, nodeJson } from './current-graph';
import { KgReadDeps, kgNotFound, KgReadOutcome, resolveDiseaseNode, snapshotsOf } from './kg-read-context';

export async function kgStats(deps: KgReadDeps, input: { disease_id?: string }): Promise<KgReadOutcome> {
  const served = await currentKnowledgeGraph(deps.db);
  const g = served.graph;
  let disease: Record<string, unknown> | undefined;
  if (input.disease_id !== undefined) {
    const resolved = resolveDiseaseNode(deps, g, input.disease_id);
    if ('detail' in resolved) return kgNotFound(resolved.detail);
    const hood = neighbourhood(g, resolved.node, 1, g.nodeCount, served.defaultMask);
    disease = { node: nodeJson(g, resolved.node), module_id: resolved.module_id, degree_by_type: g.degreeByType(resolved.node), neighbourhood_node_types: countByType(g, hood.nodes.slice(1)) };
  }
  return {
    kind: 'ok',
    body: {
      nodes: g.nodeCount, edges: g.edgeCount, claims: g.claimCount, node_types: g.countsByNodeType(), edge_types: g.countsByEdgeType(),
      metagraph: EDGE_TYPES.map((e) => ({ type: e.type, from: e.from, to: e.to, symmetric: e.symmetric, hetionet: e.abbreviation, in_paths_by_default: !PATH_DEFAULT_EXCLUDED.has(e.type) })),
      excluded_claims: { ...served.loaded.excluded, ambiguous_aliases: served.loaded.ambiguous_aliases, merged_into_one_edge: g.counts.merged_claims },
      build_ms: served.loaded.build_ms, ...(disease ? { disease } : {}), snapshots: snapshotsOf(g),
    },
  };
}
