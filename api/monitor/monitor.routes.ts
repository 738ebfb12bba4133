// The evidence monitor (spec §4.6): GET /api/monitor/status, GET /api/monitor/diff, POST
// /api/monitor/snapshot (no body; queues a snapshot now: 202 with the job id, Location /api/jobs/{job_id};
// the job's id is the snapshot's). The scheduler takes one per watched disease every MONITOR_INTERVAL_HOURS
// (daily by default).
import { monitorDiff, monitorStatus } from '../../commands/monitor/read-monitor';
import { MONITOR_SNAPSHOT_MODULE, submitMonitorSnapshot } from '../../commands/monitor/monitor-snapshot-job';
import type { MonitorDeps } from '../../commands/monitor/take-snapshot';
import { jobClient, PendingJobCap } from '../../commands/jobs/pending-job-cap';
import { normaliseIp } from '../auth/principal-resolver';
import { jobSubmissionSchema } from '../jobs/job.schemas';
import { tooManyPending, tooManyPendingResponse } from '../jobs/too-many-pending';
import type { RouteDefinition } from '../http/registry';
import { operatorContext } from '../system/operator-principal';
import { DISEASE_MODULE_ID_PATTERN } from '../../domain/diseases/disease-id-patterns';

const diseaseId = { type: 'string', pattern: DISEASE_MODULE_ID_PATTERN, default: 'sle', description: 'Disease module id' };
const detail = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] };
const sourceState = { type: 'object', properties: { status: { type: 'string' }, record_count: { type: 'integer' }, retrieval_mode: { type: ['string', 'null'] }, record_ids: { type: 'array', items: { type: 'string' } } } };
const ranked = { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, label: { type: 'string' }, rank: { type: 'integer' }, score: { type: 'number' } } } };
const snapshotSchema = {
  type: 'object',
  properties: {
    snapshotId: { type: 'string' }, diseaseId: { type: 'string' }, trigger: { enum: ['scheduled', 'on_demand'] }, question: { type: 'string' },
    sources: { type: 'object', additionalProperties: sourceState }, rankings: { type: 'object', properties: { drugs: ranked, targets: ranked } }, at: { type: 'string' },
  },
  required: ['snapshotId', 'diseaseId', 'trigger', 'sources', 'rankings', 'at'],
};
const change = { type: 'object', properties: { entered: { type: 'array' }, left: { type: 'array' }, moved: { type: 'array' } } };

export function monitorRoutes(deps: Pick<MonitorDeps, 'store'> & { diseaseKnown(id: string): boolean; intervalHours: number; pendingCap?: PendingJobCap }): RouteDefinition[] {
  const unknown = (id: string) => ({ detail: `unknown or incomplete disease '${id}'` });
  return [
    {
      method: 'get', path: '/api/monitor/status', operationId: 'monitorStatus', tags: ['monitor'], access: 'public',
      summary: 'Evidence snapshots of a disease, newest first, and the latest in full',
      query: { type: 'object', properties: { disease_id: diseaseId }, additionalProperties: false },
      responses: { 200: { description: 'Snapshots', schema: { type: 'object', properties: { disease_id: { type: 'string' }, interval_hours: { type: 'integer' }, snapshots: { type: 'array' }, latest: { oneOf: [snapshotSchema, { type: 'null' }] } }, required: ['disease_id', 'snapshots', 'latest'] } }, 404: { description: 'Unknown disease', schema: detail } },
      handler: async ({ query, res }) => {
        if (!deps.diseaseKnown(query.disease_id)) return void res.status(404).json(unknown(query.disease_id));
        res.json(await monitorStatus(deps.store, query.disease_id, deps.intervalHours));
      },
    },
    {
      method: 'get', path: '/api/monitor/diff', operationId: 'monitorDiff', tags: ['monitor'], access: 'public',
      summary: 'What changed between two snapshots (default: the previous and the latest): records added and removed per source, rankings entered, left and moved',
      query: { type: 'object', properties: { disease_id: diseaseId, from: { type: 'string', format: 'uuid' }, to: { type: 'string', format: 'uuid' } }, additionalProperties: false },
      responses: { 200: { description: 'The difference', schema: { type: 'object', properties: { disease_id: { type: 'string' }, from: { type: 'object' }, to: { type: 'object' }, sources: { type: 'object' }, rankings: { type: 'object', properties: { drugs: change, targets: change } } }, required: ['disease_id', 'from', 'to', 'sources', 'rankings'] } }, 404: { description: 'Unknown disease or snapshot, or fewer than two snapshots', schema: detail } },
      handler: async ({ query, res }) => {
        if (!deps.diseaseKnown(query.disease_id)) return void res.status(404).json(unknown(query.disease_id));
        const outcome = await monitorDiff(deps.store, query.disease_id, query.from, query.to);
        if (outcome.kind === 'not_found') res.status(404).json({ detail: outcome.detail });
        else res.json(outcome.diff);
      },
    },
    {
      method: 'post', path: '/api/monitor/snapshot', operationId: 'monitorSnapshot', tags: ['monitor'], principal: 'optional',
      summary: 'Queue an evidence snapshot of the disease now (no body)',
      description: 'The snapshot is taken by a job: 202 with its job_id (also the snapshot_id it records) and Location /api/jobs/{job_id}; the job\'s result is the snapshot, and /api/monitor/status lists it once taken.',
      query: { type: 'object', properties: { disease_id: diseaseId }, additionalProperties: false },
      responses: {
        202: { description: 'Queued: poll the job at Location', schema: jobSubmissionSchema, headers: { Location: { description: '/api/jobs/{job_id}', schema: { type: 'string' } } } },
        404: { description: 'Unknown disease', schema: detail },
        429: tooManyPendingResponse,
      },
      handler: async (ctx) => {
        const id = ctx.query.disease_id as string;
        if (!deps.diseaseKnown(id)) return void ctx.res.status(404).json(unknown(id));
        const researcherId = ctx.principal?.id;
        const client = jobClient(researcherId, normaliseIp(ctx.req.ip ?? ctx.req.socket.remoteAddress ?? 'unknown'));
        const result = await submitMonitorSnapshot(deps, operatorContext(ctx), { diseaseId: id, client, ...(researcherId ? { researcherId } : {}) });
        if (result.kind === 'too_many_pending') return tooManyPending(ctx.res, result);
        ctx.req.log.info({ jobId: result.jobId, module: MONITOR_SNAPSHOT_MODULE }, 'job submitted');
        ctx.res.status(202).location(`/api/jobs/${result.jobId}`).json({ job_id: result.jobId, status: 'PENDING', module: MONITOR_SNAPSHOT_MODULE });
      },
    },
  ];
}
