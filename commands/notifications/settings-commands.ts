// Loading and saving a researcher's notification settings (stream notifications-<researcher>).
import {
  NotificationSettings, notificationSettingsDecider, NotificationSettingsState, notificationSettingsStreamId,
} from '../../domain/notifications/settings';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';

export async function loadNotificationSettings(store: EventStore, researcherId: string): Promise<NotificationSettingsState> {
  return (await loadState(store, notificationSettingsStreamId(researcherId), notificationSettingsDecider)).state;
}

/** Records a settings patch as it is (validation is save-notification-settings.ts's job). */
export async function recordNotificationSettings(
  store: EventStore, researcherId: string, patch: Partial<NotificationSettings>, context: CommandContext,
): Promise<NotificationSettingsState> {
  const result = await handleCommand(store, notificationSettingsStreamId(researcherId), notificationSettingsDecider,
    { type: 'SaveNotificationSettings', researcherId, patch, at: context.now.toISOString() }, context, { retries: 3 });
  return result.state;
}
