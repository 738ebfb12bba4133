// GET /api/kg/nodes/{node_id}/neighbors as a query: one page of a node's neighbours over the allowed edge
// types, each with the edge that joins them (citations without qualifiers), and the per-type counts. Once the
// graph's citation table is loaded, a page is answered from memory with no database round trip.
import type { Knex } from 'knex';
import { neighbourPage } from '../../domain/knowledge-graph/neighbourhood';
import { edgeTypeMask, type TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import type { CitationTable } from '../../infra/kg/citation-table';
import { edgesJson, nodeJson } from '../../infra/kg/kg-views';
import { currentKnowledgeGraph } from './current-graph';
import { KgReadDeps, kgNotFound, KgReadOutcome, resolveDiseaseNode, resolveNode, snapshotsOf } from './kg-read-context';

/** One page; `table`: the graph's citations in memory (ServedGraph.citations), else they are read from the store. */
export async function kgNeighbors(
  db: Knex, g: TypedKnowledgeGraph, table: CitationTable | undefined, node: number, mask: Uint8Array, direction: 'out' | 'in' | 'both', offset: number, limit: number,
) {
  const { total, counts_by_edge_type, page } = neighbourPage(g, node, mask, direction, offset, limit);
  const edges = await edgesJson(db, g, page, table ? { qualifiers: false, table } : { qualifiers: false });
  return { node: nodeJson(g, node), total, counts_by_edge_type, neighbors: page.map((f, i) => ({ node: nodeJson(g, f.other), edge: edges[i] })) };
}

export interface NodeNeighborsInput { node_id: string; edge_types?: string[]; direction: 'out' | 'in' | 'both'; limit: number; offset: number; disease_id?: string }

/** The whole query: the node (and a disease_id, checked to exist), then one page of its neighbours. */
export async function kgNodeNeighbors(deps: KgReadDeps, input: NodeNeighborsInput): Promise<KgReadOutcome> {
  const served = await currentKnowledgeGraph(deps.db);
  const g = served.graph;
  const node = resolveNode(g, input.node_id);
  if (typeof node !== 'number') return kgNotFound(node.detail);
  if (input.disease_id !== undefined) {
    const resolved = resolveDiseaseNode(deps, g, input.disease_id);
    if ('detail' in resolved) return kgNotFound(resolved.detail);
  }
  const page = await kgNeighbors(deps.db, g, served.citations(deps.db), node, edgeTypeMask(input.edge_types), input.direction, input.offset, input.limit);
  return { kind: 'ok', body: { ...page, snapshots: snapshotsOf(g) } };
}
