// The mark-alert-read use case: its owner reads an alert (once; reading again changes nothing), and
// anyone else, or a missing alert, gets not_found.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { changeAlert } from '../../../commands/alerts/alert-commands';
import { markAlertRead } from '../../../commands/alerts/mark-alert-read';
import { newCommandContext } from '../../../commands/shared/command-context';
import { fixedClock } from '../../../infra/clock/clock';
import type { Database } from '../../../infra/db/database';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { openTestPostgres } from '../../support/databases';

describe('mark-alert-read', function () {
  let db: Database;
  let store: PostgresEventStore;
  const raisedAt = new Date('2026-03-20T10:00:00.000Z');
  const readAt = new Date('2026-03-21T09:30:00.000Z');
  const as = (researcherId: string, at = readAt) => newCommandContext(fixedClock(at), { kind: 'researcher', id: researcherId });

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex);
  });
  after(async function () {
    await db.close();
  });

  async function raise(researcherId: string): Promise<string> {
    const alertId = randomUUID();
    await changeAlert(store, alertId, {
      type: 'RaiseAlert', alertId, researcherId, runId: randomUUID(), previousRunId: randomUUID(), diseaseId: 'sle',
      candidateId: 'drug_x', candidateType: 'drug', label: 'Drug X', previous: null,
      current: { score: 50, rank: 3, average_evidence_quality: 0.6, evidence_count: 2 },
      reasons: [{ type: 'new_evidence', new_evidence_ids: ['ev_2'], count: 1 }], newEvidenceIds: ['ev_2'], at: raisedAt.toISOString(),
    }, newCommandContext(fixedClock(raisedAt), { kind: 'system', id: 'test' }));
    return alertId;
  }

  it('reads the owner\'s alert at the command\'s time', async function () {
    const alertId = await raise('alice');
    const result = await markAlertRead(store, { alertId, researcherId: 'alice' }, as('alice'));
    expect(result.kind).to.equal('read');
    if (result.kind !== 'read') return;
    expect(result.alert).to.include({ alertId, researcherId: 'alice', label: 'Drug X' });
    expect(result.readAt).to.equal(readAt.toISOString());
    expect((await store.readStream(`alert-${alertId}`)).map((e) => e.type)).to.deep.equal(['AlertRaised', 'AlertRead']);
  });

  it('reading twice is read again, appends nothing and keeps the first read time', async function () {
    const alertId = await raise('alice');
    await markAlertRead(store, { alertId, researcherId: 'alice' }, as('alice'));
    const again = await markAlertRead(store, { alertId, researcherId: 'alice' }, as('alice', new Date('2026-03-22T00:00:00.000Z')));
    expect(again).to.deep.include({ kind: 'read', readAt: readAt.toISOString() });
    expect(await store.readStream(`alert-${alertId}`)).to.have.length(2);
  });

  it('is not_found for another researcher\'s alert, which stays unread', async function () {
    const alertId = await raise('alice');
    expect(await markAlertRead(store, { alertId, researcherId: 'bob' }, as('bob'))).to.deep.equal({ kind: 'not_found' });
    expect((await store.readStream(`alert-${alertId}`)).map((e) => e.type)).to.deep.equal(['AlertRaised']);
  });

  it('is not_found for an alert that does not exist', async function () {
    expect(await markAlertRead(store, { alertId: randomUUID(), researcherId: 'alice' }, as('alice'))).to.deep.equal({ kind: 'not_found' });
  });
});
