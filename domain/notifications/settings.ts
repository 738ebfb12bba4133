// A researcher's notification settings (spec §2.5): one stream per researcher; every save records the
// whole resulting settings, so the latest event is the current state and history stays auditable.
// The chat webhook URL arrives here already encrypted (ciphertext + mask): the log never holds it plain.
import { Decider, DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';
import type { AlertThresholds } from '../alerts/alert-rules';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface StoredWebhook {
  /** AES-256-GCM envelope (infra/notifications/secret-box.ts). */
  ciphertext: string;
  masked: string;
}

export interface NotificationSettings {
  email: string | null;
  chatWebhook: StoredWebhook | null;
  scoreDropThreshold: number;
  rankChangeThreshold: number;
  evidenceQualityChangeThreshold: number;
  weeklyDigestEnabled: boolean;
  weekday: Weekday;
  hour: number;
  minute: number;
  timezone: string;
}

/** Until a researcher saves: no channels, only the baseline reminder, digest off (Monday 09:00 UTC). */
export const DEFAULT_SETTINGS: NotificationSettings = {
  email: null,
  chatWebhook: null,
  scoreDropThreshold: 0,
  rankChangeThreshold: 0,
  evidenceQualityChangeThreshold: 0,
  weeklyDigestEnabled: false,
  weekday: 'monday',
  hour: 9,
  minute: 0,
  timezone: 'UTC',
};

export type NotificationSettingsEvent = DomainEvent<'NotificationSettingsSaved', {
  researcherId: string;
  settings: NotificationSettings;
  /** Which fields this save changed (the webhook as "chatWebhook", never its value). */
  changed: (keyof NotificationSettings)[];
  at: string;
}>;

export const NOTIFICATION_SETTINGS_EVENT_SCHEMAS: EventSchemas<NotificationSettingsEvent['type']> = { NotificationSettingsSaved: { current: 1 } };

export interface NotificationSettingsState {
  saved: boolean;
  settings: NotificationSettings;
  updatedAt?: string;
}

/** A save: omitted fields keep their value; chatWebhook null removes the webhook. */
export interface SaveNotificationSettings {
  type: 'SaveNotificationSettings';
  researcherId: string;
  patch: Partial<NotificationSettings>;
  at: string;
}

export const initialSettingsState: NotificationSettingsState = { saved: false, settings: DEFAULT_SETTINGS };

export function evolveSettings(state: NotificationSettingsState, event: NotificationSettingsEvent): NotificationSettingsState {
  return event.type === 'NotificationSettingsSaved' ? { saved: true, settings: event.data.settings, updatedAt: event.data.at } : state;
}

export function decideSettings(command: SaveNotificationSettings, state: NotificationSettingsState): NotificationSettingsEvent[] {
  const settings = { ...state.settings, ...command.patch };
  const changed = (Object.keys(command.patch) as (keyof NotificationSettings)[])
    .filter((key) => JSON.stringify(state.settings[key]) !== JSON.stringify(settings[key]));
  if (state.saved && changed.length === 0) return []; // nothing new to record
  return [{ type: 'NotificationSettingsSaved', data: { researcherId: command.researcherId, settings, changed, at: command.at } }];
}

export const notificationSettingsDecider: Decider<SaveNotificationSettings, NotificationSettingsEvent, NotificationSettingsState> = {
  initialState: initialSettingsState,
  evolve: evolveSettings,
  decide: decideSettings,
};

export function notificationSettingsStreamId(researcherId: string): string {
  return `notifications-${researcherId}`;
}

export function thresholdsOf(settings: NotificationSettings): AlertThresholds {
  return {
    scoreDrop: settings.scoreDropThreshold,
    rankChange: settings.rankChangeThreshold,
    qualityChange: settings.evidenceQualityChangeThreshold,
  };
}
