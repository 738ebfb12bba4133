// The event store contract: every adapter behind the EventStore port runs these same cases.
import { expect } from 'chai';
import {
  comparePositions,
  DuplicateEventIdError,
  EventStore,
  InvalidAppendError,
  RecordedEvent,
  STREAM_DELETED,
  StreamDeletedError,
  WrongExpectedRevisionError,
} from '../../../infra/event-store/event-store';
import { eventually } from '../../support/databases';
import { testEvent, testMetadata, uniqueStream } from '../../support/events';

export interface ContractHarness {
  store: EventStore;
  close(): Promise<void>;
}

async function expectRejection<E extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(type);
    return error as E;
  }
  throw new Error(`expected a ${type.name}`);
}

export interface ContractOptions {
  /** Titles of cases this adapter cannot support; they are reported as pending. */
  skip?: string[];
}

export function eventStoreContract(name: string, open: () => Promise<ContractHarness>, options: ContractOptions = {}): void {
  // Shadows mocha's `it` so a listed case calls this.skip() instead of running.
  const skipped = new Set<string>();
  const it = (title: string, fn: Mocha.AsyncFunc) => {
    if (!options.skip?.includes(title)) return globalThis.it(title, fn);
    skipped.add(title);
    return globalThis.it(title, function () {
      this.skip();
    });
  };
  describe(`EventStore contract: ${name}`, function () {
    let harness: ContractHarness;
    let store: EventStore;

    before(async function () {
      harness = await open();
      store = harness.store;
    });
    after(async function () {
      await harness?.close();
    });

    describe('append and read a stream', function () {
      it('numbers a new stream from revision 0 and returns its data and metadata', async function () {
        const stream = uniqueStream();
        const meta = testMetadata({ principal: { kind: 'researcher', id: 'bob' } });
        const result = await store.append(stream, [testEvent('A', { n: 1 }, meta), testEvent('B', { n: 2 }, meta)], 'no_stream');
        expect(result.nextExpectedRevision).to.equal(1);
        const events = await store.readStream(stream);
        expect(events.map((e) => [e.type, e.revision, e.data])).to.deep.equal([['A', 0, { n: 1 }], ['B', 1, { n: 2 }]]);
        expect(events[0]!.metadata).to.deep.include({ correlationId: meta.correlationId, causationId: meta.causationId });
        expect(events[0]!.metadata.principal).to.deep.equal({ kind: 'researcher', id: 'bob' });
        expect(events[0]!.streamId).to.equal(stream);
        expect(events[0]!.createdAt).to.be.instanceOf(Date);
        expect(comparePositions(events[1]!.position, result.position)).to.equal(0);
      });

      it('returns an empty list for a stream that was never written', async function () {
        expect(await store.readStream(uniqueStream())).to.deep.equal([]);
      });

      it('reads forwards and backwards from a revision with a count', async function () {
        const stream = uniqueStream();
        await store.append(stream, [0, 1, 2, 3, 4].map((n) => testEvent('N', { n })));
        const forwards = await store.readStream(stream, { fromRevision: 2, maxCount: 2 });
        expect(forwards.map((e) => e.revision)).to.deep.equal([2, 3]);
        const backwards = await store.readStream(stream, { direction: 'backwards', fromRevision: 3, maxCount: 3 });
        expect(backwards.map((e) => e.revision)).to.deep.equal([3, 2, 1]);
        const lastTwo = await store.readStream(stream, { direction: 'backwards', maxCount: 2 });
        expect(lastTwo.map((e) => e.revision)).to.deep.equal([4, 3]);
      });
    });

    describe('expected revision', function () {
      it('no_stream refuses a stream that exists, with the actual revision', async function () {
        const stream = uniqueStream();
        await store.append(stream, [testEvent('A', {})], 'no_stream');
        const error = await expectRejection(store.append(stream, [testEvent('A', {})], 'no_stream'), WrongExpectedRevisionError);
        expect(error.actual).to.equal(0);
        expect(error.streamId).to.equal(stream);
        expect(await store.readStream(stream)).to.have.length(1);
      });

      it('stream_exists refuses a missing stream and accepts an existing one', async function () {
        const stream = uniqueStream();
        const error = await expectRejection(store.append(stream, [testEvent('A', {})], 'stream_exists'), WrongExpectedRevisionError);
        expect(error.actual).to.equal('no_stream');
        await store.append(stream, [testEvent('A', {})]);
        const result = await store.append(stream, [testEvent('B', {})], 'stream_exists');
        expect(result.nextExpectedRevision).to.equal(1);
      });

      it('an exact revision goes through only when it is the last revision', async function () {
        const stream = uniqueStream();
        await store.append(stream, [testEvent('A', {}), testEvent('B', {})]);
        await expectRejection(store.append(stream, [testEvent('X', {})], 0), WrongExpectedRevisionError);
        await expectRejection(store.append(stream, [testEvent('X', {})], 5), WrongExpectedRevisionError);
        const ok = await store.append(stream, [testEvent('C', {})], 1);
        expect(ok.nextExpectedRevision).to.equal(2);
        expect((await store.readStream(stream)).map((e) => e.type)).to.deep.equal(['A', 'B', 'C']);
      });

      it('an exact revision on a missing stream is a conflict, not a create', async function () {
        const error = await expectRejection(store.append(uniqueStream(), [testEvent('A', {})], 0), WrongExpectedRevisionError);
        expect(error.actual).to.equal('no_stream');
      });

      it('of concurrent writers expecting the same revision exactly one wins', async function () {
        const stream = uniqueStream();
        await store.append(stream, [testEvent('A', {})]);
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, (_, i) => store.append(stream, [testEvent('W', { i })], 0)),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).to.have.length(1);
        for (const o of outcomes.filter((o) => o.status === 'rejected')) {
          expect((o as PromiseRejectedResult).reason).to.be.instanceOf(WrongExpectedRevisionError);
        }
        expect(await store.readStream(stream)).to.have.length(2);
      });
    });

    describe('idempotent append by event id', function () {
      it('retrying the same append returns the same result and stores nothing new', async function () {
        const stream = uniqueStream();
        const before = await store.headPosition();
        const events = [testEvent('A', { a: 1 }), testEvent('B', { b: 2 })];
        const first = await store.append(stream, events, 'no_stream');
        const retry = await store.append(stream, events, 'no_stream');
        expect(retry).to.deep.equal(first);
        expect(await store.readStream(stream)).to.have.length(2);
        const all = await store.readAll({ after: before, maxCount: 100 });
        expect(all.filter((e) => e.streamId === stream)).to.have.length(2);
      });

      it('a retry with an exact revision still succeeds after the stream moved on', async function () {
        const stream = uniqueStream();
        await store.append(stream, [testEvent('A', {})]);
        const events = [testEvent('B', {})];
        const first = await store.append(stream, events, 0);
        await store.append(stream, [testEvent('C', {})], 1);
        expect(await store.append(stream, events, 0)).to.deep.equal(first);
        expect(await store.readStream(stream)).to.have.length(3);
      });

      it('refuses an event id already used in another stream', async function () {
        const event = testEvent('A', {});
        await store.append(uniqueStream(), [event]);
        await expectRejection(store.append(uniqueStream(), [event]), DuplicateEventIdError);
      });
    });

    // Optional capability (EventStore.appendAtomically): an adapter without multi-stream transactions
    // lists these cases in `skip` and leaves the method undefined.
    describe('atomic append to several streams', function () {
      const atomic = (...args: Parameters<NonNullable<EventStore['appendAtomically']>>) => store.appendAtomically!(...args);

      it('an atomic append writes every stream and answers with each stream\'s result in order', async function () {
        const [first, second] = [uniqueStream(), uniqueStream()];
        await store.append(second, [testEvent('A', {})]);
        const results = await atomic([
          { streamId: first, events: [testEvent('A', { n: 1 }), testEvent('B', { n: 2 })], expected: 'no_stream' },
          { streamId: second, events: [testEvent('B', { n: 3 })], expected: 0 },
        ]);
        expect(results.map((r) => r.nextExpectedRevision)).to.deep.equal([1, 1]);
        expect((await store.readStream(first)).map((e) => e.data)).to.deep.equal([{ n: 1 }, { n: 2 }]);
        expect((await store.readStream(second)).map((e) => e.type)).to.deep.equal(['A', 'B']);
      });

      it('an atomic append with a conflict in its second stream writes nothing in the first', async function () {
        const [first, taken] = [uniqueStream(), uniqueStream()];
        await store.append(taken, [testEvent('A', {})]);
        const error = await expectRejection(atomic([
          { streamId: first, events: [testEvent('A', {})], expected: 'no_stream' },
          { streamId: taken, events: [testEvent('B', {})], expected: 'no_stream' },
        ]), WrongExpectedRevisionError);
        expect(error.streamId).to.equal(taken);
        expect(await store.readStream(first)).to.deep.equal([]);
        expect(await store.readStream(taken)).to.have.length(1);
        // Nothing half-written blocks a corrected retry of the same first stream.
        await store.append(first, [testEvent('A', {})], 'no_stream');
      });

      it('an atomic append touching a deleted stream writes nothing anywhere', async function () {
        const [first, gone] = [uniqueStream(), uniqueStream()];
        await store.append(gone, [testEvent('A', {})]);
        await store.tombstone(gone);
        await expectRejection(atomic([{ streamId: first, events: [testEvent('A', {})] }, { streamId: gone, events: [testEvent('B', {})] }]), StreamDeletedError);
        expect(await store.readStream(first)).to.deep.equal([]);
      });

      it('retrying an atomic append returns the same results and stores nothing new', async function () {
        const appends = [uniqueStream(), uniqueStream()].map((streamId) => ({ streamId, events: [testEvent('A', {}), testEvent('B', {})], expected: 'no_stream' as const }));
        const first = await atomic(appends);
        expect(await atomic(appends)).to.deep.equal(first);
        for (const { streamId } of appends) expect((await store.readStream(streamId)).map((e) => e.type)).to.deep.equal(['A', 'B']);
      });

      it('rejects an atomic append that names a stream twice or reuses an event id, without writing', async function () {
        const [a, b] = [uniqueStream(), uniqueStream()];
        const event = testEvent('A', {});
        await expectRejection(atomic([]), InvalidAppendError);
        await expectRejection(atomic([{ streamId: a, events: [testEvent('A', {})] }, { streamId: a, events: [testEvent('B', {})] }]), InvalidAppendError);
        await expectRejection(atomic([{ streamId: a, events: [event] }, { streamId: b, events: [event] }]), InvalidAppendError);
        expect(await store.readStream(a)).to.deep.equal([]);
        expect(await store.readStream(b)).to.deep.equal([]);
      });
    });

    describe('bad appends', function () {
      it('rejects an empty append, a non-UUID id and a missing principal without writing', async function () {
        const stream = uniqueStream();
        await expectRejection(store.append(stream, []), InvalidAppendError);
        await expectRejection(store.append(stream, [{ ...testEvent('A', {}), id: 'not-a-uuid' }]), InvalidAppendError);
        const noPrincipal = { ...testEvent('A', {}), metadata: { correlationId: 'c', causationId: 'c' } };
        await expectRejection(store.append(stream, [noPrincipal as never]), InvalidAppendError);
        expect(await store.readStream(stream)).to.deep.equal([]);
      });
    });

    describe('read all', function () {
      it('returns events after a position in global order, across streams', async function () {
        const start = await store.headPosition();
        const [s1, s2] = [uniqueStream(), uniqueStream()];
        await store.append(s1, [testEvent('A', { i: 1 })]);
        await store.append(s2, [testEvent('A', { i: 2 }), testEvent('A', { i: 3 })]);
        await store.append(s1, [testEvent('A', { i: 4 })]);
        const all = await store.readAll({ after: start, maxCount: 100 });
        expect(all.map((e) => (e.data as { i: number }).i)).to.deep.equal([1, 2, 3, 4]);
        for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).to.be.below(0);
        const rest = await store.readAll({ after: all[1]!.position, maxCount: 100 });
        expect(rest.map((e) => (e.data as { i: number }).i)).to.deep.equal([3, 4]);
        expect(await store.countAfter(start)).to.equal(4);
        expect(comparePositions(await store.headPosition(), all[3]!.position)).to.equal(0);
      });
    });

    describe('catch-up subscription to all', function () {
      it('delivers history, then live events, filtered by type, until stopped', async function () {
        const start = await store.headPosition();
        const stream = uniqueStream();
        await store.append(stream, [testEvent('Keep', { i: 1 }), testEvent('Skip', { i: 2 })]);
        const seen: RecordedEvent[] = [];
        const sub = store.subscribeToAll(async (events) => {
          seen.push(...events);
        }, { after: start, eventTypes: ['Keep'] });
        await eventually(() => seen.length === 1, 'history delivered');
        await store.append(stream, [testEvent('Keep', { i: 3 })]);
        await eventually(() => seen.length === 2, 'live event delivered');
        await sub.stop();
        await store.append(stream, [testEvent('Keep', { i: 4 })]);
        await new Promise((r) => setTimeout(r, 300));
        expect(seen.map((e) => (e.data as { i: number }).i)).to.deep.equal([1, 3]);
      });

      it('ends with the handler error when the handler throws', async function () {
        const start = await store.headPosition();
        await store.append(uniqueStream(), [testEvent('Boom', {})]);
        const sub = store.subscribeToAll(async () => {
          throw new Error('handler failed');
        }, { after: start });
        let failure: unknown;
        await sub.done.catch((e) => (failure = e));
        expect((failure as Error).message).to.equal('handler failed');
      });
    });

    describe('tombstone', function () {
      it('a deleted stream can be neither read nor appended to, and subscribers are told', async function () {
        const start = await store.headPosition();
        const stream = uniqueStream();
        await store.append(stream, [testEvent('A', {})]);
        await store.tombstone(stream);
        await expectRejection(store.readStream(stream), StreamDeletedError);
        await expectRejection(store.append(stream, [testEvent('B', {})]), StreamDeletedError);
        await expectRejection(store.append(stream, [testEvent('B', {})], 'no_stream'), StreamDeletedError);
        await expectRejection(store.tombstone(stream), StreamDeletedError);
        const all = await store.readAll({ after: start, maxCount: 100 });
        expect(all.filter((e) => e.streamId === stream).map((e) => e.type)).to.deep.equal(['A', STREAM_DELETED]);
      });

      it('a tombstone with a stale expected revision is a conflict and deletes nothing', async function () {
        const stream = uniqueStream();
        await store.append(stream, [testEvent('A', {}), testEvent('B', {})]);
        await expectRejection(store.tombstone(stream, 0), WrongExpectedRevisionError);
        expect(await store.readStream(stream)).to.have.length(2);
      });
    });
  });
  // A renamed case would otherwise silently start running (and failing) for the adapter that skips it.
  const unknown = (options.skip ?? []).filter((title) => !skipped.has(title));
  if (unknown.length > 0) throw new Error(`eventStoreContract(${name}): no case titled ${unknown.join(', ')}`);
}
