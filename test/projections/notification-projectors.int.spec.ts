// The alerts, notification-settings and digest-delivery read models are idempotent: applying the whole
// log again, twice, leaves exactly the same rows.
import { systemClock } from '../../infra/clock/clock';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { changeAlert } from '../../commands/alerts/alert-commands';
import { changeDigest } from '../../commands/digest/digest-commands';
import { changeDelivery } from '../../commands/notifications/delivery-commands';
import { recordNotificationSettings } from '../../commands/notifications/settings-commands';
import { newCommandContext } from '../../commands/shared/command-context';
import { alertsProjector } from '../../projections/alerts/alerts.projector';
import { digestDeliveriesProjector } from '../../projections/digest/digest-deliveries.projector';
import { notificationSettingsProjector } from '../../projections/notifications/notification-settings.projector';
import { liveTableNames } from '../../projections/projector';
import { startTestServer, TestServer } from '../support/test-server';

describe('Alert, notification and digest read models', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async function () {
    server = await startTestServer({ startWorkers: true });
  });
  after(async function () {
    await server?.close();
  });

  it('replaying the same events twice leaves the same rows', async function () {
    const { store, db } = server.runtime;
    const researcher = `projector-${randomUUID().slice(0, 8)}`;
    const context = newCommandContext(systemClock, { kind: 'researcher', id: researcher });
    await recordNotificationSettings(store, researcher, { email: 'p@example.org', weeklyDigestEnabled: true }, context);
    await recordNotificationSettings(store, researcher, { hour: 6 }, context);
    const alertId = randomUUID();
    await changeAlert(store, alertId, {
      type: 'RaiseAlert', alertId, researcherId: researcher, runId: randomUUID(), previousRunId: randomUUID(), diseaseId: 'sle', candidateId: 'c',
      candidateType: 'drug', label: 'C', previous: null, current: { score: 1, rank: 1, average_evidence_quality: null, evidence_count: 0 },
      reasons: [{ type: 'new_evidence', new_evidence_ids: ['e'], count: 1 }], newEvidenceIds: ['e'], at: '2026-03-20T00:00:00.000Z',
    }, context);
    const ref = { alertId, researcherId: researcher, channel: 'email' as const };
    await changeDelivery(store, { type: 'StartDelivery', ...ref, messageId: '<m>', at: '2026-03-20T00:01:00.000Z', staleAfterMs: 1 }, context);
    await changeDelivery(store, { type: 'RecordDeliveryFailed', ...ref, attempt: 1, error: 'down', at: '2026-03-20T00:01:01.000Z' }, context);
    await changeDelivery(store, { type: 'StartDelivery', ...ref, messageId: '<m>', at: '2026-03-20T00:02:00.000Z', staleAfterMs: 1 }, context);
    await changeDelivery(store, { type: 'RecordDeliverySucceeded', ...ref, messageId: '<m>', attempt: 2, at: '2026-03-20T00:02:01.000Z' }, context);
    await changeAlert(store, alertId, { type: 'MarkAlertRead', researcherId: researcher, at: '2026-03-21T00:00:00.000Z' }, context);
    const digest = (command: Parameters<typeof changeDigest>[3]) => changeDigest(store, researcher, '2026-W12', command, context);
    await digest({ type: 'QueueDigest', researcherId: researcher, period: '2026-W12', windowStart: '2026-03-16T00:00:00.000Z', windowEnd: '2026-03-23T00:00:00.000Z', trigger: 'manual', force: false, at: '2026-03-25T00:00:00.000Z' });
    await digest({ type: 'StartDigestAttempt', at: '2026-03-25T00:00:01.000Z', staleAfterMs: 1 });
    await digest({ type: 'FailDigestAttempt', error: 'down', at: '2026-03-25T00:00:02.000Z', policy: { maxRetries: 5, baseDelayMs: 60_000 } });
    await digest({ type: 'StartDigestAttempt', at: '2026-03-25T00:01:02.000Z', staleAfterMs: 1 });
    await digest({ type: 'RecordDigestChannel', channel: 'email', messageId: 'm', at: '2026-03-25T00:01:03.000Z' });
    await digest({ type: 'CompleteDigest', suppressed: false, at: '2026-03-25T00:01:04.000Z' });
    await server.runtime.projections.waitForCatchUp();

    const projectors = [alertsProjector, notificationSettingsProjector, digestDeliveriesProjector];
    const snapshot = async () => Promise.all(projectors.flatMap((p) => p.tables).map((t) => db.knex(t).where({ researcher_id: researcher }).orderBy(db.knex.raw('1')).select('*')));
    const before = await snapshot();
    expect(before.map((rows) => rows.length)).to.deep.equal([1, 1, 1, 1]);
    expect(before[0]![0]).to.include({ status: 'read' });
    expect(before[1]![0]).to.include({ status: 'succeeded', attempts: 2 });
    expect(before[3]![0]).to.include({ status: 'delivered', attempts: 2, total_attempts: 2 });
    const all = await store.readAll({ maxCount: 1_000_000 });
    for (let i = 0; i < 2; i++) {
      for (const projector of projectors) {
        const events = all.filter((e) => projector.eventTypes!.includes(e.type));
        await db.knex.transaction((trx) => projector.apply(trx, events, liveTableNames(projector)));
      }
    }
    expect(await snapshot()).to.deep.equal(before);
  });
});
