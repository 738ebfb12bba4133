// Notification settings (spec §2.5, §4.5): the caller's channels, alert thresholds and digest schedule,
// with the latest email and chat delivery status. The chat webhook URL is validated (HTTPS on the chat
// provider's two webhook hosts), stored encrypted, and only ever returned masked. Saving also retries
// the caller's pending alert deliveries.
import { resolveChannels } from '../../commands/notifications/channels';
import type { DispatchReport } from '../../commands/notifications/dispatch-pending-alerts';
import { NotificationSettingsChanges, saveNotificationSettings } from '../../commands/notifications/save-notification-settings';
import { loadNotificationSettings } from '../../commands/notifications/settings-commands';
import type { CommandContext } from '../../commands/shared/command-context';
import type { Channel } from '../../domain/notifications/delivery';
import { NotificationSettingsState, WEEKDAYS } from '../../domain/notifications/settings';
import type { Settings } from '../../infra/config/settings';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logging/logger';
import type { AlertsQueries } from '../../projections/alerts/alerts.queries';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { requestCommandContext } from '../middleware/correlation';

const settingsBodySchema = {
  type: 'object',
  description: 'Omitted fields keep their current value. email or chat_webhook_url null (or "") removes that channel.',
  properties: {
    email: { type: ['string', 'null'], maxLength: 254, description: 'Opt-in email delivery (needs server SMTP settings)' },
    chat_webhook_url: { type: ['string', 'null'], maxLength: 2048, description: 'HTTPS incoming-webhook URL on hooks.slack.com or hooks.slack-gov.com; never returned' },
    score_drop_threshold: { type: 'number', minimum: 0, maximum: 100, description: 'Score points; 0 disables' },
    rank_change_threshold: { type: 'integer', minimum: 0, maximum: 100, description: 'Positions; 0 disables' },
    evidence_quality_change_threshold: { type: 'number', minimum: 0, maximum: 1, description: 'Average quality-score units; 0 disables' },
    weekly_digest_enabled: { type: 'boolean' },
    weekday: { enum: [...WEEKDAYS], description: 'Digest day in the researcher\'s timezone' },
    hour: { type: 'integer', minimum: 0, maximum: 23 },
    minute: { type: 'integer', minimum: 0, maximum: 59 },
    timezone: { type: 'string', minLength: 1, maxLength: 64, description: 'IANA timezone name, e.g. Europe/Berlin' },
  },
  additionalProperties: false,
};

const channelStatusSchema = {
  type: 'object',
  properties: {
    configured: { type: 'boolean' },
    available: { type: 'boolean' },
    unavailable_reason: { type: ['string', 'null'] },
    last_status: { enum: ['succeeded', 'failed', 'in_flight', null] },
    last_attempt_at: { type: ['string', 'null'] },
    last_error: { type: ['string', 'null'], description: 'Bounded operational text; never contains secrets' },
    last_alert_id: { type: ['string', 'null'] },
  },
  required: ['configured', 'available', 'last_status'],
};

const settingsSchema = {
  type: 'object',
  properties: {
    email: { type: ['string', 'null'] },
    chat_webhook_configured: { type: 'boolean' },
    chat_webhook_url_masked: { type: ['string', 'null'], description: 'e.g. https://hooks.slack.com/services/T…/…/****' },
    score_drop_threshold: { type: 'number' },
    rank_change_threshold: { type: 'integer' },
    evidence_quality_change_threshold: { type: 'number' },
    weekly_digest_enabled: { type: 'boolean' },
    weekday: { enum: [...WEEKDAYS] },
    hour: { type: 'integer' },
    minute: { type: 'integer' },
    timezone: { type: 'string' },
    updated_at: { type: ['string', 'null'] },
    delivery_status: { type: 'object', properties: { email: channelStatusSchema, chat: channelStatusSchema }, required: ['email', 'chat'] },
    notifications: { type: 'object', description: 'PUT only: what the save\'s retry of pending deliveries did' },
  },
  required: ['email', 'chat_webhook_configured', 'chat_webhook_url_masked', 'score_drop_threshold', 'rank_change_threshold',
    'evidence_quality_change_threshold', 'weekly_digest_enabled', 'weekday', 'hour', 'minute', 'timezone', 'delivery_status'],
};

export interface NotificationRouteDeps {
  store: EventStore;
  settings: Settings;
  alerts: AlertsQueries;
  /** Sends the researcher's pending notifications (commands/notifications/dispatch-pending-alerts.ts). */
  dispatchPendingAlerts: (researcherId: string, context: CommandContext, logger: Logger) => Promise<DispatchReport>;
}

export function notificationRoutes(deps: NotificationRouteDeps): RouteDefinition[] {
  const { settings } = deps;

  async function view(researcherId: string, state: NotificationSettingsState, report?: DispatchReport) {
    const s = state.settings;
    const { targets, unavailable } = resolveChannels(settings, researcherId, s);
    const status = async (channel: Channel) => {
      const last = await deps.alerts.latestDelivery(researcherId, channel);
      const fresh = report?.latest[channel];
      const configured = channel === 'email' ? s.email !== null : s.chatWebhook !== null;
      return {
        configured,
        available: Boolean(targets[channel]),
        unavailable_reason: unavailable[channel] ?? null,
        last_status: fresh?.status ?? last?.status ?? null,
        last_attempt_at: fresh?.at ?? (last?.last_attempt_at ? new Date(last.last_attempt_at).toISOString() : null),
        last_error: fresh ? fresh.error : last?.last_error ?? null,
        last_alert_id: fresh?.alert_id ?? last?.alert_id ?? null,
      };
    };
    return {
      email: s.email,
      chat_webhook_configured: s.chatWebhook !== null,
      chat_webhook_url_masked: s.chatWebhook?.masked ?? null,
      score_drop_threshold: s.scoreDropThreshold,
      rank_change_threshold: s.rankChangeThreshold,
      evidence_quality_change_threshold: s.evidenceQualityChangeThreshold,
      weekly_digest_enabled: s.weeklyDigestEnabled,
      weekday: s.weekday,
      hour: s.hour,
      minute: s.minute,
      timezone: s.timezone,
      updated_at: state.updatedAt ?? null,
      delivery_status: { email: await status('email'), chat: await status('chat') },
      ...(report ? { notifications: { attempted: report.attempted, delivered: report.delivered, failed: report.failed } } : {}),
    };
  }

  return [
    {
      method: 'get',
      path: '/api/workspace/notifications',
      operationId: 'getNotificationSettings',
      summary: 'The caller\'s notification settings and latest email/chat delivery status (the webhook URL only masked)',
      tags: ['notifications'],
      principal: 'required',
      responses: { 200: { description: 'Settings (defaults until the first save)', schema: settingsSchema } },
      handler: async ({ principal, res }) => {
        res.json(await view(principal!.id, await loadNotificationSettings(deps.store, principal!.id)));
      },
    },
    {
      method: 'put',
      path: '/api/workspace/notifications',
      operationId: 'saveNotificationSettings',
      summary: 'Save the caller\'s notification settings, then retry pending alert deliveries',
      description: 'Thresholds: score_drop_threshold 0-100 points, rank_change_threshold 0-100 positions, evidence_quality_change_threshold 0-1; 0 disables that trigger (the new-evidence reminder always stays). An alert fires when the change reaches the threshold (>=). Digest schedule: weekday monday..sunday, hour 0-23, minute 0-59 in the IANA timezone. Invalid values, a non-HTTPS or non-provider webhook URL, or an unknown timezone answer 422.',
      tags: ['notifications'],
      principal: 'required',
      body: settingsBodySchema,
      responses: { 200: { description: 'Saved settings', schema: settingsSchema } },
      handler: async ({ req, principal, body, res }) => {
        const researcherId = principal!.id;
        const result = await saveNotificationSettings(
          { store: deps.store, settings, retryPending: (id, context) => deps.dispatchPendingAlerts(id, context, req.log), logger: req.log },
          researcherId, body as NotificationSettingsChanges, requestCommandContext(req, eventPrincipal(principal!)),
        );
        if (result.kind === 'invalid') throw new RequestValidationError(result.details);
        res.json(await view(researcherId, result.state, result.report));
      },
    },
  ];
}
