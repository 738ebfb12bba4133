import { systemClock } from '../../infra/clock/clock';
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { handleCommand } from '../../commands/shared/handle-command';
import { commandContextFromEvent, newCommandContext } from '../../commands/shared/command-context';
import { DomainError } from '../../domain/shared/decider';
import { Database } from '../../infra/db/database';
import { EventStore, WrongExpectedRevisionError } from '../../infra/event-store/event-store';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { openTestPostgres } from '../support/databases';
import { uniqueStream } from '../support/events';
import { tallyDecider } from '../support/tally-decider';

describe('Command handling: load, decide, append with the expected revision', function () {
  let db: Database;
  let store: EventStore;
  const alice = { kind: 'researcher' as const, id: 'alice' };

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex);
  });
  after(async function () {
    await db.close();
  });

  it('appends the decided events with the correlation id, causation id and principal', async function () {
    const stream = uniqueStream('tally');
    const context = newCommandContext(systemClock, alice, 'corr-1', 'req-1');
    const result = await handleCommand(store, stream, tallyDecider, { by: 2, limit: 10 }, context);
    expect(result).to.deep.include({ state: { total: 2 }, revision: 0, appended: 1 });
    const [event] = await store.readStream(stream);
    expect(event!.metadata).to.deep.equal({ correlationId: 'corr-1', causationId: 'req-1', principal: alice });
  });

  it('a processor follow-up keeps the correlation id and names the triggering event as cause', async function () {
    const stream = uniqueStream('tally');
    await handleCommand(store, stream, tallyDecider, { by: 1, limit: 10 }, newCommandContext(systemClock, alice, 'corr-2'));
    const [trigger] = await store.readStream(stream);
    await handleCommand(store, stream, tallyDecider, { by: 1, limit: 10 }, commandContextFromEvent(trigger!, 'tally-processor', systemClock));
    const [, followUp] = await store.readStream(stream);
    expect(followUp!.metadata).to.deep.equal({
      correlationId: 'corr-2', causationId: trigger!.id, principal: { kind: 'system', id: 'tally-processor' },
    });
  });

  it('a refused command appends nothing', async function () {
    const stream = uniqueStream('tally');
    try {
      await handleCommand(store, stream, tallyDecider, { by: 11, limit: 10 }, newCommandContext(systemClock, alice));
      expect.fail('expected a DomainError');
    } catch (error) {
      expect(error).to.be.instanceOf(DomainError);
    }
    expect(await store.readStream(stream)).to.deep.equal([]);
  });

  it('a stale If-Match style revision is a conflict, not an overwrite', async function () {
    const stream = uniqueStream('tally');
    await handleCommand(store, stream, tallyDecider, { by: 1, limit: 10 }, newCommandContext(systemClock, alice));
    await handleCommand(store, stream, tallyDecider, { by: 1, limit: 10 }, newCommandContext(systemClock, alice));
    try {
      await handleCommand(store, stream, tallyDecider, { by: 1, limit: 10 }, newCommandContext(systemClock, alice), { expectedRevision: 0 });
      expect.fail('expected a conflict');
    } catch (error) {
      expect(error).to.be.instanceOf(WrongExpectedRevisionError);
    }
    expect(await store.readStream(stream)).to.have.length(2);
  });

  it('concurrent commands either retry and re-decide, or surface the conflict', async function () {
    const stream = uniqueStream('tally');
    const run = (retries: number) => handleCommand(store, stream, tallyDecider, { by: 1, limit: 100 },
      { ...newCommandContext(systemClock, alice), newId: randomUUID }, { retries });
    const withRetries = await Promise.all(Array.from({ length: 8 }, () => run(20)));
    expect(withRetries.map((r) => r.revision).sort((a, b) => a - b)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7]);
    const withoutRetries = await Promise.allSettled(Array.from({ length: 8 }, () => run(0)));
    const rejected = withoutRetries.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    for (const r of rejected) expect(r.reason).to.be.instanceOf(WrongExpectedRevisionError);
    const total = (await store.readStream(stream)).length;
    expect(total).to.equal(8 + withoutRetries.length - rejected.length);
  });
});
