// /api/v1/conditions: search, summary, IS_A hierarchy and claims, read from the active snapshots.
import type { Knex } from 'knex';
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';
import { conditionSummary, searchConditionsJson } from '../../commands/biomed-reads/store-reads';
import { conditionHierarchy } from '../../commands/biomed-reads/condition-hierarchy';
import { conditionClaims } from '../../commands/biomed-reads/condition-claims';
import type { RouteDefinition } from '../http/registry';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import {
  activeSnapshotsProperty, claimsQuery, curieParams, hierarchyQuery, notFoundSchema, readinessTierProperty, searchQuery, withDisclaimer,
} from './schemas';

const tags = ['biomed'];
const DISCLAIMER_JSON = JSON.stringify(BIOMED_DISCLAIMER);
const notFound = (curie: string) => ({ detail: `no condition ${curie} in the active snapshots`, disclaimer: BIOMED_DISCLAIMER });
const nodeSchema = { type: 'object', properties: { curie: { type: 'string' }, label: { type: ['string', 'null'] }, distance: { type: 'integer' } } };

/** `db`: the store's database, read through the content readers of infra/biomed/read. */
export function conditionRoutes(db: Knex): RouteDefinition[] {
  return [
    {
      // Declared before /{curie} so "search" is never taken for a CURIE.
      method: 'get', path: '/api/v1/conditions/search', operationId: 'searchConditions', tags, access: 'public',
      summary: 'Search imported conditions by label or synonym',
      description: 'Case-insensitive substring match on the label or any synonym of the non-obsolete terms of the active snapshots; '
        + 'exact label first, then label prefix, label substring, synonym.',
      query: searchQuery,
      responses: {
        200: {
          description: 'Matching conditions',
          schema: withDisclaimer({
            query: { type: 'string' }, limit: { type: 'integer' }, count: { type: 'integer' },
            results: { type: 'array', items: { type: 'object', properties: {
              curie: { type: 'string' }, label: { type: ['string', 'null'] }, kind: { type: 'string' }, resource: { type: 'string' },
              snapshot_id: { type: 'string' }, matched: { enum: ['label', 'synonym'] }, matched_text: { type: 'string' },
              mondo_curie: { type: ['string', 'null'] }, efo_id: { type: ['string', 'null'] }, readiness_tier: readinessTierProperty,
            } } },
          }, ['query', 'limit', 'count', 'results']),
        },
      },
      handler: async ({ query, res }) => {
        const q = String(query.q);
        if (q.trim() === '') throw new RequestValidationError([{ loc: ['query', 'q'], msg: 'must not be blank', type: 'minLength' }]);
        // The busiest route: hits come serialized from the index, and the body is the same JSON res.json
        // would write for {query, limit, count, results, disclaimer}.
        const { count, json } = await searchConditionsJson(db, q, query.limit);
        res.type('application/json').send(`{"query":${JSON.stringify(q)},"limit":${query.limit},"count":${count},"results":${json},"disclaimer":${DISCLAIMER_JSON}}`);
      },
    },
    {
      method: 'get', path: '/api/v1/conditions/{curie}', operationId: 'getCondition', tags, access: 'public',
      summary: 'Condition summary: label, synonyms, exact mappings, MONDO/EFO ids, readiness tier, active snapshots',
      description: 'Readiness tiers (cumulative): L0 term only; L1 + an exact published mapping; L2 + HAS_PHENOTYPE claims; '
        + 'L3 + gene, pathway or drug claims.',
      params: curieParams,
      responses: {
        200: {
          description: 'The condition',
          schema: withDisclaimer({
            curie: { type: 'string' }, label: { type: ['string', 'null'] }, kind: { type: 'string' }, definition: { type: ['string', 'null'] },
            synonyms: { type: 'array', items: { type: 'object' } }, xrefs: { type: 'array', items: { type: 'object' } },
            mappings: { type: 'array', items: { type: 'object' } }, mondo_curie: { type: ['string', 'null'] }, efo_id: { type: ['string', 'null'] },
            readiness_tier: readinessTierProperty, readiness: { type: 'object' }, source: { type: 'object' }, active_snapshots: activeSnapshotsProperty,
          }, ['curie', 'label', 'mappings', 'mondo_curie', 'efo_id', 'readiness_tier', 'active_snapshots']),
        },
        404: { description: 'No such condition in the active snapshots', schema: notFoundSchema },
      },
      handler: async ({ params, res }) => {
        const summary = await conditionSummary(db, params.curie);
        if (!summary) { res.status(404).json(notFound(params.curie)); return; }
        res.json({ ...summary, disclaimer: BIOMED_DISCLAIMER });
      },
    },
    {
      method: 'get', path: '/api/v1/conditions/{curie}/hierarchy', operationId: 'getConditionHierarchy', tags, access: 'public',
      summary: 'Parent and child IS_A nodes up to depth steps (0-3)',
      params: curieParams,
      query: hierarchyQuery,
      responses: {
        200: {
          description: 'The IS_A neighbourhood',
          schema: withDisclaimer({
            curie: { type: 'string' }, label: { type: ['string', 'null'] }, depth: { type: 'integer' },
            parents: { type: 'array', items: nodeSchema }, children: { type: 'array', items: nodeSchema },
            edges: { type: 'array', items: { type: 'object', properties: { child: { type: 'string' }, parent: { type: 'string' } } } },
            active_snapshots: activeSnapshotsProperty,
          }, ['curie', 'depth', 'parents', 'children', 'edges']),
        },
        404: { description: 'No such condition in the active snapshots', schema: notFoundSchema },
      },
      handler: async ({ params, query, res }) => {
        const found = await conditionHierarchy(db, params.curie, query.depth);
        if (!found) { res.status(404).json(notFound(params.curie)); return; }
        const { term, walk, snapshots } = found;
        res.json({ curie: term.curie, label: term.label, depth: query.depth, ...walk, active_snapshots: snapshots, disclaimer: BIOMED_DISCLAIMER });
      },
    },
    {
      method: 'get', path: '/api/v1/conditions/{curie}/claims', operationId: 'getConditionClaims', tags, access: 'public',
      summary: 'Claims about the condition (or an exactly mapped equivalent), with evidence links',
      params: curieParams,
      query: claimsQuery,
      responses: {
        200: {
          description: 'A page of claims',
          schema: withDisclaimer({
            curie: { type: 'string' }, filters: { type: 'object' }, limit: { type: 'integer' }, count: { type: 'integer' }, has_more: { type: 'boolean' },
            claims: { type: 'array', items: { type: 'object' } }, active_snapshots: activeSnapshotsProperty,
          }, ['curie', 'limit', 'count', 'has_more', 'claims']),
        },
        404: { description: 'No such condition in the active snapshots', schema: notFoundSchema },
      },
      handler: async ({ params, query, res }) => {
        const found = await conditionClaims(db, params.curie, query);
        if (!found) { res.status(404).json(notFound(params.curie)); return; }
        const { term, claims, hasMore, snapshots } = found;
        res.json({
          curie: term.curie, filters: { predicate: query.predicate ?? null, evidence_direction: query.evidence_direction ?? null },
          limit: query.limit, count: claims.length, has_more: hasMore, claims, active_snapshots: snapshots, disclaimer: BIOMED_DISCLAIMER,
        });
      },
    },
  ];
}
