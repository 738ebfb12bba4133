// /api/v1/diagnostics/legacy-claims: the BIOMED_LEGACY_PROJECTION diagnostics (spec §1 settings). Only
// when the setting is 1 AND a legacy_curated snapshot is active; otherwise 404 naming the unmet condition.
// Read-only: it never writes.
import type { Knex } from 'knex';
import type { Settings } from '../../infra/config/settings';
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';
import { LEGACY_PREDICATES } from '../../domain/biomed/legacy-curated';
import { legacyClaimDiagnostics, LEGACY_STATUSES } from '../../commands/biomed-reads/store-reads';
import type { RouteDefinition } from '../http/registry';
import { activeSnapshotsProperty, limitProperty, notFoundSchema, withDisclaimer } from './schemas';
import { DISEASE_MODULE_ID_PATTERN } from '../../domain/diseases/disease-id-patterns';

const tags = ['biomed'];

export const DISABLED_DETAIL = 'legacy claim diagnostics are disabled: the server runs without BIOMED_LEGACY_PROJECTION=1';
export const NO_SNAPSHOT_DETAIL = 'legacy claim diagnostics need an active legacy_curated snapshot: none is active '
  + '(import one with `evidence biomed import legacy_curated fixtures/kg/*.json`)';

const legacyClaimsQuery = {
  type: 'object',
  properties: {
    status: { enum: [...LEGACY_STATUSES], description: 'Only legacy claims with this status' },
    predicate: { enum: LEGACY_PREDICATES, description: 'Only legacy claims with this canonical predicate' },
    disease_id: { type: 'string', pattern: DISEASE_MODULE_ID_PATTERN, description: 'Only claims of this legacy graph file (its disease_id, e.g. ra)' },
    limit: limitProperty,
    offset: { type: 'integer', minimum: 0, default: 0, description: 'Legacy claims to skip (>= 0)' },
  },
  additionalProperties: false,
};

const endSchema = { type: 'object', properties: { legacy_id: { type: 'string' }, label: { type: ['string', 'null'] }, curie: { type: ['string', 'null'] } } };

export interface DiagnosticsRouteDeps {
  db: Knex;
  /** Read on each request (BIOMED_LEGACY_PROJECTION=1). */
  settings: Pick<Settings, 'biomedLegacyProjection'>;
}

export function diagnosticsRoutes({ db, settings }: DiagnosticsRouteDeps): RouteDefinition[] {
  return [
    {
      method: 'get', path: '/api/v1/diagnostics/legacy-claims', operationId: 'getLegacyClaimDiagnostics', tags, access: 'public',
      summary: 'How each legacy curated claim stands against the canonical snapshots (BIOMED_LEGACY_PROJECTION=1 only)',
      description: 'Optional, read-only. Served only when the server runs with BIOMED_LEGACY_PROJECTION=1 AND a legacy_curated snapshot '
        + '(the Workspace\'s curated knowledge graph, fixtures/kg/*.json) is active; otherwise 404 whose detail names the unmet condition. '
        + 'Each legacy claim gets a status: unmapped (an end has no canonical entity: no canonical id in the node\'s xrefs, or an id '
        + 'no canonical snapshot knows), contradicted (a canonical claim with the same subject, predicate and object has evidence_direction '
        + 'contradicts), confirmed (a supporting canonical claim exists; its snapshot and source record are given), else uncorroborated. '
        + 'Subjects match through exact mappings only. summary counts every legacy claim; matched counts those passing the filters. '
        + 'The legacy snapshot is never part of canonical reads.',
      query: legacyClaimsQuery,
      responses: {
        200: {
          description: 'Diagnostics of the legacy claims',
          schema: withDisclaimer({
            legacy_snapshot: { type: 'object', properties: { snapshot_id: { type: 'string' }, activated_at: { type: ['string', 'null'] } } },
            canonical_snapshots: activeSnapshotsProperty,
            summary: {
              type: 'object',
              properties: Object.fromEntries(['total', ...LEGACY_STATUSES].map((k) => [k, { type: 'integer' }])),
              required: ['total', ...LEGACY_STATUSES],
            },
            matched: { type: 'integer' },
            claims: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  legacy: { type: 'object' },
                  claim: { type: 'object', properties: { subject: endSchema, predicate: { type: 'string' }, object: endSchema } },
                  status: { enum: [...LEGACY_STATUSES] },
                  unmapped: { type: 'array', items: { type: 'object' } },
                  canonical_claims: { type: 'array', items: { type: 'object' } },
                  canonical_claim_count: { type: 'integer' },
                },
              },
            },
            has_more: { type: 'boolean' },
          }, ['legacy_snapshot', 'canonical_snapshots', 'summary', 'matched', 'claims', 'has_more']),
        },
        404: { description: 'Diagnostics unavailable: BIOMED_LEGACY_PROJECTION is not 1, or no legacy_curated snapshot is active', schema: notFoundSchema },
      },
      handler: async ({ query, res }) => {
        if (!settings.biomedLegacyProjection) {
          res.status(404).json({ detail: DISABLED_DETAIL, disclaimer: BIOMED_DISCLAIMER });
          return;
        }
        const result = await legacyClaimDiagnostics(db, {
          status: query.status, predicate: query.predicate, disease_id: query.disease_id, limit: query.limit, offset: query.offset, // the schema fills in their defaults
        });
        if (!result.available) {
          res.status(404).json({ detail: NO_SNAPSHOT_DETAIL, disclaimer: BIOMED_DISCLAIMER });
          return;
        }
        const { available: _available, ...body } = result;
        res.json({ ...body, disclaimer: BIOMED_DISCLAIMER });
      },
    },
  ];
}
