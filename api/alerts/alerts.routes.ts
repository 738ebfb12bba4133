// Review reminders (spec §4.5): the caller's alerts (listing also dispatches their pending email/chat
// notifications) and marking one read, which stops any further delivery of it. Another researcher's
// alert is answered like a missing one (404).
import { listAlerts } from '../../commands/alerts/list-alerts';
import { markAlertRead } from '../../commands/alerts/mark-alert-read';
import type { DispatchReport } from '../../commands/notifications/dispatch-pending-alerts';
import type { CommandContext } from '../../commands/shared/command-context';
import type { AlertData } from '../../domain/alerts/alert';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logging/logger';
import type { AlertsQueries } from '../../projections/alerts/alerts.queries';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { detailSchema } from '../jobs/job.schemas';
import { requestCommandContext } from '../middleware/correlation';

const metricValuesSchema = {
  type: ['object', 'null'],
  properties: {
    score: { type: 'number' }, rank: { type: 'integer' },
    average_evidence_quality: { type: ['number', 'null'] }, evidence_count: { type: 'integer' },
  },
};

const deliverySchema = {
  type: ['object', 'null'],
  properties: {
    status: { enum: ['in_flight', 'failed', 'succeeded'] }, attempts: { type: 'integer' }, message_id: { type: ['string', 'null'] },
    last_error: { type: ['string', 'null'] }, last_attempt_at: { type: ['string', 'null'] }, delivered_at: { type: ['string', 'null'] },
  },
};

export const alertSchema = {
  type: 'object',
  properties: {
    alert_id: { type: 'string', format: 'uuid' },
    run_id: { type: 'string', format: 'uuid' },
    previous_run_id: { type: 'string', format: 'uuid' },
    disease_id: { type: 'string' },
    candidate_id: { type: 'string' },
    candidate_type: { enum: ['drug', 'target'] },
    label: { type: 'string' },
    status: { enum: ['unread', 'read'] },
    created_at: { type: 'string', format: 'date-time' },
    read_at: { type: ['string', 'null'], format: 'date-time' },
    previous: { ...metricValuesSchema, description: 'Values in the previous completed run of the disease (null when the candidate was not ranked there)' },
    current: { ...metricValuesSchema, description: 'Values in this run' },
    trigger_reasons: {
      type: 'array',
      description: 'new_evidence (the baseline reminder), score_drop, rank_change, evidence_quality_change (change >= threshold)',
      items: { type: 'object', properties: { type: { enum: ['new_evidence', 'score_drop', 'rank_change', 'evidence_quality_change'] } }, required: ['type'] },
    },
    new_evidence_ids: { type: 'array', items: { type: 'string' } },
    deliveries: { type: 'object', properties: { email: deliverySchema, chat: deliverySchema } },
  },
  required: ['alert_id', 'run_id', 'candidate_id', 'candidate_type', 'status', 'created_at', 'current', 'trigger_reasons'],
};

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** An alert's API shape from its stream data (used right after a write, before the read model). */
export function alertFromData(data: AlertData, status: 'unread' | 'read', readAt: string | undefined) {
  return {
    alert_id: data.alertId, run_id: data.runId, previous_run_id: data.previousRunId, disease_id: data.diseaseId,
    candidate_id: data.candidateId, candidate_type: data.candidateType, label: data.label, status,
    created_at: iso(data.at), read_at: iso(readAt), previous: data.previous, current: data.current,
    trigger_reasons: data.reasons, new_evidence_ids: data.newEvidenceIds,
  };
}

export interface AlertRouteDeps {
  store: EventStore;
  alerts: AlertsQueries;
  /** Sends the researcher's pending notifications (commands/notifications/dispatch-pending-alerts.ts). */
  dispatchPendingAlerts: (researcherId: string, context: CommandContext, logger: Logger) => Promise<DispatchReport>;
}

export function alertRoutes(deps: AlertRouteDeps): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/workspace/alerts',
      operationId: 'listAlerts',
      summary: 'The researcher\'s review reminders, newest first; also dispatches pending notifications',
      description: 'Before listing, pending email/chat notifications of the caller\'s unread alerts are attempted (failed ones are retried here). Each alert is delivered at most once per channel on success.',
      tags: ['alerts'],
      principal: 'required',
      query: {
        type: 'object',
        properties: {
          unread_only: { type: 'boolean', default: false },
          limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          offset: { type: 'integer', minimum: 0, default: 0 },
        },
        additionalProperties: false,
      },
      responses: {
        200: {
          description: 'A page of alerts',
          schema: {
            type: 'object',
            properties: {
              alerts: { type: 'array', items: alertSchema }, total: { type: 'integer' }, unread_count: { type: 'integer' },
              limit: { type: 'integer' }, offset: { type: 'integer' },
              notifications: { type: 'object', description: 'What this poll\'s dispatch attempted', properties: { attempted: { type: 'integer' }, delivered: { type: 'integer' }, failed: { type: 'integer' } } },
            },
            required: ['alerts', 'total', 'unread_count', 'limit', 'offset'],
          },
        },
      },
      handler: async ({ req, principal, query, res }) => {
        const listing = await listAlerts(
          { alerts: deps.alerts, dispatchPending: (id, context) => deps.dispatchPendingAlerts(id, context, req.log), logger: req.log },
          { researcherId: principal!.id, unreadOnly: Boolean(query.unread_only), limit: query.limit, offset: query.offset },
          requestCommandContext(req, eventPrincipal(principal!)),
        );
        res.json({
          alerts: listing.rows.map((row) => ({
            alert_id: row.alert_id, run_id: row.run_id, previous_run_id: row.previous_run_id, disease_id: row.disease_id,
            candidate_id: row.candidate_id, candidate_type: row.candidate_type, label: row.label, status: row.status,
            created_at: iso(row.created_at), read_at: iso(row.read_at), previous: row.previous, current: row.current,
            trigger_reasons: row.reasons, new_evidence_ids: row.new_evidence_ids,
            deliveries: Object.fromEntries(['email', 'chat'].map((channel) => {
              const d = listing.deliveries.find((x) => x.alert_id === row.alert_id && x.channel === channel);
              return [channel, d ? {
                status: d.status, attempts: d.attempts, message_id: d.message_id, last_error: d.last_error,
                last_attempt_at: iso(d.last_attempt_at), delivered_at: iso(d.delivered_at),
              } : null];
            })),
          })),
          total: listing.total, unread_count: listing.unreadCount, limit: query.limit, offset: query.offset, notifications: listing.notifications,
        });
      },
    },
    {
      method: 'post',
      path: '/api/workspace/alerts/{alert_id}/read',
      operationId: 'markAlertRead',
      summary: 'Mark one of the caller\'s alerts read (future notification deliveries of it stop)',
      tags: ['alerts'],
      principal: 'required',
      params: { type: 'object', properties: { alert_id: { type: 'string', format: 'uuid' } }, required: ['alert_id'] },
      responses: {
        200: { description: 'The alert, now read (reading twice is harmless)', schema: alertSchema },
        404: { description: 'No such alert for this researcher', schema: detailSchema },
      },
      handler: async ({ req, principal, params, res }) => {
        const result = await markAlertRead(deps.store, { alertId: params.alert_id, researcherId: principal!.id },
          requestCommandContext(req, eventPrincipal(principal!)));
        if (result.kind === 'not_found') return void res.status(404).json({ detail: 'no such alert' });
        res.json(alertFromData(result.alert, 'read', result.readAt));
      },
    },
  ];
}
