// Competing consumer groups (issue 23 item 4), the same cases on every bus: each event is leased to one
// instance, any idle instance takes the next, a lapsed lease is handed out again, a lost lease stops its
// holder, and retries and dead letters behave as on an ordered group.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { HandlerContext } from '../../../infra/bus/message-bus';
import type { RecordedEvent } from '../../../infra/event-store/event-store';
import { claimWork, completeWork, enqueueWork } from '../../../infra/bus/work-queue';
import { eventually, sleep } from '../../support/databases';
import { testEvent, uniqueStream } from '../../support/events';
import type { BusHarness } from './message-bus.contract';

export function competingDeliveryContract(name: string, open: () => Promise<BusHarness>): void {
  describe(`Competing delivery: ${name}`, function () {
    this.timeout(60_000);
    let harness: BusHarness;
    let type: string;
    let group: string;

    before(async function () {
      harness = await open();
    });
    beforeEach(function () {
      type = `Work${randomUUID().slice(0, 8)}`;
      group = `work-${randomUUID().slice(0, 8)}`;
    });
    after(async function () {
      await harness?.close();
    });

    const append = (...ns: number[]) => Promise.all(ns.map((n) => harness.store.append(uniqueStream('work'), [testEvent(type, { n })])));
    const n = (event: RecordedEvent) => (event.data as { n: number }).n;
    /** An event in the log that the group's feed skips (another type), to put in its queue by hand. */
    const unfedEvent = async (): Promise<RecordedEvent> => {
      const stream = uniqueStream('work');
      await harness.store.append(stream, [testEvent(`${type}Unfed`, { n: 0 })]);
      return (await harness.store.readStream(stream))[0]!;
    };

    it('two instances of a group both take events; each event is handled once', async function () {
      const handledBy = new Map<number, string[]>();
      const active = { a: 0, b: 0 };
      let mostAtOnce = 0;
      const instance = (who: 'a' | 'b') => harness.bus.consume({
        group, eventTypes: [type], delivery: 'competing', concurrency: 1,
        handle: async (event) => {
          active[who] += 1;
          mostAtOnce = Math.max(mostAtOnce, active[who]);
          handledBy.set(n(event), [...(handledBy.get(n(event)) ?? []), who]);
          await sleep(150); // long enough that the other instance's claim comes while this one is busy
          active[who] -= 1;
        },
      });
      const [a, b] = await Promise.all([instance('a'), instance('b')]);
      try {
        await append(1, 2, 3, 4, 5, 6, 7, 8);
        await eventually(() => handledBy.size === 8, 'all eight handled', 30_000);
        await sleep(300); // a second delivery would show up here
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
      expect([...handledBy.values()].filter((who) => who.length !== 1)).to.deep.equal([]);
      const counts = [...handledBy.values()].flat().reduce((acc, who) => ({ ...acc, [who]: (acc[who] ?? 0) + 1 }), {} as Record<string, number>);
      expect(counts.a, JSON.stringify(counts)).to.be.at.least(1);
      expect(counts.b, JSON.stringify(counts)).to.be.at.least(1);
      expect(mostAtOnce).to.equal(1);
    });

    it('one instance handles up to its concurrency at once, and no more', async function () {
      let active = 0;
      let mostAtOnce = 0;
      const handled: number[] = [];
      const consumer = await harness.bus.consume({
        group, eventTypes: [type], delivery: 'competing', concurrency: 3,
        handle: async (event) => {
          active += 1;
          mostAtOnce = Math.max(mostAtOnce, active);
          // Held until three run together (or 5 s pass): a consumer taking one at a time shows 1 here.
          const until = Date.now() + 5000;
          while (mostAtOnce < 3 && Date.now() < until) await sleep(10);
          handled.push(n(event));
          active -= 1;
        },
      });
      try {
        await append(1, 2, 3, 4, 5, 6);
        await eventually(() => handled.length === 6, 'all six handled', 30_000);
      } finally {
        await consumer.stop();
      }
      expect(mostAtOnce).to.equal(3);
      expect([...handled].sort()).to.deep.equal([1, 2, 3, 4, 5, 6]);
    });

    it('hands an event whose holder stopped renewing its lease to another instance once the lease lapses', async function () {
      const event = await unfedEvent();
      await enqueueWork(harness.db.knex, group, [event]);
      const claimedAt = Date.now(); // before the claim: the lease runs until at least 500 ms after this
      const dead = await claimWork(harness.db.knex, group, 'worker-that-died', 500);
      expect(dead?.event.id).to.equal(event.id);
      const deliveries: { at: number; context: HandlerContext }[] = [];
      const consumer = await harness.bus.consume({
        group, eventTypes: [type], delivery: 'competing',
        handle: async (_e, context) => { deliveries.push({ at: Date.now(), context }); },
      });
      try {
        await eventually(() => deliveries.length === 1, 'the lapsed event handed out again', 30_000);
        await sleep(300);
      } finally {
        await consumer.stop();
      }
      expect(deliveries).to.have.length(1);
      expect(deliveries[0]!.at - claimedAt, 'not handed out while the lease held').to.be.at.least(490);
      expect(await completeWork(harness.db.knex, dead!.id, 'worker-that-died'), 'the dead holder can no longer complete it').to.equal(false);
      expect(await harness.db.knex('bus_work_items').where({ consumer_group: group })).to.deep.equal([]);
    });

    it('aborts a delivery whose lease another instance took, and leaves the event to that instance', async function () {
      const event = await unfedEvent();
      await enqueueWork(harness.db.knex, group, [event]);
      let signal: AbortSignal | undefined;
      const consumer = await harness.bus.consume({
        group, eventTypes: [type], delivery: 'competing',
        handle: async (_e, context) => {
          signal = context.signal;
          const until = Date.now() + 15_000;
          while (!context.signal?.aborted && Date.now() < until) await sleep(10);
        },
      });
      try {
        await eventually(() => signal !== undefined, 'delivered', 30_000);
        await harness.db.knex('bus_work_items').where({ consumer_group: group }).update({ lease_owner: 'another-instance' });
        await eventually(() => signal!.aborted, 'the holder told its lease was lost', 15_000);
      } finally {
        await consumer.stop();
      }
      expect((signal!.reason as Error).name).to.equal('DeliveryLeaseLost');
      const [row] = await harness.db.knex('bus_work_items').where({ consumer_group: group });
      expect(row, 'still queued for its new holder').to.include({ lease_owner: 'another-instance' });
      expect(await harness.bus.deadLetters({ group })).to.deep.equal([]);
      await harness.db.knex('bus_work_items').where({ consumer_group: group }).delete();
    });

    it('parks an event whose lease lapsed maxDeliveries times instead of handing it out again', async function () {
      const event = await unfedEvent();
      await enqueueWork(harness.db.knex, group, [event]);
      await harness.db.knex('bus_work_items').where({ consumer_group: group }).update({ deliveries: 3 }); // three holders died
      const handled: string[] = [];
      const consumer = await harness.bus.consume({
        group, eventTypes: [type], delivery: 'competing', maxDeliveries: 3,
        handle: async (e) => { handled.push(e.id); },
      });
      try {
        await eventually(async () => (await harness.bus.deadLetters({ group })).length === 1, 'parked', 30_000);
      } finally {
        await consumer.stop();
      }
      expect(handled).to.deep.equal([]);
      const [letter] = await harness.bus.deadLetters({ group });
      expect(letter).to.include({ eventId: event.id, attempts: 3 });
      expect(letter!.lastError).to.contain('lease lapsed 3 times');
    });

    it('retries with backoff, parks an event that keeps failing, carries on, and reports no lag when done', async function () {
      const handled: number[] = [];
      const attempts: number[] = [];
      const consumer = await harness.bus.consume({
        group, eventTypes: [type], delivery: 'competing', maxAttempts: 2, initialBackoffMs: 5,
        handle: async (event, context) => {
          if (n(event) === 1) {
            attempts.push(context.attempt);
            throw new Error('poison');
          }
          handled.push(n(event));
        },
      });
      try {
        await append(1, 2);
        await eventually(async () => handled.length === 1 && (await harness.bus.deadLetters({ group })).length === 1, 'one handled, one parked', 30_000);
        await eventually(async () => (await harness.bus.status()).find((s) => s.group === group)?.lag === 0, 'no lag', 30_000);
      } finally {
        await consumer.stop();
      }
      expect(attempts).to.deep.equal([1, 2]);
      const [letter] = await harness.bus.deadLetters({ group });
      expect(letter).to.include({ attempts: 2 });
      const redelivered: number[] = [];
      await harness.bus.redeliver(letter!.id, async (e) => { redelivered.push(n(e)); });
      expect(redelivered).to.deep.equal([1]);
    });
  });
}
