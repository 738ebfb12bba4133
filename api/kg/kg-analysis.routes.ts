// /api/kg/path, /centrality, /communities (spec §4.6): paths between two nodes with every edge's direction
// and citations; centralities and Louvain communities of the whole graph (computed once per snapshot set,
// then served from memory) or of a disease's neighbourhood (computed per request, exactly). Each route
// parses, calls its query (commands/kg-reads/) and maps the outcome (api/kg/kg-context.ts).
import type { CentralityInput } from '../../commands/kg-reads/kg-centrality';
import type { CommunitiesInput } from '../../commands/kg-reads/kg-communities';
import { kgPathQuery, type PathQueryInput } from '../../commands/kg-reads/kg-paths';
import type { RouteDefinition } from '../http/registry';
import { KgRouteDeps, sendKgRead } from './kg-context';
import { diseaseIdSchema, edgeJsonSchema, edgeTypesSchema, kgAnswer, kgBusy, kgNotFound, metricSchema, nodeIdSchema, nodeJsonSchema, nodeTypesSchema } from './kg.schemas';

const tags = ['knowledge-graph'];

export function kgAnalysisRoutes(deps: KgRouteDeps): RouteDefinition[] {
  return [pathRoute(deps), centralityRoute(deps), communitiesRoute(deps)];
}

function pathRoute(deps: KgRouteDeps): RouteDefinition {
  return {
    method: 'get', path: '/api/kg/path', operationId: 'kgPath', tags, access: 'public',
    summary: 'Typed paths between two nodes: the k shortest, up to a hop limit',
    description: 'direction=forward (default) walks edges only from subject to object (symmetric interactions both ways); direction=any '
      + 'may also walk an edge against its direction, and then says so (`direction: "reverse"` on that edge) — a reversed edge is never '
      + 'shown as forward. Paths are simple, shortest first (then edge type and node order); each edge carries its type, source '
      + 'resource, snapshot and citations. Expression edges are left out unless edge_types names them. When no path exists within '
      + 'the scope, `result: "no_path_found"` with the scope searched.',
    query: {
      type: 'object',
      properties: {
        source: nodeIdSchema, target: nodeIdSchema, max_hops: { type: 'integer', minimum: 1, maximum: 5, default: 4 },
        k: { type: 'integer', minimum: 1, maximum: 20, default: 5 }, direction: { enum: ['forward', 'any'], default: 'forward' },
        edge_types: edgeTypesSchema,
      },
      required: ['source', 'target'], additionalProperties: false,
    },
    responses: {
      200: {
        description: 'Paths found, or no_path_found with the scope',
        schema: kgAnswer({
          result: { enum: ['found', 'no_path_found'] }, source: nodeJsonSchema, target: nodeJsonSchema, shortest: { type: ['integer', 'null'] },
          paths: { type: 'array', items: { type: 'object', properties: { length: { type: 'integer' }, nodes: { type: 'array', items: nodeJsonSchema }, edges: { type: 'array', items: edgeJsonSchema } } } },
          scope: { type: 'object' },
        }, ['result', 'source', 'target', 'paths', 'scope']),
      },
      404: kgNotFound,
    },
    handler: async ({ query, res }) => sendKgRead(res, await kgPathQuery(deps, query as unknown as PathQueryInput)),
  };
}

function centralityRoute(deps: KgRouteDeps): RouteDefinition {
  return {
    method: 'get', path: '/api/kg/centrality', operationId: 'kgCentrality', tags, access: 'public',
    summary: 'Top nodes by degree, betweenness, closeness, PageRank or eigenvector centrality',
    description: 'Without disease_id: over the whole graph (expression edges left out), computed once per snapshot set and then served '
      + 'from memory; betweenness and closeness there are estimated from 128 seeded pivots (`exact: false`, `samples`, `seed`), the rest '
      + 'exact. With disease_id: exactly, over the disease\'s two-hop neighbourhood (≤ 1000 nodes). Methods and citations: '
      + 'docs/knowledge-graph.md. `types` filters the ranking, not the computation.',
    query: {
      type: 'object',
      properties: { metric: metricSchema, top_n: { type: 'integer', minimum: 1, maximum: 1000, default: 20 }, disease_id: diseaseIdSchema, types: nodeTypesSchema },
      additionalProperties: false,
    },
    responses: {
      200: {
        description: 'Ranking',
        schema: kgAnswer({
          metric: { type: 'string' }, method: { type: 'string' }, exact: { type: 'boolean' }, samples: { type: ['integer', 'null'] }, seed: { type: ['integer', 'null'] },
          scope: { type: 'object' }, cached: { type: 'boolean' }, computed_ms: { type: 'integer' },
          top: { type: 'array', items: { type: 'object', properties: { rank: { type: 'integer' }, ...nodeJsonSchema.properties, score: { type: 'number' } } } },
        }, ['metric', 'method', 'exact', 'scope', 'top']),
      },
      404: kgNotFound,
      503: kgBusy,
    },
    handler: async ({ query, res }) => sendKgRead(res, await deps.heavyReads({ read: 'centrality', input: query as unknown as CentralityInput })),
  };
}

function communitiesRoute(deps: KgRouteDeps): RouteDefinition {
  return {
    method: 'get', path: '/api/kg/communities', operationId: 'kgCommunities', tags, access: 'public',
    summary: 'Louvain communities (seeded) of the whole graph or of a disease\'s neighbourhood',
    description: 'Louvain (Blondel et al. 2008) over the undirected simple graph without expression edges, resolution 1, node order '
      + 'from a fixed seed: the same snapshots give the same split. Communities are numbered by decreasing size; each lists its size, '
      + 'node types and best-connected members. With disease_id: over its two-hop neighbourhood, and which community holds the disease.',
    query: {
      type: 'object',
      properties: {
        disease_id: diseaseIdSchema, top: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
        members: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
      },
      additionalProperties: false,
    },
    responses: {
      200: {
        description: 'Communities',
        schema: kgAnswer({
          method: { type: 'string' }, seed: { type: 'integer' }, count: { type: 'integer' }, modularity: { type: 'number' }, scope: { type: 'object' },
          cached: { type: 'boolean' }, computed_ms: { type: 'integer' }, communities: { type: 'array' }, disease_community: { type: ['integer', 'null'] },
        }, ['method', 'seed', 'count', 'modularity', 'scope', 'communities']),
      },
      404: kgNotFound,
      503: kgBusy,
    },
    handler: async ({ query, res }) => sendKgRead(res, await deps.heavyReads({ read: 'communities', input: query as unknown as CommunitiesInput })),
  };
}
