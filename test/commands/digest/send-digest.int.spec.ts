// The send-digest use case (a researcher's manual send of the previous completed UTC week): each result
// kind, with the digest's reads faked (query objects) and a real event store and SMTP peer.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { DigestReads } from '../../../commands/digest/build-digest';
import type { DigestDeliveryDeps } from '../../../commands/digest/deliver-digest';
import { changeDigest } from '../../../commands/digest/digest-commands';
import { sendDigest, SendDigestResult } from '../../../commands/digest/send-digest';
import { DigestState, digestStreamId } from '../../../domain/digest/digest';
import { recordNotificationSettings } from '../../../commands/notifications/settings-commands';
import { newCommandContext } from '../../../commands/shared/command-context';
import { fixedClock } from '../../../infra/clock/clock';
import { loadSettings } from '../../../infra/config/settings';
import type { Database } from '../../../infra/db/database';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { silentLogger } from '../../../infra/logging/logger';
import { openTestPostgres } from '../../support/databases';
import { startSmtpPeer, SmtpPeer } from '../../support/smtp-peer';

const NOW = new Date('2026-03-25T12:00:00.000Z'); // a Wednesday: the previous UTC week is 2026-W12
const PERIOD = '2026-W12';

/** Reads with one run inside the window carrying `evidence` (none: an empty, suppressed digest). */
function reads(evidence: string[]): DigestReads {
  const none = async () => [];
  return {
    runs: {
      completedRunsBetween: async () => (evidence.length ? [{ runId: randomUUID(), diseaseId: 'sle', finishedAt: '2026-03-18T10:00:00.000Z', dossierHash: 'hash' }] : []),
      dossierHashesBefore: none, previousCompletedRun: async () => undefined, earlierCompletedRunIds: none,
    },
    reviews: { decisionSavesBetween: none, reviewedCandidates: none },
    alerts: {
      unreadReminders: none, page: async () => ({ rows: [], total: 0, unreadCount: 0 }), deliveriesOf: none,
      unreadAlertIds: none, succeededDeliveryKeys: async () => new Set<string>(), latestDelivery: async () => undefined,
    },
    dossiers: {
      getJson: async <T>() => ({ evidence: evidence.map((id) => ({ evidence_id: id, title: `Paper ${id}`, source: 'pubmed', url: 'https://example.org', quality_tier: 'high' })) }) as T,
    },
  };
}

/** The period's state of a result that reached the digest stream. */
function stateOf(result: SendDigestResult): DigestState {
  if (result.kind === 'no_channel') throw new Error('expected a result with a delivery state, got no_channel');
  return result.state;
}

describe('send-digest', function () {
  this.timeout(30_000);
  let db: Database;
  let store: PostgresEventStore;
  let smtp: SmtpPeer;
  let settings: ReturnType<typeof loadSettings>;
  const researcher = () => `send-${randomUUID().slice(0, 8)}`;
  const context = (researcherId: string) => newCommandContext(fixedClock(NOW), { kind: 'researcher', id: researcherId });
  const deps = (evidence: string[]): DigestDeliveryDeps => ({ store, reads: reads(evidence), settings, logger: silentLogger, clock: fixedClock(NOW) });
  const withEmail = async (researcherId: string) => recordNotificationSettings(store, researcherId, { email: `${researcherId}@example.org` }, context(researcherId));

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex);
    smtp = await startSmtpPeer({ user: 'digest-user', pass: 'digest-pass' });
    settings = loadSettings({
      DEBUG: 'true', ALERT_SMTP_HOST: '127.0.0.1', ALERT_SMTP_PORT: String(smtp.port), ALERT_SMTP_USE_TLS: 'false',
      ALERT_SMTP_USERNAME: 'digest-user', ALERT_SMTP_PASSWORD: 'digest-pass',
    });
  });
  after(async function () {
    await db.close();
    await smtp?.close();
  });

  it('is sent through the researcher\'s email for the previous completed UTC week', async function () {
    const who = researcher();
    await withEmail(who);
    const result = await sendDigest(deps(['ev_1']), { researcherId: who, force: false }, context(who));
    expect(result).to.deep.include({ kind: 'sent', period: PERIOD });
    expect(stateOf(result)).to.include({ status: 'delivered', round: 1, attempts: 1 });
    expect(smtp.received.filter((m) => m.envelopeTo.includes(`${who}@example.org`))).to.have.length(1);
  });

  it('is already_delivered on a second send without force, and sent again with force', async function () {
    const who = researcher();
    await withEmail(who);
    await sendDigest(deps(['ev_1']), { researcherId: who, force: false }, context(who));
    const again = await sendDigest(deps(['ev_1']), { researcherId: who, force: false }, context(who));
    expect(again).to.deep.include({ kind: 'already_delivered', period: PERIOD });
    const forced = await sendDigest(deps(['ev_1']), { researcherId: who, force: true }, context(who));
    expect(forced.kind).to.equal('sent');
    expect(stateOf(forced).round).to.equal(2);
    expect(smtp.received.filter((m) => m.envelopeTo.includes(`${who}@example.org`))).to.have.length(2);
  });

  it('is suppressed when there is nothing to report, and sends nothing', async function () {
    const who = researcher();
    await withEmail(who);
    const result = await sendDigest(deps([]), { researcherId: who, force: false }, context(who));
    expect(result).to.deep.include({ kind: 'suppressed', period: PERIOD });
    expect(smtp.received.filter((m) => m.envelopeTo.includes(`${who}@example.org`))).to.have.length(0);
  });

  it('is no_channel, with nothing queued and no retry scheduled, when the researcher configured no email or chat webhook', async function () {
    const who = researcher();
    const result = await sendDigest(deps(['ev_1']), { researcherId: who, force: false }, context(who));
    expect(result).to.deep.equal({ kind: 'no_channel', period: PERIOD });
    expect(await store.readStream(digestStreamId(who, PERIOD))).to.have.length(0);
  });

  it('is failed, waiting for a retry, when the researcher\'s only channel cannot be used by the server (no SMTP)', async function () {
    const who = researcher();
    await withEmail(who);
    const noSmtp = { ...deps(['ev_1']), settings: loadSettings({ DEBUG: 'true' }) };
    const result = await sendDigest(noSmtp, { researcherId: who, force: false }, context(who));
    expect(result.kind).to.equal('failed');
    expect(stateOf(result)).to.include({ status: 'retrying' });
    expect(stateOf(result).lastError).to.match(/no delivery channel configured; email: server SMTP settings are missing/);
  });

  it('is in_progress while another sender holds the period\'s attempt', async function () {
    const who = researcher();
    await withEmail(who);
    await changeDigest(store, who, PERIOD, {
      type: 'QueueDigest', researcherId: who, period: PERIOD, windowStart: '2026-03-16T00:00:00.000Z', windowEnd: '2026-03-23T00:00:00.000Z',
      trigger: 'schedule', force: false, at: NOW.toISOString(),
    }, context(who));
    await changeDigest(store, who, PERIOD, { type: 'StartDigestAttempt', at: NOW.toISOString(), staleAfterMs: 120_000 }, context(who));
    const result = await sendDigest(deps(['ev_1']), { researcherId: who, force: false }, context(who));
    expect(result).to.deep.include({ kind: 'in_progress', period: PERIOD });
    expect(stateOf(result).status).to.equal('in_flight');
    expect(smtp.received.filter((m) => m.envelopeTo.includes(`${who}@example.org`))).to.have.length(0);
  });
});
