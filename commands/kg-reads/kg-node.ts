// GET /api/kg/node/{node_id} as a query: a node's attributes, mappings, degree by edge type and edges per
// source snapshot; with a disease_id, its distance to the disease (any direction, ≤ 4 hops) or null.
import { edgeTypeMask, type TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { currentKnowledgeGraph, nodeJson } from './current-graph';
import { KgReadDeps, kgNotFound, KgReadOutcome, resolveDiseaseNode, resolveNode, snapshotsOf } from './kg-read-context';

export async function kgNode(deps: KgReadDeps, input: { node_id: string; disease_id?: string }): Promise<KgReadOutcome> {
  const served = await currentKnowledgeGraph(deps.db);
  const g = served.graph;
  const node = resolveNode(g, input.node_id);
  if (typeof node !== 'number') return kgNotFound(node.detail);
  let disease: Record<string, unknown> | undefined;
  if (input.disease_id !== undefined) {
    const resolved = resolveDiseaseNode(deps, g, input.disease_id);
    if ('detail' in resolved) return kgNotFound(resolved.detail);
    disease = { node: nodeJson(g, resolved.node), distance: distanceBetween(g, node, resolved.node, served.defaultMask) };
  }
  const perSnapshot = new Map<string, { snapshot_id: string; resource: string; edges: number }>();
  g.forEachStep(node, 'any', edgeTypeMask(undefined), (e) => {
    for (const c of g.claimsOf(e)) {
      const entry = perSnapshot.get(c.snapshot_id) ?? { snapshot_id: c.snapshot_id, resource: c.resource, edges: 0 };
      entry.edges++;
      perSnapshot.set(c.snapshot_id, entry);
    }
  });
  return {
    kind: 'ok',
    body: {
      node: nodeJson(g, node), synonyms: g.synonymsOf(node), aliases: g.aliasesOf(node), degree_by_type: g.degreeByType(node),
      provenance: [...perSnapshot.values()], ...(disease ? { disease } : {}), snapshots: snapshotsOf(g),
    },
  };
}

/** Shortest number of hops between two nodes in any direction, up to 4, or null. */
function distanceBetween(g: TypedKnowledgeGraph, from: number, to: number, mask: Uint8Array): number | null {
  if (from === to) return 0;
  const seen = new Set([from]);
  let frontier = [from];
  for (let hop = 1; hop <= 4; hop++) {
    const next: number[] = [];
    for (const u of frontier) {
      let hit = false;
      g.forEachStep(u, 'any', mask, (_e, v) => {
        if (v === to) hit = true;
        if (!seen.has(v)) { seen.add(v); next.push(v); }
      });
      if (hit) return hop;
    }
    frontier = next;
  }
  return null;
}
