// GET /api/kg/paths as a query: the k shortest paths between two resolved nodes of the served graph, each
// with its nodes and its edges (with citations), and the search figures the answer's scope reports.
import type { Knex } from 'knex';
import { kShortestPaths } from '../../domain/knowledge-graph/paths';
import type { ServedGraph } from '../../infra/kg/store-graph-cache';
import { edgesJson, nodeJson } from '../../infra/kg/kg-views';

export interface KgPathsInput { from: number; to: number; maxHops: number; k: number; mode: 'forward' | 'any'; allowed: Uint8Array }

export async function kgPaths(db: Knex, served: ServedGraph, input: KgPathsInput) {
  const g = served.graph;
  const found = kShortestPaths(g, input);
  const edges = await edgesJson(db, g, found.paths.flatMap((p) => p.steps));
  let at = 0;
  const paths = found.paths.map((p) => {
    const slice = edges.slice(at, at + p.steps.length);
    at += p.steps.length;
    return { length: p.steps.length, nodes: p.nodes.map((n) => nodeJson(g, n)), edges: slice };
  });
  return { found, paths };
}
