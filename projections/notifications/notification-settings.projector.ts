// Who wants what (the digest scheduler's list of opted-in researchers and their local schedule). The
// webhook's ciphertext is not copied here: only whether one is configured.
import type { Knex } from 'knex';
import { NOTIFICATION_SETTINGS_TABLE } from './notification-settings.tables';
import type { NotificationSettingsEvent } from '../../domain/notifications/settings';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../projector';


export const notificationSettingsProjector: Projector = {
  name: 'workspace_notification_settings',
  version: 1,
  eventTypes: ['NotificationSettingsSaved'],
  tables: [NOTIFICATION_SETTINGS_TABLE],
  async createTables(trx: Knex.Transaction, names: TableNames) {
    const table = names[NOTIFICATION_SETTINGS_TABLE]!;
    await trx.schema.createTable(table, (t) => {
      t.text('researcher_id').primary();
      t.boolean('email_configured').notNullable();
      t.boolean('chat_configured').notNullable();
      t.boolean('weekly_digest_enabled').notNullable();
      t.text('weekday').notNullable();
      t.integer('hour').notNullable();
      t.integer('minute').notNullable();
      t.text('timezone').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.bigInteger('last_revision').notNullable();
      t.index(['weekly_digest_enabled'], `${table}_digest_idx`);
    });
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    const table = names[NOTIFICATION_SETTINGS_TABLE]!;
    for (const recorded of events) {
      const { researcherId, settings, at } = (recorded as unknown as NotificationSettingsEvent).data;
      await trx.raw(`? on conflict (researcher_id) do update set email_configured = excluded.email_configured,
          chat_configured = excluded.chat_configured, weekly_digest_enabled = excluded.weekly_digest_enabled, weekday = excluded.weekday,
          hour = excluded.hour, minute = excluded.minute, timezone = excluded.timezone, updated_at = excluded.updated_at,
          last_revision = excluded.last_revision
        where ??.last_revision < excluded.last_revision`, [trx(table).insert({
        researcher_id: researcherId, email_configured: settings.email !== null, chat_configured: settings.chatWebhook !== null,
        weekly_digest_enabled: settings.weeklyDigestEnabled, weekday: settings.weekday, hour: settings.hour, minute: settings.minute,
        timezone: settings.timezone, updated_at: at, last_revision: recorded.revision,
      }), table]);
    }
  },
};
