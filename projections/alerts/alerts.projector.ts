// Review reminders read model (GET /api/workspace/alerts, the digest, the dispatcher's pending list)
// and each alert's delivery status per channel. Idempotent: alerts are keyed by id (a replayed raise is
// ignored, a replayed read changes nothing), deliveries move only to a higher stream revision.
import type { Knex } from 'knex';
import { ALERTS_TABLE, ALERT_DELIVERIES_TABLE } from './alerts.tables';
import { ALERT_EVENT_TYPES, AlertEvent } from '../../domain/alerts/alert';
import { DELIVERY_EVENT_TYPES, DeliveryEvent } from '../../domain/notifications/delivery';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import type { Projector, TableNames } from '../projector';


export const alertsProjector: Projector = {
  name: 'workspace_alerts',
  version: 1,
  eventTypes: [...ALERT_EVENT_TYPES, ...DELIVERY_EVENT_TYPES],
  tables: [ALERTS_TABLE, ALERT_DELIVERIES_TABLE],
  async createTables(trx: Knex.Transaction, names: TableNames) {
    const alerts = names[ALERTS_TABLE]!;
    await trx.schema.createTable(alerts, (t) => {
      t.uuid('alert_id').primary();
      t.text('researcher_id').notNullable();
      t.uuid('run_id').notNullable();
      t.uuid('previous_run_id').notNullable();
      t.text('disease_id').notNullable();
      t.text('candidate_id').notNullable();
      t.text('candidate_type').notNullable();
      t.text('label').notNullable();
      t.jsonb('previous');
      t.jsonb('current').notNullable();
      t.jsonb('reasons').notNullable();
      t.jsonb('new_evidence_ids').notNullable();
      t.text('status').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('read_at', { useTz: true });
      t.index(['researcher_id', 'status', 'created_at'], `${alerts}_owner_idx`);
    });
    const deliveries = names[ALERT_DELIVERIES_TABLE]!;
    await trx.schema.createTable(deliveries, (t) => {
      t.uuid('alert_id').notNullable();
      t.text('channel').notNullable();
      t.text('researcher_id').notNullable();
      t.text('status').notNullable();
      t.integer('attempts').notNullable();
      t.text('message_id');
      t.text('last_error');
      t.timestamp('last_attempt_at', { useTz: true });
      t.timestamp('delivered_at', { useTz: true });
      t.bigInteger('last_revision').notNullable();
      t.primary(['alert_id', 'channel']);
      t.index(['researcher_id', 'channel', 'last_attempt_at'], `${deliveries}_owner_idx`);
    });
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    const alerts = names[ALERTS_TABLE]!;
    const deliveries = names[ALERT_DELIVERIES_TABLE]!;
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as AlertEvent | DeliveryEvent;
      switch (event.type) {
        case 'AlertRaised': {
          const d = event.data;
          await trx(alerts).insert({
            alert_id: d.alertId, researcher_id: d.researcherId, run_id: d.runId, previous_run_id: d.previousRunId, disease_id: d.diseaseId,
            candidate_id: d.candidateId, candidate_type: d.candidateType, label: d.label, previous: d.previous === null ? null : JSON.stringify(d.previous),
            current: JSON.stringify(d.current), reasons: JSON.stringify(d.reasons), new_evidence_ids: JSON.stringify(d.newEvidenceIds),
            status: 'unread', created_at: d.at,
          }).onConflict('alert_id').ignore();
          break;
        }
        case 'AlertRead':
          await trx(alerts).where({ alert_id: event.data.alertId, status: 'unread' }).update({ status: 'read', read_at: event.data.at });
          break;
        default: {
          const d = event.data;
          const row = await trx(deliveries).where({ alert_id: d.alertId, channel: d.channel }).first('last_revision');
          if (row && Number(row.last_revision) >= recorded.revision) continue; // replay
          const change = event.type === 'AlertDeliveryAttempted'
            ? { status: 'in_flight', attempts: d.attempt, last_attempt_at: d.at, message_id: event.data.messageId }
            : event.type === 'AlertDeliverySucceeded'
              ? { status: 'succeeded', delivered_at: d.at, last_error: null }
              : { status: 'failed', last_error: event.data.error };
          if (row) await trx(deliveries).where({ alert_id: d.alertId, channel: d.channel }).update({ ...change, last_revision: recorded.revision });
          else await trx(deliveries).insert({ alert_id: d.alertId, channel: d.channel, researcher_id: d.researcherId, attempts: d.attempt, ...change, last_revision: recorded.revision });
        }
      }
    }
  },
};
