// /api/kg/stats, /graph, /search, /node/{node_id}, /neighbors/{node_id} (spec §4.6): reading the knowledge
// graph built from the active snapshots (docs/knowledge-graph.md). Each route parses, calls its query
// (commands/kg-reads/) and maps the outcome (api/kg/kg-context.ts).
import type { NodeType } from '../../domain/knowledge-graph/metagraph';
import { kgDiseaseGraph, type DiseaseGraphInput } from '../../commands/kg-reads/kg-disease-graph';
import { kgNodeNeighbors, type NodeNeighborsInput } from '../../commands/kg-reads/kg-neighbors';
import { kgNode } from '../../commands/kg-reads/kg-node';
import { kgSearch, SEARCH_TIERS } from '../../commands/kg-reads/kg-search';
import { kgStats } from '../../commands/kg-reads/kg-stats';
import type { RouteDefinition } from '../http/registry';
import { KgRouteDeps, sendKgRead } from './kg-context';
import {
  DEFAULT_DISEASE, diseaseIdSchema, edgeJsonSchema, edgeTypesSchema, kgAnswer, kgNotFound, nodeIdSchema, nodeJsonSchema, nodeTypesSchema,
} from './kg.schemas';

const tags = ['knowledge-graph'];
const nodeParams = { type: 'object', properties: { node_id: nodeIdSchema }, required: ['node_id'] };

export function kgBrowseRoutes(deps: KgRouteDeps): RouteDefinition[] {
  return [statsRoute(deps), diseaseGraphRoute(deps), searchRoute(deps), nodeRoute(deps), neighborsRoute(deps)];
}

function statsRoute(deps: KgRouteDeps): RouteDefinition {
  return {
    method: 'get', path: '/api/kg/stats', operationId: 'kgStats', tags, access: 'public',
    summary: 'Knowledge graph: counts by node and edge type, and the snapshots it was built from',
    description: 'The graph is built from the active snapshots of the biomedical store (never from hand-written files): '
      + 'one node per entity on its canonical CURIE, one edge per supported statement, citing every claim. excluded_claims '
      + 'counts the claims that are not edges (contradicting or neutral ones, predicates outside the metagraph). With '
      + 'disease_id, also the disease node and its one-hop neighbourhood counted by type.',
    query: { type: 'object', properties: { disease_id: diseaseIdSchema }, additionalProperties: false },
    responses: {
      200: {
        description: 'Counts',
        schema: kgAnswer({
          nodes: { type: 'integer' }, edges: { type: 'integer' }, claims: { type: 'integer' },
          node_types: { type: 'object' }, edge_types: { type: 'object' }, metagraph: { type: 'array' },
          excluded_claims: { type: 'object' }, build_ms: { type: 'integer' }, disease: { type: 'object' },
        }, ['nodes', 'edges', 'claims', 'node_types', 'edge_types', 'metagraph', 'excluded_claims']),
      },
      404: kgNotFound,
    },
    handler: async ({ query, res }) => sendKgRead(res, await kgStats(deps, query as { disease_id?: string })),
  };
}

function diseaseGraphRoute(deps: KgRouteDeps): RouteDefinition {
  return {
    method: 'get', path: '/api/kg/graph', operationId: 'kgDiseaseGraph', tags, access: 'public',
    summary: 'A disease\'s subgraph, bounded, as Cytoscape elements',
    description: 'Breadth-first from the disease node over the chosen edge types, both directions, up to `hops` (1–2) and `max_nodes` '
      + '(1–1000; within a hop, neighbours by edge type then degree), plus every edge among the nodes kept. Shape: '
      + '`elements.nodes[].data` {id, label, type, hop} and `elements.edges[].data` {id, source, target, type, claim_count, resources}, '
      + 'which cytoscape({elements}) reads as is. `truncated` says whether the cap left nodes out.',
    query: {
      type: 'object',
      properties: {
        disease_id: { ...diseaseIdSchema, default: DEFAULT_DISEASE }, hops: { type: 'integer', minimum: 1, maximum: 2, default: 1 },
        max_nodes: { type: 'integer', minimum: 1, maximum: 1000, default: 200 }, edge_types: edgeTypesSchema,
      },
      additionalProperties: false,
    },
    responses: {
      200: { description: 'The subgraph', schema: kgAnswer({ disease: nodeJsonSchema, elements: { type: 'object' }, truncated: { type: 'boolean' }, node_types: { type: 'object' } }, ['disease', 'elements', 'truncated']) },
      404: kgNotFound,
    },
    handler: async ({ query, res }) => sendKgRead(res, await kgDiseaseGraph(deps, query as unknown as DiseaseGraphInput)),
  };
}

function searchRoute(deps: KgRouteDeps): RouteDefinition {
  return {
    method: 'get', path: '/api/kg/search', operationId: 'kgSearch', tags, access: 'public',
    summary: 'Find nodes by id, label or synonym',
    description: 'Case- and accent-insensitive. Ranked: the id or an exact alias (DOID:… finds its MONDO node), label equal, synonym equal, '
      + 'label prefix, a later word of the label, synonym containing, label containing; ties by degree, then id. `types` keeps node types.',
    query: {
      type: 'object',
      properties: { q: { type: 'string', minLength: 1, maxLength: 200 }, types: nodeTypesSchema, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
      required: ['q'], additionalProperties: false,
    },
    responses: {
      200: {
        description: 'Matching nodes',
        schema: kgAnswer({
          query: { type: 'string' },
          hits: { type: 'array', items: { type: 'object', properties: { ...nodeJsonSchema.properties, match: { enum: SEARCH_TIERS }, matched: { type: 'string' }, degree: { type: 'integer' } } } },
        }, ['query', 'hits']),
      },
    },
    handler: async ({ query, res }) => sendKgRead(res, await kgSearch(deps, query as unknown as { q: string; types?: NodeType[]; limit: number })),
  };
}

function nodeRoute(deps: KgRouteDeps): RouteDefinition {
  return {
    method: 'get', path: '/api/kg/node/{node_id}', operationId: 'kgNode', tags, access: 'public',
    summary: 'One node: attributes, mappings, degree by edge type, provenance',
    description: 'aliases are the exact mappings that resolve to the node; provenance counts the node\'s edges per source snapshot. '
      + 'With disease_id: the length of the shortest path to the disease (any direction, default edge types, ≤ 4 hops) or null.',
    params: nodeParams,
    query: { type: 'object', properties: { disease_id: diseaseIdSchema }, additionalProperties: false },
    responses: {
      200: {
        description: 'The node',
        schema: kgAnswer({
          node: nodeJsonSchema, synonyms: { type: 'array', items: { type: 'string' } }, aliases: { type: 'array', items: { type: 'string' } },
          degree_by_type: { type: 'object' }, provenance: { type: 'array' }, disease: { type: 'object' },
        }, ['node', 'synonyms', 'aliases', 'degree_by_type', 'provenance']),
      },
      404: kgNotFound,
    },
    handler: async ({ params, query, res }) => sendKgRead(res, await kgNode(deps, { ...query, node_id: params.node_id as string })),
  };
}

function neighborsRoute(deps: KgRouteDeps): RouteDefinition {
  return {
    method: 'get', path: '/api/kg/neighbors/{node_id}', operationId: 'kgNeighbors', tags, access: 'public',
    summary: 'A node\'s neighbours by edge type, each edge with its direction and citations',
    description: '`direction`: out (edges from the node), in (edges into it) or both (default); symmetric edges count as both. All edge '
      + 'types unless `edge_types` is given (a gene\'s expression edges included). Sorted by edge type, then the graph\'s node order; paged by '
      + 'limit (1–500, default 50) and offset. total counts every neighbour edge before paging. Citations here carry no qualifiers '
      + '(a path\'s edges on /api/kg/path carry them).',
    params: nodeParams,
    query: {
      type: 'object',
      properties: {
        edge_types: edgeTypesSchema, direction: { enum: ['out', 'in', 'both'], default: 'both' },
        limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 }, offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
        disease_id: diseaseIdSchema,
      },
      additionalProperties: false,
    },
    responses: {
      200: {
        description: 'Neighbours',
        schema: kgAnswer({
          node: nodeJsonSchema, total: { type: 'integer' }, counts_by_edge_type: { type: 'object' },
          neighbors: { type: 'array', items: { type: 'object', properties: { node: nodeJsonSchema, edge: edgeJsonSchema }, required: ['node', 'edge'] } },
        }, ['node', 'total', 'counts_by_edge_type', 'neighbors']),
      },
      404: kgNotFound,
    },
    handler: async ({ params, query, res }) => sendKgRead(res, await kgNodeNeighbors(deps, { ...query, node_id: params.node_id } as unknown as NodeNeighborsInput)),
  };
}
