// GET /api/kg/nodes/{node_id}/neighbors as a query: one page of a node's neighbours over the allowed edge
// types, each with the edge that joins them (citations without qualifiers), and the per-type counts.
import type { Knex } from 'knex';
import { neighbourPage } from '../../domain/knowledge-graph/neighbourhood';
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { edgesJson, nodeJson } from '../../infra/kg/kg-views';

export async function kgNeighbors(
  db: Knex, g: TypedKnowledgeGraph, node: number, mask: Uint8Array, direction: 'out' | 'in' | 'both', offset: number, limit: number,
) {
  const { total, counts_by_edge_type, page } = neighbourPage(g, node, mask, direction, offset, limit);
  const edges = await edgesJson(db, g, page, { qualifiers: false });
  return { node: nodeJson(g, node), total, counts_by_edge_type, neighbors: page.map((f, i) => ({ node: nodeJson(g, f.other), edge: edges[i] })) };
}
