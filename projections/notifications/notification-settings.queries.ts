// Reads of the notification-settings read model: who opted in to the weekly digest, and when.
import type { Knex } from 'knex';
import type { Weekday } from '../../domain/notifications/settings';
import { NOTIFICATION_SETTINGS_TABLE } from './notification-settings.tables';

export interface DigestSubscriber {
  researcherId: string;
  weekday: Weekday;
  hour: number;
  minute: number;
  timezone: string;
}

export interface NotificationSettingsQueries {
  digestSubscribers(): Promise<DigestSubscriber[]>;
}

export function notificationSettingsQueries(knex: Knex): NotificationSettingsQueries {
  return {
    async digestSubscribers() {
      const rows = await knex(NOTIFICATION_SETTINGS_TABLE).where({ weekly_digest_enabled: true })
        .select('researcher_id', 'weekday', 'hour', 'minute', 'timezone');
      return rows.map((r) => ({ researcherId: r.researcher_id, weekday: r.weekday as Weekday, hour: r.hour, minute: r.minute, timezone: r.timezone }));
    },
  };
}
