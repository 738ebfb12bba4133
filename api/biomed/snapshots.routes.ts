// /api/v1/snapshots: every snapshot (active or not, so superseded ones stay readable) and its import report.
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';
import type { SnapshotQueries } from '../../projections/biomed/snapshots.queries';
import type { RouteDefinition } from '../http/registry';
import { notFoundSchema, snapshotIdParams, snapshotSchema, snapshotsQuery, withDisclaimer } from './schemas';

const tags = ['biomed'];

export function snapshotRoutes(snapshots: SnapshotQueries): RouteDefinition[] {
  return [
    {
      method: 'get', path: '/api/v1/snapshots', operationId: 'listSnapshots', tags, access: 'public',
      summary: 'Snapshots per resource with their active flags',
      query: snapshotsQuery,
      responses: {
        200: { description: 'Snapshots, newest first per resource', schema: withDisclaimer({ snapshots: { type: 'array', items: snapshotSchema } }, ['snapshots']) },
      },
      handler: async ({ query, res }) => {
        res.json({ snapshots: await snapshots.list(query.resource), disclaimer: BIOMED_DISCLAIMER });
      },
    },
    {
      method: 'get', path: '/api/v1/snapshots/{snapshot_id}/report', operationId: 'getSnapshotReport', tags, access: 'public',
      summary: 'Import report of a snapshot (counts, artifacts and checksums, forced flag, warnings)',
      params: snapshotIdParams,
      responses: {
        200: { description: 'The snapshot and its import report', schema: withDisclaimer({ snapshot: snapshotSchema, report: { type: ['object', 'null'] } }, ['snapshot', 'report']) },
        404: { description: 'No such snapshot', schema: notFoundSchema },
      },
      handler: async ({ params, res }) => {
        const found = await snapshots.get(params.snapshot_id);
        if (!found) { res.status(404).json({ detail: `no snapshot ${params.snapshot_id}`, disclaimer: BIOMED_DISCLAIMER }); return; }
        const { report, ...snapshot } = found;
        res.json({ snapshot, report, disclaimer: BIOMED_DISCLAIMER });
      },
    },
  ];
}
