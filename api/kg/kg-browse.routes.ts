// /api/kg/stats, /graph, /search, /node/{node_id}, /neighbors/{node_id} (spec §4.6): reading the knowledge
// graph built from the active snapshots (docs/knowledge-graph.md).
import { EDGE_TYPES, PATH_DEFAULT_EXCLUDED, NodeType } from '../../domain/knowledge-graph/metagraph';
import { countByType, neighbourhood } from '../../domain/knowledge-graph/neighbourhood';
import { edgeTypeMask } from '../../domain/knowledge-graph/typed-graph';
import { nodeJson } from '../../commands/kg-reads/current-graph';
import { kgNeighbors } from '../../commands/kg-reads/kg-neighbors';
import type { RouteDefinition } from '../http/registry';
import { currentGraph, KgRouteDeps, resolveDisease, resolveNode, sendNotFound, snapshotsOf } from './kg-context';
import {
  DEFAULT_DISEASE, diseaseIdSchema, edgeJsonSchema, edgeTypesSchema, kgAnswer, kgNotFound, KG_DISCLAIMER, nodeIdSchema, nodeJsonSchema, nodeTypesSchema,
} from './kg.schemas';

const tags = ['knowledge-graph'];
const nodeParams = { type: 'object', properties: { node_id: nodeIdSchema }, required: ['node_id'] };
const SEARCH_TIERS = ['id', 'label', 'synonym', 'label_prefix', 'label_word_prefix', 'synonym_contains', 'label_contains'];

export function kgBrowseRoutes(deps: KgRouteDeps): RouteDefinition[] {
  return [
    {
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
      handler: async ({ query, res }) => {
        const served = await currentGraph(deps);
        const g = served.graph;
        let disease: Record<string, unknown> | undefined;
        if (query.disease_id !== undefined) {
          const resolved = resolveDisease(deps, g, query.disease_id as string);
          if ('detail' in resolved) return sendNotFound(res, resolved.detail);
          const hood = neighbourhood(g, resolved.node, 1, g.nodeCount, served.defaultMask);
          disease = { node: nodeJson(g, resolved.node), module_id: resolved.module_id, degree_by_type: g.degreeByType(resolved.node), neighbourhood_node_types: countByType(g, hood.nodes.slice(1)) };
        }
        res.json({
          nodes: g.nodeCount, edges: g.edgeCount, claims: g.claimCount, node_types: g.countsByNodeType(), edge_types: g.countsByEdgeType(),
          metagraph: EDGE_TYPES.map((e) => ({ type: e.type, from: e.from, to: e.to, symmetric: e.symmetric, hetionet: e.abbreviation, in_paths_by_default: !PATH_DEFAULT_EXCLUDED.has(e.type) })),
          excluded_claims: { ...served.loaded.excluded, ambiguous_aliases: served.loaded.ambiguous_aliases, merged_into_one_edge: g.counts.merged_claims },
          build_ms: served.loaded.build_ms, ...(disease ? { disease } : {}), snapshots: snapshotsOf(g), disclaimer: KG_DISCLAIMER,
        });
      },
    },
    {
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
      handler: async ({ query, res }) => {
        const served = await currentGraph(deps);
        const g = served.graph;
        const resolved = resolveDisease(deps, g, query.disease_id as string);
        if ('detail' in resolved) return sendNotFound(res, resolved.detail);
        const mask = query.edge_types ? edgeTypeMask(query.edge_types as string[]) : served.defaultMask;
        const hood = neighbourhood(g, resolved.node, query.hops as number, query.max_nodes as number, mask);
        res.json({
          disease: nodeJson(g, resolved.node),
          elements: {
            nodes: hood.nodes.map((n, i) => ({ data: { ...nodeJson(g, n), hop: hood.hops[i] } })),
            edges: hood.edges.map((e) => {
              const claims = g.claimsOf(e);
              return { data: { id: `e${e}`, source: g.id(g.edgeSource(e)), target: g.id(g.edgeTarget(e)), type: g.edgeType(e), claim_count: claims.length, resources: [...new Set(claims.map((c) => c.resource))] } };
            }),
          },
          truncated: hood.truncated, node_types: countByType(g, hood.nodes), snapshots: snapshotsOf(g), disclaimer: KG_DISCLAIMER,
        });
      },
    },
    {
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
      handler: async ({ query, res }) => {
        const served = await currentGraph(deps);
        const g = served.graph;
        const degree = (n: number) => g.degree(n, served.defaultMask);
        const hits = served.search().search(query.q as string, query.types as NodeType[] | undefined, query.limit as number, degree);
        res.json({
          query: query.q, hits: hits.map((h) => ({ ...nodeJson(g, h.node), match: SEARCH_TIERS[h.tier], matched: h.matched, degree: degree(h.node) })),
          snapshots: snapshotsOf(g), disclaimer: KG_DISCLAIMER,
        });
      },
    },
    {
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
      handler: async ({ params, query, res }) => {
        const served = await currentGraph(deps);
        const g = served.graph;
        const node = resolveNode(g, params.node_id as string);
        if (typeof node !== 'number') return sendNotFound(res, node.detail);
        let disease: Record<string, unknown> | undefined;
        if (query.disease_id !== undefined) {
          const resolved = resolveDisease(deps, g, query.disease_id as string);
          if ('detail' in resolved) return sendNotFound(res, resolved.detail);
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
        res.json({
          node: nodeJson(g, node), synonyms: g.synonymsOf(node), aliases: g.aliasesOf(node), degree_by_type: g.degreeByType(node),
          provenance: [...perSnapshot.values()], ...(disease ? { disease } : {}), snapshots: snapshotsOf(g), disclaimer: KG_DISCLAIMER,
        });
      },
    },
    {
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
      handler: async ({ params, query, res }) => {
        const served = await currentGraph(deps);
        const g = served.graph;
        const node = resolveNode(g, params.node_id as string);
        if (typeof node !== 'number') return sendNotFound(res, node.detail);
        if (query.disease_id !== undefined) {
          const resolved = resolveDisease(deps, g, query.disease_id as string);
          if ('detail' in resolved) return sendNotFound(res, resolved.detail);
        }
        const mask = edgeTypeMask(query.edge_types as string[] | undefined);
        const page = await kgNeighbors(deps.db, g, node, mask, query.direction as 'out' | 'in' | 'both', query.offset as number, query.limit as number);
        res.json({ ...page, snapshots: snapshotsOf(g), disclaimer: KG_DISCLAIMER });
      },
    },
  ];
}

/** Shortest number of hops between two nodes in any direction, up to 4, or null. */
function distanceBetween(g: Parameters<typeof nodeJson>[0], from: number, to: number, mask: Uint8Array): number | null {
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
