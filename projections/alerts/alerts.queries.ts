// Reads of the alerts read model (alerts and their per-channel delivery status): the only code that
// queries these tables outside the projector.
import type { Knex } from 'knex';
import type { Channel } from '../../domain/notifications/delivery';
import { ALERT_DELIVERIES_TABLE, ALERTS_TABLE } from './alerts.tables';

/** A row of the alerts table as stored (jsonb columns already parsed by pg). */
export interface AlertRow {
  alert_id: string;
  researcher_id: string;
  run_id: string;
  previous_run_id: string;
  disease_id: string;
  candidate_id: string;
  candidate_type: 'drug' | 'target';
  label: string;
  previous: unknown;
  current: unknown;
  reasons: unknown[];
  new_evidence_ids: string[];
  status: 'unread' | 'read';
  created_at: Date | string;
  read_at: Date | string | null;
}

export interface AlertDeliveryRow {
  alert_id: string;
  channel: Channel;
  researcher_id: string;
  status: 'in_flight' | 'failed' | 'succeeded';
  attempts: number;
  message_id: string | null;
  last_error: string | null;
  last_attempt_at: Date | string | null;
  delivered_at: Date | string | null;
}

export interface AlertPage {
  rows: AlertRow[];
  total: number;
  unreadCount: number;
}

export interface AlertsQueries {
  /** The researcher's alerts, newest first, with the totals the listing reports. */
  page(researcherId: string, options: { unreadOnly: boolean; limit: number; offset: number }): Promise<AlertPage>;
  deliveriesOf(alertIds: readonly string[]): Promise<AlertDeliveryRow[]>;
  /** Oldest first: the order the alert dispatcher sends in. */
  unreadAlertIds(researcherId: string, limit: number): Promise<string[]>;
  /** "<alert>.<channel>" for each delivery of these alerts that succeeded. */
  succeededDeliveryKeys(alertIds: readonly string[]): Promise<Set<string>>;
  latestDelivery(researcherId: string, channel: Channel): Promise<Pick<AlertDeliveryRow, 'status' | 'last_attempt_at' | 'last_error' | 'alert_id'> | undefined>;
  /** Unread alerts, newest first (the digest's unresolved reminders). */
  unreadReminders(researcherId: string, limit: number): Promise<Pick<AlertRow, 'alert_id' | 'run_id' | 'candidate_id' | 'candidate_type' | 'label' | 'reasons' | 'created_at'>[]>;
}

export function alertsQueries(knex: Knex): AlertsQueries {
  return {
    async page(researcherId, { unreadOnly, limit, offset }) {
      const owned = knex(ALERTS_TABLE).where({ researcher_id: researcherId });
      const filtered = unreadOnly ? owned.clone().andWhere({ status: 'unread' }) : owned.clone();
      const [total] = await filtered.clone().count<{ n: string }[]>('* as n');
      const [unread] = await owned.clone().andWhere({ status: 'unread' }).count<{ n: string }[]>('* as n');
      const rows = await filtered.clone().orderBy([{ column: 'created_at', order: 'desc' }, { column: 'alert_id' }]).limit(limit).offset(offset).select('*');
      return { rows, total: Number(total?.n ?? 0), unreadCount: Number(unread?.n ?? 0) };
    },
    async deliveriesOf(alertIds) {
      return knex(ALERT_DELIVERIES_TABLE).whereIn('alert_id', [...alertIds]).select('*');
    },
    async unreadAlertIds(researcherId, limit) {
      const rows = await knex(ALERTS_TABLE).where({ researcher_id: researcherId, status: 'unread' })
        .orderBy([{ column: 'created_at' }, { column: 'alert_id' }]).limit(limit).select('alert_id');
      return rows.map((r) => r.alert_id as string);
    },
    async succeededDeliveryKeys(alertIds) {
      const rows = await knex(ALERT_DELIVERIES_TABLE).whereIn('alert_id', [...alertIds]).andWhere({ status: 'succeeded' }).select('alert_id', 'channel');
      return new Set(rows.map((d) => `${d.alert_id}.${d.channel}`));
    },
    async latestDelivery(researcherId, channel) {
      return knex(ALERT_DELIVERIES_TABLE).where({ researcher_id: researcherId, channel })
        .orderBy([{ column: 'last_attempt_at', order: 'desc' }]).first('status', 'last_attempt_at', 'last_error', 'alert_id');
    },
    async unreadReminders(researcherId, limit) {
      return knex(ALERTS_TABLE).where({ researcher_id: researcherId, status: 'unread' })
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'alert_id' }]).limit(limit)
        .select('alert_id', 'run_id', 'candidate_id', 'candidate_type', 'label', 'reasons', 'created_at');
    },
  };
}
