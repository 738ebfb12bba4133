import { expect } from 'chai';
import pg from 'pg';
import { createScratchDatabase } from '../../biomed/support/biomed-env';
import { Database } from '../../../infra/db/database';
import { AppendResult, comparePositions, WrongExpectedRevisionError } from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { testEvent, uniqueStream } from '../../support/events';
import { openTestPglite, openTestPostgres } from '../../support/databases';
import { eventStoreContract } from './event-store.contract';

eventStoreContract('PostgreSQL', async () => {
  const db = await openTestPostgres();
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  return { store, close: async () => { await store.close(); await db.close(); } };
});

eventStoreContract('PGlite (embedded)', async () => {
  const db = await openTestPglite();
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  return { store, close: async () => { await store.close(); await db.close(); } };
});

describe('PostgreSQL event store: group commit of concurrent appends', function () {
  let db: Database;
  let store: PostgresEventStore;
  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex, { maxConcurrentCommits: 1 });
  });
  after(async function () {
    await db.close();
  });

  it('appends that arrive together share a commit, and one conflict fails only its own append', async function () {
    const taken = uniqueStream();
    await store.append(taken, [testEvent('A', {})]);
    const streams = Array.from({ length: 6 }, () => uniqueStream());
    const outcomes = await Promise.allSettled([
      ...streams.map((s) => store.append(s, [testEvent('A', {})], 'no_stream')),
      store.append(taken, [testEvent('B', {})], 'no_stream'),
    ]);
    const results = outcomes.slice(0, 6).map((o) => (o as PromiseFulfilledResult<AppendResult>).value);
    expect(results.every(Boolean)).to.equal(true);
    expect(outcomes[6]!.status).to.equal('rejected');
    expect((outcomes[6] as PromiseRejectedResult).reason).to.be.instanceOf(WrongExpectedRevisionError);
    // The first goes alone; the five that queued behind it commit in one transaction.
    expect(new Set(results.slice(1).map((r) => r.position.commit)).size).to.equal(1);
    for (const s of streams) expect(await store.readStream(s)).to.have.length(1);
    expect(await store.readStream(taken)).to.have.length(1);
  });

  it('a retried append coalesced with its original is answered idempotently', async function () {
    const stream = uniqueStream();
    const events = [testEvent('A', {}), testEvent('B', {})];
    const [first, second] = await Promise.all([store.append(stream, events), store.append(stream, events)]);
    expect(second).to.deep.equal(first);
    expect(await store.readStream(stream)).to.have.length(2);
  });
});

describe('PostgreSQL event store: what is still to read while the xmin horizon is held back', function () {
  let db: Database;
  let store: PostgresEventStore;
  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  });
  after(async function () {
    await store.close();
    await db.close();
  });

  it('countAfter counts an event committed after an open transaction began, which readAll holds back until it ends', async function () {
    const before = await store.headPosition();
    // Another session's open transaction with an id: the horizon stays below it until it ends.
    const blocker = await db.knex.transaction();
    await blocker.raw('select pg_current_xact_id()');
    try {
      const stream = uniqueStream();
      await store.append(stream, [testEvent('A', {})]);
      expect(await store.countAfter(before), 'the committed event is still to be read').to.equal(1);
      const handedOut = (await store.readAll({ after: before })).filter((e) => e.streamId === stream);
      expect(handedOut, 'readAll waits for the horizon').to.have.length(0);
    } finally {
      await blocker.commit();
    }
  });

  it('an open transaction in another database of the server does not hold readAll back (it used to, for as long as it ran)', async function () {
    // Transaction ids are server-wide; before the fix, another deployment's (or another test run's) long import
    // held this database's job pickup and projections back until it ended.
    const other = await createScratchDatabase();
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('select pg_current_xact_id()');
      const before = await store.headPosition();
      const stream = uniqueStream();
      await store.append(stream, [testEvent('A', {})]);
      const handedOut = (await store.readAll({ after: before })).filter((e) => e.streamId === stream);
      expect(handedOut.map((e) => e.type), 'handed out while the other database\'s transaction is still open').to.deep.equal(['A']);
      expect(comparePositions(await store.headPosition(), handedOut[0]!.position), 'the head is at it or past it').to.be.at.least(0);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
      await other.drop();
    }
  });
});
