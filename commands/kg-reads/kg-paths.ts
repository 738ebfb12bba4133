// GET /api/kg/paths as a query: the k shortest paths between two resolved nodes of the served graph, each
// with its nodes and its edges (with citations), and the search figures the answer's scope reports.
import type { Knex } from 'knex';
import { kShortestPaths } from '../../domain/knowledge-graph/paths';
import type { ServedGraph } from '../../infra/kg/store-graph-cache';
import { edgesJson, nodeJson } from '../../infra/kg/kg-views';
import type { CitationTable } from '../../infra/kg/citation-table';
import { EDGE_TYPE_NAMES } from '../../domain/knowledge-graph/metagraph';
import { edgeTypeMask } from '../../domain/knowledge-graph/typed-graph';
import { currentKnowledgeGraph } from './current-graph';
import { KgReadDeps, kgNotFound, KgReadOutcome, resolveNode, snapshotsOf } from './kg-read-context';

export interface KgPathsInput { from: number; to: number; maxHops: number; k: number; mode: 'forward' | 'any'; allowed: Uint8Array }

/** The paths; `table`: the graph's citations in memory (ServedGraph.citations), else they are read from the store. */
export async function kgPaths(db: Knex, served: ServedGraph, input: KgPathsInput, table: CitationTable | undefined) {
  const g = served.graph;
  const found = kShortestPaths(g, input);
  const edges = await edgesJson(db, g, found.paths.flatMap((p) => p.steps), table ? { table } : {});
  let at = 0;
  const paths = found.paths.map((p) => {
    const slice = edges.slice(at, at + p.steps.length);
    at += p.steps.length;
    return { length: p.steps.length, nodes: p.nodes.map((n) => nodeJson(g, n)), edges: slice };
  });
  return { found, paths };
}

export interface PathQueryInput { source: string; target: string; max_hops: number; k: number; direction: 'forward' | 'any'; edge_types?: string[] }

/** The whole query: both nodes resolved, the paths, and the scope the answer reports. */
export async function kgPathQuery(deps: Pick<KgReadDeps, 'db'>, input: PathQueryInput): Promise<KgReadOutcome> {
  const served = await currentKnowledgeGraph(deps.db);
  const g = served.graph;
  const from = resolveNode(g, input.source);
  if (typeof from !== 'number') return kgNotFound(from.detail);
  const to = resolveNode(g, input.target);
  if (typeof to !== 'number') return kgNotFound(to.detail);
  const mask = input.edge_types ? edgeTypeMask(input.edge_types) : served.defaultMask;
  const { found, paths } = await kgPaths(deps.db, served, { from, to, maxHops: input.max_hops, k: input.k, mode: input.direction, allowed: mask }, served.citations(deps.db));
  return {
    kind: 'ok',
    body: {
      result: paths.length > 0 ? 'found' : 'no_path_found', source: nodeJson(g, from), target: nodeJson(g, to), shortest: found.shortest, paths,
      scope: {
        max_hops: input.max_hops, k: input.k, direction: input.direction,
        edge_types: input.edge_types ?? EDGE_TYPE_NAMES.filter((_, i) => mask[i]),
        nodes_reaching_target: found.nodes_reaching_target, expansions: found.expansions, truncated: found.truncated,
      },
      snapshots: snapshotsOf(g),
    },
  };
}
