// GET /api/kg/graph as a query: a disease's bounded neighbourhood as Cytoscape elements.
import { countByType, neighbourhood } from '../../domain/knowledge-graph/neighbourhood';
import { edgeTypeMask } from '../../domain/knowledge-graph/typed-graph';
import { currentKnowledgeGraph, nodeJson } from './current-graph';
import { KgReadDeps, kgNotFound, KgReadOutcome, resolveDiseaseNode, snapshotsOf } from './kg-read-context';

export interface DiseaseGraphInput { disease_id: string; hops: number; max_nodes: number; edge_types?: string[] }

export async function kgDiseaseGraph(deps: KgReadDeps, input: DiseaseGraphInput): Promise<KgReadOutcome> {
  const served = await currentKnowledgeGraph(deps.db);
  const g = served.graph;
  const resolved = resolveDiseaseNode(deps, g, input.disease_id);
  if ('detail' in resolved) return kgNotFound(resolved.detail);
  const mask = input.edge_types ? edgeTypeMask(input.edge_types) : served.defaultMask;
  const hood = neighbourhood(g, resolved.node, input.hops, input.max_nodes, mask);
  return {
    kind: 'ok',
    body: {
      disease: nodeJson(g, resolved.node),
      elements: {
        nodes: hood.nodes.map((n, i) => ({ data: { ...nodeJson(g, n), hop: hood.hops[i] } })),
        edges: hood.edges.map((e) => {
          const claims = g.claimsOf(e);
          return { data: { id: `e${e}`, source: g.id(g.edgeSource(e)), target: g.id(g.edgeTarget(e)), type: g.edgeType(e), claim_count: claims.length, resources: [...new Set(claims.map((c) => c.resource))] } };
        }),
      },
      truncated: hood.truncated, node_types: countByType(g, hood.nodes), snapshots: snapshotsOf(g),
    },
  };
}
