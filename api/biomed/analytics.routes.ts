// /api/v1/analytics/*: analyses over the active snapshots; every answer names the snapshots it used.
import type { Knex } from 'knex';
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';
import { claimPaths, subgraph } from '../../commands/biomed-reads/claim-graph-reads';
import { sharedMechanisms, storeStats, targetPrioritization, targets } from '../../commands/biomed-reads/store-reads';
import { jsonInTurns } from '../../commands/shared/json-in-turns';
import type { RouteDefinition } from '../http/registry';
import {
  activeSnapshotsProperty, claimPathsQuery, diseaseCurieParams, entityCurieParams, graphEdgeSchema, graphNodeSchema, notFoundSchema, pairQuery,
  prioritizationQuery, subgraphQuery, targetsQuery, withDisclaimer,
} from './schemas';

const tags = ['biomed'];
const notFound = (curies: string[]) => ({ detail: `unknown in the active snapshots: ${curies.join(', ')}`, disclaimer: BIOMED_DISCLAIMER });
const conditionRef = { type: 'object', properties: { curie: { type: 'string' }, label: { type: ['string', 'null'] }, mondo_curie: { type: ['string', 'null'] } } };

/** `db`: the store's database, read through the content readers of infra/biomed/read. */
export function analyticsRoutes(db: Knex): RouteDefinition[] {
  return [statsRoute(db), sharedMechanismsRoute(db), targetsRoute(db), subgraphRoute(db), claimPathsRoute(db), targetPrioritizationRoute(db)];
}

function statsRoute(db: Knex): RouteDefinition {
  return {
    method: 'get', path: '/api/v1/analytics/stats', operationId: 'getBiomedStats', tags, access: 'public',
    summary: 'Counts per active snapshot and entity-kind / predicate distributions',
    description: 'per_snapshot: terms, IS_A edges, claims and mappings of each active snapshot; entity_kinds: terms per kind (with how many '
      + 'are obsolete); predicates: claims per predicate split by evidence direction; snapshots: the active snapshots used.',
    query: { type: 'object', properties: {}, additionalProperties: false },
    responses: {
      200: {
        description: 'Store statistics',
        schema: withDisclaimer({
          per_snapshot: { type: 'array', items: { type: 'object' } }, totals: { type: 'object' },
          entity_kinds: { type: 'array', items: { type: 'object' } }, predicates: { type: 'array', items: { type: 'object' } },
          snapshots: activeSnapshotsProperty,
        }, ['per_snapshot', 'totals', 'entity_kinds', 'predicates', 'snapshots']),
      },
    },
    handler: async ({ res }) => {
      res.json({ ...(await storeStats(db)), disclaimer: BIOMED_DISCLAIMER });
    },
  };
}

function sharedMechanismsRoute(db: Knex): RouteDefinition {
  return {
    method: 'get', path: '/api/v1/analytics/shared-mechanisms', operationId: 'getSharedMechanisms', tags, access: 'public',
    summary: 'Shared phenotypes, genes and pathways of two conditions, with Jaccard indices',
    description: 'Query parameters left_curie and right_curie (both required). Phenotypes: supporting HAS_PHENOTYPE claims; genes: '
      + 'supporting ASSOCIATED_WITH_GENE claims; pathways: supporting INVOLVES_PATHWAY claims plus the Reactome pathways the genes '
      + 'PARTICIPATES_IN. Each about the condition or an exactly mapped equivalent, over the active snapshots (named in snapshots). '
      + 'Jaccard is null when both sets are empty. 404 when a CURIE is unknown in the active snapshots.',
    query: pairQuery,
    responses: {
      200: {
        description: 'Shared mechanisms',
        schema: withDisclaimer({
          left: { type: 'object' }, right: { type: 'object' }, phenotypes: { type: 'object' }, genes: { type: 'object' }, pathways: { type: 'object' },
          snapshots: activeSnapshotsProperty,
        }, ['left', 'right', 'phenotypes', 'genes', 'pathways', 'snapshots']),
      },
      404: { description: 'A CURIE is unknown in the active snapshots', schema: notFoundSchema },
    },
    handler: async ({ query, res }) => {
      const outcome = await sharedMechanisms(db, String(query.left_curie), String(query.right_curie));
      if (!outcome.found) {
        res.status(404).json({ detail: `unknown in the active snapshots: ${outcome.missing.join(', ')}`, disclaimer: BIOMED_DISCLAIMER });
        return;
      }
      res.json({ ...outcome.result, disclaimer: BIOMED_DISCLAIMER });
    },
  };
}

function targetsRoute(db: Knex): RouteDefinition {
  return {
    method: 'get', path: '/api/v1/analytics/targets/{curie}', operationId: 'getConditionTargets', tags, access: 'public',
    summary: 'Genes of a condition ranked by their evidence vector',
    description: 'Candidates: objects of ASSOCIATED_WITH_GENE claims about the condition or an exactly mapped equivalent, over the active '
      + 'snapshots. Evidence vector per gene: condition_supports / condition_contradicts (those claims) and pathway_supports / '
      + 'pathway_contradicts (its PARTICIPATES_IN claims). score = (condition_supports - condition_contradicts) + (pathway_supports - '
      + 'pathway_contradicts); ties by CURIE. top_k 1-100 (default 20). 404 when the CURIE is unknown in the active snapshots.',
    params: entityCurieParams,
    query: targetsQuery,
    responses: {
      200: {
        description: 'Ranked targets',
        schema: withDisclaimer({
          condition: conditionRef, top_k: { type: 'integer' }, candidates: { type: 'integer' },
          targets: { type: 'array', items: { type: 'object', properties: {
            rank: { type: 'integer' }, curie: { type: 'string' }, label: { type: ['string', 'null'] }, score: { type: 'number' },
            evidence: { type: 'object' }, pathways: { type: 'array', items: { type: 'string' } },
          } } },
          snapshots: activeSnapshotsProperty,
        }, ['condition', 'top_k', 'candidates', 'targets', 'snapshots']),
      },
      404: { description: 'The CURIE is unknown in the active snapshots', schema: notFoundSchema },
    },
    handler: async ({ params, query, res }) => {
      const result = await targets(db, String(params.curie), Number(query.top_k));
      if (!result) { res.status(404).json(notFound([String(params.curie)])); return; }
      res.json({ ...result, disclaimer: BIOMED_DISCLAIMER });
    },
  };
}

function subgraphRoute(db: Knex): RouteDefinition {
  return {
    method: 'get', path: '/api/v1/analytics/subgraph/{curie}', operationId: 'getEntitySubgraph', tags, access: 'public',
    summary: 'Multi-hop neighbourhood of an entity over the claims of the active snapshots',
    description: 'Breadth-first from the entity over all claims (either direction) of the active snapshots, up to max_hops (1-4, default 2) '
      + 'steps and limit (1-500, default 100) nodes, the centre included; truncated is true when more nodes were reachable. Nodes carry '
      + 'kind (term kind, else gene / pathway from the prefix, else entity), label and hop; edges are the claims between returned nodes '
      + 'with predicate, evidence_direction and snapshot id. 404 when the entity is neither a term nor in a claim of the active snapshots.',
    params: entityCurieParams,
    query: subgraphQuery,
    responses: {
      200: {
        description: 'Subgraph',
        schema: withDisclaimer({
          center: graphNodeSchema, max_hops: { type: 'integer' }, limit: { type: 'integer' }, truncated: { type: 'boolean' },
          nodes: { type: 'array', items: graphNodeSchema }, edges: { type: 'array', items: graphEdgeSchema }, snapshots: activeSnapshotsProperty,
        }, ['center', 'max_hops', 'limit', 'truncated', 'nodes', 'edges', 'snapshots']),
      },
      404: { description: 'The entity is unknown in the active snapshots', schema: notFoundSchema },
    },
    handler: async ({ params, query, res }) => {
      const result = await subgraph(db, String(params.curie), Number(query.max_hops), Number(query.limit));
      if (!result) { res.status(404).json(notFound([String(params.curie)])); return; }
      // A hub's answer is megabytes of JSON: written a slice per event-loop turn, the text res.json would send.
      const json = await jsonInTurns({ ...result, disclaimer: BIOMED_DISCLAIMER });
      res.type('application/json').send(json);
    },
  };
}

function claimPathsRoute(db: Knex): RouteDefinition {
  return {
    method: 'get', path: '/api/v1/biomed/pathways', operationId: 'getClaimPaths', tags, access: 'public',
    summary: 'Claim paths between two entities, shortest first',
    description: 'Simple paths (no repeated node) of at most max_depth (1-5, default 3) claims of the active snapshots between start_curie '
      + 'and target_curie, claims read in either direction; shortest first, then by node CURIEs; at most limit (1-50, default 10). Each '
      + 'path lists its nodes and its claims. An empty list when there is none: nothing is inferred. search_truncated is true when the '
      + 'bounded neighbourhood load was cut. 404 when an entity is unknown in the active snapshots.',
    query: claimPathsQuery,
    responses: {
      200: {
        description: 'Claim paths',
        schema: withDisclaimer({
          start: graphNodeSchema, target: graphNodeSchema, max_depth: { type: 'integer' }, limit: { type: 'integer' },
          paths: { type: 'array', items: { type: 'object', properties: {
            length: { type: 'integer' }, nodes: { type: 'array', items: { type: 'string' } }, claims: { type: 'array', items: graphEdgeSchema },
          } } },
          nodes: { type: 'array', items: graphNodeSchema }, search_truncated: { type: 'boolean' }, snapshots: activeSnapshotsProperty,
        }, ['start', 'target', 'max_depth', 'limit', 'paths', 'nodes', 'snapshots']),
      },
      404: { description: 'An entity is unknown in the active snapshots', schema: notFoundSchema },
    },
    handler: async ({ query, res }) => {
      const outcome = await claimPaths(db, String(query.start_curie), String(query.target_curie), Number(query.max_depth), Number(query.limit));
      if (!outcome.found) { res.status(404).json(notFound(outcome.missing)); return; }
      res.json({ ...outcome.result, disclaimer: BIOMED_DISCLAIMER });
    },
  };
}

function targetPrioritizationRoute(db: Knex): RouteDefinition {
  return {
    method: 'get', path: '/api/v1/biomed/target-prioritization/{disease_curie}', operationId: 'getTargetPrioritization', tags, access: 'public',
    summary: 'Targets of a disease ranked by supporting vs contradictory evidence and normalized degree centrality',
    description: 'Candidates: objects of ASSOCIATED_WITH_GENE claims about the disease or an exact equivalent (active snapshots). '
      + 'evidence = (1 + (supports - contradicts) / (supports + contradicts)) / 2 over those claims; centrality = degree / (n - 1) of '
      + 'the gene in the undirected graph of supporting ASSOCIATED_WITH_GENE, INVOLVES_PATHWAY, PARTICIPATES_IN and HAS_DRUG_EVIDENCE '
      + 'claims (n its node count); score = 0.7 evidence + 0.3 centrality, ties by CURIE. Components are returned per target. '
      + 'top_k 1-50 (default 10). 404 when the CURIE is unknown in the active snapshots.',
    params: diseaseCurieParams,
    query: prioritizationQuery,
    responses: {
      200: {
        description: 'Prioritized targets',
        schema: withDisclaimer({
          disease: conditionRef, top_k: { type: 'integer' }, candidates: { type: 'integer' }, method: { type: 'object' },
          targets: { type: 'array', items: { type: 'object', properties: {
            rank: { type: 'integer' }, curie: { type: 'string' }, label: { type: ['string', 'null'] }, score: { type: 'number' },
            components: { type: 'object' },
          } } },
          snapshots: activeSnapshotsProperty,
        }, ['disease', 'top_k', 'candidates', 'method', 'targets', 'snapshots']),
      },
      404: { description: 'The CURIE is unknown in the active snapshots', schema: notFoundSchema },
    },
    handler: async ({ params, query, res }) => {
      const result = await targetPrioritization(db, String(params.disease_curie), Number(query.top_k));
      if (!result) { res.status(404).json(notFound([String(params.disease_curie)])); return; }
      res.json({ ...result, disclaimer: BIOMED_DISCLAIMER });
    },
  };
}
