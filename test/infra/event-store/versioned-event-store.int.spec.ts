// The versioned decorator keeps every promise of the port (the contract, over PostgreSQL) and adds
// its own: appends are stamped with the type's schema version, and every read path upcasts.
import { expect } from 'chai';
import { eventSchemaRegistry } from '../../../domain/event-versions';
import { EventSchemaRegistry, EventVersionError } from '../../../domain/shared/event-schema';
import { Database } from '../../../infra/db/database';
import { EventStore, RecordedEvent } from '../../../infra/event-store/event-store';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { versioned, VersionedEventStore } from '../../../infra/event-store/versioned-event-store';
import { eventually, openTestPostgres } from '../../support/databases';
import { testEvent, testMetadata, uniqueStream } from '../../support/events';
import { eventStoreContract } from './event-store.contract';
import { openScratchPostgres, ScratchDatabase } from '../../support/scratch-postgres';

// The contract's own event types, declared at version 1 so its appends go through the stamping path too.
const contractTypes = Object.fromEntries(['A', 'B', 'C', 'Boom', 'Keep', 'N', 'Skip', 'W', 'X'].map((t) => [t, { current: 1 }]));

eventStoreContract('PostgreSQL behind the versioned decorator', async () => {
  const db = await openTestPostgres();
  const store = new VersionedEventStore(new PostgresEventStore(db.knex, { pollIntervalMs: 20 }), new EventSchemaRegistry([contractTypes]));
  return { store, close: async () => { await store.close(); await db.close(); } };
});

const v1Save = (runId: string, candidateId: string) => ({
  runId, researcherId: 'alice', candidateId, candidateType: 'drug', decision: 'pin', rationale: 'r', notes: '', tags: [],
  previousDecision: null, at: '2026-01-05T10:00:00.000Z',
});

describe('Versioned event store: stamping and upcasting', function () {
  // A log of its own: these events are deliberately odd (a version newer than the code, stub data), and
  // in the run's shared log they would stop every projection that later reads it.
  let scratch: ScratchDatabase;
  let db: Database;
  let raw: PostgresEventStore;
  let store: VersionedEventStore;
  before(async function () {
    scratch = await openScratchPostgres('versioned_store');
    db = scratch.db;
    raw = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
    store = new VersionedEventStore(raw);
  });
  after(async function () {
    await store.close();
    await scratch.drop();
  });

  it('stamps an append of a declared type with its current version, and leaves other types unstamped', async function () {
    const stream = uniqueStream('review');
    await store.append(stream, [testEvent('ReviewSaved', { ...v1Save('r', 'c1'), changedMind: null }), testEvent('RunDeleted', { runId: 'r', at: 'x' }), testEvent('Unheard', {})]);
    const stored = await raw.readStream(stream);
    expect(stored.map((e) => e.metadata.schemaVersion)).to.deep.equal([2, 1, undefined]);
  });

  it('stamps atomic appends too, and offers appendAtomically only when the adapter behind does', async function () {
    const [review, run] = [uniqueStream('review'), uniqueStream('run')];
    await store.appendAtomically!([
      { streamId: review, events: [testEvent('ReviewSaved', { ...v1Save('r', 'c1'), changedMind: null })] },
      { streamId: run, events: [testEvent('RunDeleted', { runId: 'r', at: 'x' }), testEvent('Unheard', {})] },
    ]);
    expect((await raw.readStream(review)).map((e) => e.metadata.schemaVersion)).to.deep.equal([2]);
    expect((await raw.readStream(run)).map((e) => e.metadata.schemaVersion)).to.deep.equal([1, undefined]);
    // An adapter without multi-stream transactions (EventStoreDB) must not look atomic through the wrapper.
    const withoutAtomic = { append: raw.append.bind(raw), readStream: raw.readStream.bind(raw) } as unknown as EventStore;
    expect(new VersionedEventStore(withoutAtomic).appendAtomically).to.equal(undefined);
  });

  it('keeps a schema version the caller set, and does not touch the caller\'s metadata object', async function () {
    const stream = uniqueStream('review');
    const metadata = testMetadata();
    await store.append(stream, [testEvent('ReviewSaved', v1Save('r', 'c1'), { ...metadata, schemaVersion: 1 }), testEvent('RunDeleted', { runId: 'r', at: 'x' }, metadata)]);
    expect(metadata).to.not.have.property('schemaVersion');
    expect((await raw.readStream(stream)).map((e) => e.metadata.schemaVersion)).to.deep.equal([1, 1]);
    const [save] = await store.readStream(stream);
    expect(save!.data).to.have.property('changedMind', null);
  });

  it('reads an unversioned v1 event as the current version on readStream, readAll and subscribeToAll', async function () {
    const start = await raw.headPosition();
    const stream = uniqueStream('review');
    await raw.append(stream, [testEvent('ReviewSaved', v1Save('r', 'c1')), testEvent('Unheard', { same: true })]);
    const check = (events: RecordedEvent[]) => {
      const mine = events.filter((e) => e.streamId === stream);
      expect(mine.map((e) => [e.type, e.metadata.schemaVersion])).to.deep.equal([['ReviewSaved', 2], ['Unheard', undefined]]);
      expect(mine[0]!.data).to.deep.equal({ ...v1Save('r', 'c1'), changedMind: null });
      expect(mine[1]!.data).to.deep.equal({ same: true });
    };
    check(await store.readStream(stream));
    // readAll sees an event once no older transaction on the server is open (the xmin horizon): wait for it.
    let all: RecordedEvent[] = [];
    await eventually(async () => {
      all = await store.readAll({ after: start, maxCount: 100 });
      return all.filter((e) => e.streamId === stream).length === 2;
    }, 'readAll delivered both');
    check(all);
    const seen: RecordedEvent[] = [];
    const sub = store.subscribeToAll(async (events) => { seen.push(...events); }, { after: start });
    await eventually(() => seen.filter((e) => e.streamId === stream).length === 2, 'subscription delivered both');
    await sub.stop();
    check(seen);
    // The log itself is unchanged: still v1, no version.
    const [stored] = await raw.readStream(stream);
    expect(stored!.data).to.not.have.property('changedMind');
    expect(stored!.metadata).to.not.have.property('schemaVersion');
  });

  it('refuses to read an event stored by a newer release (a version above the current one)', async function () {
    const stream = uniqueStream('review');
    await raw.append(stream, [testEvent('ReviewSaved', v1Save('r', 'c1'), { ...testMetadata(), schemaVersion: 3 })]);
    try {
      await store.readStream(stream);
      expect.fail('expected an EventVersionError');
    } catch (error) {
      expect(error).to.be.instanceOf(EventVersionError);
    }
  });

  it('wraps once: versioned() of a versioned store is the same store', function () {
    expect(versioned(store)).to.equal(store);
    expect(eventSchemaRegistry.currentVersion('ReviewSaved')).to.equal(2);
  });
});
