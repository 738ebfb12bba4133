// /api/v1/analytics/*: analyses over the active snapshots; every answer names the snapshots it used.
import type { Runtime } from '../../infra/app/runtime';
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';
import { sharedMechanisms } from '../../infra/biomed/read/shared-mechanisms';
import { storeStats } from '../../infra/biomed/read/stats';
import type { RouteDefinition } from '../http/registry';
import { activeSnapshotsProperty, notFoundSchema, pairQuery, withDisclaimer } from './schemas';

const tags = ['biomed'];

export function analyticsRoutes(runtime: Runtime): RouteDefinition[] {
  const db = runtime.db.knex;
  return [
    {
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
    },
    {
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
    },
  ];
}
