// /api/kg/path, /centrality, /communities (spec §4.6): paths between two nodes with every edge's direction
// and citations; centralities and Louvain communities of the whole graph (computed once per snapshot set,
// then served from memory) or of a disease's neighbourhood (computed per request, exactly).
import { EDGE_TYPE_NAMES } from '../../domain/knowledge-graph/metagraph';
import { CentralityMetric, communities, exactCentrality, Scores } from '../../domain/knowledge-graph/metrics';
import { countByType, neighbourhood } from '../../domain/knowledge-graph/neighbourhood';
import { edgeTypeMask, TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { GRAPH_SEED, nodeJson } from '../../commands/kg-reads/current-graph';
import { kgPaths } from '../../commands/kg-reads/kg-paths';
import type { RouteDefinition } from '../http/registry';
import { currentGraph, KgRouteDeps, resolveDisease, resolveNode, sendNotFound, snapshotsOf } from './kg-context';
import { diseaseIdSchema, edgeJsonSchema, edgeTypesSchema, kgAnswer, kgNotFound, KG_DISCLAIMER, metricSchema, nodeIdSchema, nodeJsonSchema, nodeTypesSchema } from './kg.schemas';

const tags = ['knowledge-graph'];
/** A disease's neighbourhood for scoped metrics: two hops, at most this many nodes. */
const SCOPE_HOPS = 2;
const SCOPE_MAX_NODES = 1000;

function topScores(g: TypedKnowledgeGraph, scores: Scores, topN: number, types: readonly string[] | undefined) {
  // A metric undefined for a node (closeness of an isolated node) counts as 0, never NaN in the JSON or the sort.
  const value = (i: number) => (Number.isFinite(scores.scores[i]) ? scores.scores[i]! : 0);
  const order = scores.nodes.map((_, i) => i).filter((i) => !types || types.includes(g.typeOf(scores.nodes[i]!)));
  order.sort((a, b) => value(b) - value(a) || (g.id(scores.nodes[a]!) < g.id(scores.nodes[b]!) ? -1 : 1));
  return order.slice(0, topN).map((i, rank) => ({ rank: rank + 1, ...nodeJson(g, scores.nodes[i]!), score: value(i) }));
}

export function kgAnalysisRoutes(deps: KgRouteDeps): RouteDefinition[] {
  return [
    {
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
      handler: async ({ query, res }) => {
        const served = await currentGraph(deps);
        const g = served.graph;
        const from = resolveNode(g, query.source as string);
        if (typeof from !== 'number') return sendNotFound(res, from.detail);
        const to = resolveNode(g, query.target as string);
        if (typeof to !== 'number') return sendNotFound(res, to.detail);
        const edgeTypes = query.edge_types as string[] | undefined;
        const mask = edgeTypes ? edgeTypeMask(edgeTypes) : served.defaultMask;
        const { found, paths } = await kgPaths(deps.db, served, { from, to, maxHops: query.max_hops as number, k: query.k as number, mode: query.direction as 'forward' | 'any', allowed: mask });
        res.json({
          result: paths.length > 0 ? 'found' : 'no_path_found', source: nodeJson(g, from), target: nodeJson(g, to), shortest: found.shortest, paths,
          scope: {
            max_hops: query.max_hops, k: query.k, direction: query.direction,
            edge_types: edgeTypes ?? EDGE_TYPE_NAMES.filter((_, i) => mask[i]),
            nodes_reaching_target: found.nodes_reaching_target, expansions: found.expansions, truncated: found.truncated,
          },
          snapshots: snapshotsOf(g), disclaimer: KG_DISCLAIMER,
        });
      },
    },
    {
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
      },
      handler: async ({ query, res }) => {
        const served = await currentGraph(deps);
        const g = served.graph;
        const metric = query.metric as CentralityMetric;
        let scores: Scores;
        let scope: Record<string, unknown>;
        let cached = false;
        let ms: number;
        if (query.disease_id !== undefined) {
          const resolved = resolveDisease(deps, g, query.disease_id as string);
          if ('detail' in resolved) return sendNotFound(res, resolved.detail);
          const started = Date.now();
          const hood = neighbourhood(g, resolved.node, SCOPE_HOPS, SCOPE_MAX_NODES, served.defaultMask);
          scores = exactCentrality(g, hood.nodes, served.defaultMask, metric);
          ms = Date.now() - started;
          scope = { kind: 'disease_neighbourhood', disease: nodeJson(g, resolved.node), hops: SCOPE_HOPS, nodes: hood.nodes.length, edges: hood.edges.length, truncated: hood.truncated };
        } else {
          const computed = served.centrality(metric);
          scores = computed.scores;
          cached = computed.cached;
          ms = computed.ms;
          scope = { kind: 'graph', nodes: scores.nodes.length };
        }
        res.json({
          metric, method: scores.method, exact: scores.exact, samples: scores.samples ?? null, seed: scores.seed ?? null, ...(scores.converged === false ? { converged: false } : {}),
          scope, cached, computed_ms: ms, top: topScores(g, scores, query.top_n as number, query.types as string[] | undefined),
          snapshots: snapshotsOf(g), disclaimer: KG_DISCLAIMER,
        });
      },
    },
    {
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
      },
      handler: async ({ query, res }) => {
        const served = await currentGraph(deps);
        const g = served.graph;
        let diseaseNode: number | undefined;
        let split;
        let scope: Record<string, unknown>;
        let cached = false;
        let ms: number;
        if (query.disease_id !== undefined) {
          const resolved = resolveDisease(deps, g, query.disease_id as string);
          if ('detail' in resolved) return sendNotFound(res, resolved.detail);
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
          if (c >= (query.top as number)) return;
          const list = groups.get(c);
          if (list) list.push(n); else groups.set(c, [n]);
        });
        const listed = [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([community, members]) => ({
          community, size: members.length, node_types: countByType(g, members),
          top_members: members.map((n) => ({ ...nodeJson(g, n), degree: g.degree(n, served.defaultMask) }))
            .sort((a, b) => b.degree - a.degree || (a.id < b.id ? -1 : 1)).slice(0, query.members as number),
        }));
        const diseaseIndex = diseaseNode === undefined ? -1 : split.nodes.indexOf(diseaseNode);
        res.json({
          method: split.method, seed: split.seed, count: split.count, modularity: split.modularity, scope, cached, computed_ms: ms,
          communities: listed, ...(diseaseNode !== undefined ? { disease_community: diseaseIndex >= 0 ? split.community[diseaseIndex]! : null } : {}),
          snapshots: snapshotsOf(g), disclaimer: KG_DISCLAIMER,
        });
      },
    },
  ];
}
