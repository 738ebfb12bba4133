// The save-notification-settings use case: valid changes are recorded (a webhook sealed, never stored
// in clear) and the researcher's pending deliveries are retried; invalid ones record nothing.
import { expect } from 'chai';
import type { DispatchReport } from '../../../commands/notifications/dispatch-pending-alerts';
import { saveNotificationSettings, SaveNotificationSettingsDeps } from '../../../commands/notifications/save-notification-settings';
import { newCommandContext } from '../../../commands/shared/command-context';
import { fixedClock } from '../../../infra/clock/clock';
import { loadSettings } from '../../../infra/config/settings';
import type { Database } from '../../../infra/db/database';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { silentLogger } from '../../../infra/logging/logger';
import { openTestPostgres } from '../../support/databases';
import { randomUUID } from 'node:crypto';

const HOOK_URL = 'https://hooks.slack.com/services/T0SECRET1/B0SECRET2/xoxSecretToken123';
const REPORT: DispatchReport = { attempted: 1, delivered: 1, failed: 0, latest: {}, unavailable: {} };

describe('save-notification-settings', function () {
  let db: Database;
  let store: PostgresEventStore;
  const savedAt = new Date('2026-03-21T09:30:00.000Z');
  const retried: string[] = [];
  const context = (researcherId: string) => newCommandContext(fixedClock(savedAt), { kind: 'researcher', id: researcherId });
  const researcher = () => `settings-${randomUUID().slice(0, 8)}`;
  let deps: SaveNotificationSettingsDeps;

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex);
    deps = {
      store, settings: loadSettings({ AUTH_SESSION_SECRET: 'settings-use-case-secret' }), logger: silentLogger,
      retryPending: async (researcherId) => { retried.push(researcherId); return REPORT; },
    };
  });
  after(async function () {
    await db.close();
  });

  it('saves the changes at the command\'s time, seals the webhook, and retries pending deliveries', async function () {
    const who = researcher();
    const result = await saveNotificationSettings(deps, who, { email: ' alice@example.org ', chat_webhook_url: HOOK_URL, score_drop_threshold: 5, weekday: 'friday', timezone: 'Europe/Berlin' }, context(who));
    expect(result.kind).to.equal('saved');
    if (result.kind !== 'saved') return;
    expect(result.state.settings).to.include({ email: 'alice@example.org', scoreDropThreshold: 5, weekday: 'friday', timezone: 'Europe/Berlin' });
    expect(result.state.settings.chatWebhook?.masked).to.match(/^https:\/\/hooks\.slack\.com\/services\//);
    expect(result.state.updatedAt).to.equal(savedAt.toISOString());
    expect(result.report).to.equal(REPORT);
    expect(retried).to.include(who);
    expect(JSON.stringify(await store.readStream(`notifications-${who}`))).not.to.contain('xoxSecretToken123');
  });

  it('keeps omitted fields and removes a channel given null', async function () {
    const who = researcher();
    await saveNotificationSettings(deps, who, { email: 'bob@example.org', hour: 7 }, context(who));
    const result = await saveNotificationSettings(deps, who, { email: null }, context(who));
    expect(result.kind === 'saved' && result.state.settings).to.include({ email: null, hour: 7 });
  });

  it('still answers saved, without a report, when retrying the deliveries fails', async function () {
    const who = researcher();
    const failing = { ...deps, retryPending: async () => { throw new Error('mail server down'); } };
    const result = await saveNotificationSettings(failing, who, { hour: 6 }, context(who));
    expect(result).to.deep.include({ kind: 'saved', report: undefined });
  });

  it('is invalid for a bad email, a non-provider webhook and an unknown timezone, and records nothing', async function () {
    const who = researcher();
    const result = await saveNotificationSettings(deps, who, {
      email: 'not-an-email', chat_webhook_url: 'https://example.com/hook', timezone: 'Mars/Olympus', hour: 3,
    }, context(who));
    expect(result.kind).to.equal('invalid');
    if (result.kind !== 'invalid') return;
    expect(result.details.map((d) => d.loc.join('.'))).to.deep.equal(['body.email', 'body.chat_webhook_url', 'body.timezone']);
    expect(await store.readStream(`notifications-${who}`)).to.deep.equal([]);
    expect(retried).not.to.include(who);
  });
});
