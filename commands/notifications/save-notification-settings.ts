// A researcher saves notification settings (PUT /api/workspace/notifications): validate the changes
// (email address, chat webhook on the provider's HTTPS hosts, IANA timezone), seal a new webhook URL
// for this researcher, record the save, then retry their pending alert deliveries (spec §6). Omitted
// fields keep their value; null (or "") email or webhook removes that channel.
import { isValidTimezone } from '../../domain/digest/digest-window';
import { NotificationSettings, NotificationSettingsState, Weekday } from '../../domain/notifications/settings';
import { maskWebhookUrl, webhookUrlProblem } from '../../domain/notifications/webhook-url';
import type { ValidationDetail } from '../../domain/shared/schema-validation';
import type { Settings } from '../../infra/config/settings';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logging/logger';
import { notificationKey, open, seal } from '../../infra/notifications/secret-box';
import type { CommandContext } from '../shared/command-context';
import type { DispatchReport } from './dispatch-pending-alerts';
import { loadNotificationSettings, recordNotificationSettings } from './settings-commands';

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** The changes as the API names them (already schema-checked: types and ranges). */
export interface NotificationSettingsChanges {
  email?: string | null;
  chat_webhook_url?: string | null;
  score_drop_threshold?: number;
  rank_change_threshold?: number;
  evidence_quality_change_threshold?: number;
  weekly_digest_enabled?: boolean;
  weekday?: Weekday;
  hour?: number;
  minute?: number;
  timezone?: string;
}

export interface SaveNotificationSettingsDeps {
  store: EventStore;
  /** Server settings: the key that seals webhook URLs. */
  settings: Settings;
  retryPending: (researcherId: string, context: CommandContext) => Promise<DispatchReport>;
  logger: Logger;
}

export type SaveNotificationSettingsResult =
  /** report is missing when the retry of pending deliveries failed (the save stands). */
  | { kind: 'saved'; state: NotificationSettingsState; report: DispatchReport | undefined }
  | { kind: 'invalid'; details: ValidationDetail[] };

export async function saveNotificationSettings(
  deps: SaveNotificationSettingsDeps, researcherId: string, changes: NotificationSettingsChanges, context: CommandContext,
): Promise<SaveNotificationSettingsResult> {
  const current = await loadNotificationSettings(deps.store, researcherId);
  const patch = toPatch(deps.settings, changes, researcherId, current.settings);
  if ('details' in patch) return { kind: 'invalid', details: patch.details };
  const state = await recordNotificationSettings(deps.store, researcherId, patch.patch, context);
  let report: DispatchReport | undefined;
  try {
    report = await deps.retryPending(researcherId, context);
  } catch (error) {
    deps.logger.warn({ err: error }, 'retrying pending deliveries after a settings save failed');
  }
  return { kind: 'saved', state, report };
}

const DIRECT: [keyof NotificationSettingsChanges, keyof NotificationSettings][] = [
  ['score_drop_threshold', 'scoreDropThreshold'], ['rank_change_threshold', 'rankChangeThreshold'],
  ['evidence_quality_change_threshold', 'evidenceQualityChangeThreshold'], ['weekly_digest_enabled', 'weeklyDigestEnabled'],
  ['weekday', 'weekday'], ['hour', 'hour'], ['minute', 'minute'], ['timezone', 'timezone'],
];

/** Changes -> settings patch (the webhook sealed for this researcher), or what is wrong with them. */
function toPatch(
  settings: Settings, body: NotificationSettingsChanges, researcherId: string, current: NotificationSettings,
): { patch: Partial<NotificationSettings> } | { details: ValidationDetail[] } {
  const details: ValidationDetail[] = [];
  const patch: Partial<NotificationSettings> = {};
  if (body.email !== undefined) {
    const email = body.email?.trim() || null;
    if (email !== null && !EMAIL.test(email)) details.push({ loc: ['body', 'email'], msg: 'is not an email address', type: 'format' });
    patch.email = email;
  }
  if (body.chat_webhook_url !== undefined) {
    const url = body.chat_webhook_url?.trim() || null;
    const problem = url === null ? undefined : webhookUrlProblem(url);
    if (problem) details.push({ loc: ['body', 'chat_webhook_url'], msg: problem, type: 'webhook_url' });
    else if (url === null) patch.chatWebhook = null;
    else if (!sameWebhook(settings, current, url, researcherId)) {
      patch.chatWebhook = { ciphertext: seal(url, notificationKey(settings), researcherId), masked: maskWebhookUrl(url) };
    }
  }
  if (body.timezone !== undefined && !isValidTimezone(body.timezone)) {
    details.push({ loc: ['body', 'timezone'], msg: 'is not an IANA timezone name', type: 'timezone' });
  }
  if (details.length > 0) return { details };
  for (const [from, to] of DIRECT) if (body[from] !== undefined) (patch as Record<string, unknown>)[to] = body[from];
  return { patch };
}

/** An unchanged webhook URL keeps its ciphertext (no new save of the same secret). */
function sameWebhook(settings: Settings, current: NotificationSettings, url: string, researcherId: string): boolean {
  if (!current.chatWebhook) return false;
  try {
    return open(current.chatWebhook.ciphertext, notificationKey(settings), researcherId) === url;
  } catch {
    return false;
  }
}
