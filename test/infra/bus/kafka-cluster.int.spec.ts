// What Kafka users get bitten by, against the real three-node cluster (.ci/kafka/cluster.sh): redelivery with
// processOnce, rebalances mid-flight, a relay SIGKILLed, topic replication, and a broker SIGKILLed mid-stream.
// Needs KAFKA_BROKERS; the broker-kill test also needs KAFKA_CLUSTER_CTL (the cluster script) to kill and restart.
// A scratch database of its own keeps the relays here from republishing the whole suite's log.
import { execFile, fork } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Admin } from 'kafkajs';
import { processOnce } from '../../../infra/bus/processed-events';
import type { Consumer, HandlerContext } from '../../../infra/bus/message-bus';
import { comparePositions, Position, RecordedEvent } from '../../../infra/event-store/event-store';
import { eventually, sleep } from '../../support/databases';
import { testEvent, uniqueStream } from '../../support/events';
import { openScratchPostgres, ScratchDatabase } from '../../support/scratch-postgres';
import { KafkaHarness, KafkaHarnessOptions, kafkaBrokers, kafkaPendingReason, openKafkaHarness, testKafka } from './kafka-harness';

const run = promisify(execFile);
const clusterCtl = process.env.KAFKA_CLUSTER_CTL;

interface Effect { eventId: string; streamId: string; n: number; handler: string }

if (kafkaBrokers.length === 0) {
  describe('Kafka cluster behaviour', function () {
    it('needs a Kafka cluster (.ci/run starts one with .ci/kafka/cluster.sh)', function () {
      console.log(`      pending: ${kafkaPendingReason()}`);
      this.skip();
    });
  });
} else {
  describe('Kafka cluster behaviour', function () {
    this.timeout(120_000);
    let scratch: ScratchDatabase;
    const harnesses: KafkaHarness[] = [];

    before(async function () {
      scratch = await openScratchPostgres('kafka_cluster');
      await scratch.db.knex.schema.createTable('kafka_test_effects', (t) => {
        t.bigIncrements('id');
        t.text('processor').notNullable();
        t.uuid('event_id').notNullable();
        t.text('stream_id').notNullable();
        t.integer('n').notNullable();
        t.text('handler').notNullable();
      });
    });
    afterEach(async function () {
      for (const harness of harnesses.splice(0)) await harness.close(); // no relay left running into the next test
    });
    after(async function () {
      await scratch?.drop();
    });

    const open = async (options: KafkaHarnessOptions = {}) => {
      const harness = await openKafkaHarness({ db: scratch.db, ...options });
      harnesses.push(harness);
      return harness;
    };

    /** A processor's handler: the effect is written through processOnce, deliveries are counted apart. */
    const effectHandler = (processor: string, handler: string, deliveries: string[], options: { delayMs?: number; failAfterEffect?: Set<string> } = {}) =>
      async (event: RecordedEvent, _context: HandlerContext) => {
        deliveries.push(event.id);
        if (options.delayMs) await sleep(options.delayMs);
        await processOnce(scratch.db.knex, processor, event.id, (trx) => trx('kafka_test_effects').insert({
          processor, event_id: event.id, stream_id: event.streamId, n: (event.data as { n: number }).n, handler,
        }));
        // A crash after the effect's commit and before the offset commit: the bus redelivers.
        if (options.failAfterEffect?.delete(event.id)) throw new Error('crashed after the effect, before the offset commit');
      };

    const effects = async (processor: string): Promise<Effect[]> =>
      (await scratch.db.knex('kafka_test_effects').where({ processor }).orderBy('id'))
        .map((r) => ({ eventId: r.event_id, streamId: r.stream_id, n: r.n, handler: r.handler }));

    /** Appends `perStream` events to each of `streams` streams, one append per event; returns their ids in order. */
    /** Appends event number `round` to each stream, one append each; returns their ids and positions in log order. */
    const appendRound = async (harness: KafkaHarness, type: string, streams: string[], round: number) => {
      const appended: { id: string; position: Position }[] = [];
      for (const stream of streams) {
        const event = testEvent(type, { n: round });
        appended.push({ id: event.id, position: (await harness.store.append(stream, [event])).position });
      }
      return { ids: appended.map((a) => a.id), appended, last: appended[appended.length - 1]!.position };
    };

    const expectEachEffectOnce = (all: Effect[], expected: string[]) => {
      const counts = new Map<string, number>();
      for (const e of all) counts.set(e.eventId, (counts.get(e.eventId) ?? 0) + 1);
      expect(expected.filter((id) => !counts.has(id)), 'events with no effect').to.deep.equal([]);
      expect([...counts].filter(([, c]) => c > 1), 'events with more than one effect').to.deep.equal([]);
      expect(all).to.have.length(expected.length);
    };

    /** Within a stream, effects happen in the stream's order. */
    const expectStreamOrder = (all: Effect[]) => {
      const byStream = new Map<string, number[]>();
      for (const e of all) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.n]);
      for (const [stream, ns] of byStream) expect(ns, `order in ${stream}`).to.deep.equal([...ns].sort((a, b) => a - b));
    };

    it('redelivers at least once, and processOnce keeps every effect exactly once', async function () {
      const harness = await open({ relayBatchSize: 10 });
      const type = `AtLeastOnce${randomUUID().slice(0, 8)}`;
      const processor = `p-${randomUUID().slice(0, 8)}`;
      const deliveries: string[] = [];
      const streams = Array.from({ length: 10 }, () => uniqueStream('once'));
      const ids: string[] = [];
      for (let round = 0; round < 3; round++) ids.push(...(await appendRound(harness, type, streams, round)).ids);
      const failAfterEffect = new Set(ids.filter((_, i) => i % 5 === 0));
      const consumer = await harness.bus.consume({
        group: `g-${processor}`, eventTypes: [type], initialBackoffMs: 10,
        handle: effectHandler(processor, 'only', deliveries, { failAfterEffect }),
      });
      try {
        await eventually(async () => (await effects(processor)).length >= ids.length && failAfterEffect.size === 0, 'every event handled', 60_000);
        // The relay crashes after Kafka acknowledged but before it stored its position: all of it is published again.
        await harness.relay.stop();
        await harness.db.knex('kafka_relay_positions').where({ relay: harness.prefix }).update({ commit_position: 0, prepare_position: 0 });
        await harness.relay.start();
        await eventually(() => ids.every((id) => deliveries.filter((d) => d === id).length >= 2), 'every event delivered again', 60_000);
      } finally {
        await consumer.stop();
      }
      // 30 first deliveries + 6 retries after the failures + 30 republished = 66 deliveries at least.
      expect(deliveries.length).to.be.at.least(66);
      expectEachEffectOnce(await effects(processor), ids);
    });

    it('a consumer joining and one leaving while messages are in flight lose nothing and duplicate no effect', async function () {
      const harness = await open({ numPartitions: 4, relayBatchSize: 20 });
      const type = `Rebalance${randomUUID().slice(0, 8)}`;
      const processor = `p-${randomUUID().slice(0, 8)}`;
      const group = `g-${processor}`;
      const deliveries: string[] = [];
      // 10 ms an event, so a member is always mid-batch when the group changes under it.
      const join = (name: string) => harness.bus.consume({ group, eventTypes: [type], handle: effectHandler(processor, name, deliveries, { delayMs: 10 }) });
      const handledBy = async (name: string) => (await effects(processor)).filter((e) => e.handler === name).length;
      const streams = Array.from({ length: 24 }, () => uniqueStream('rebalance'));
      const ids: string[] = [];
      const consumers: Consumer[] = [];
      const unhandledAt: Record<string, number> = {};
      try {
        consumers.push(await join('a'));
        ids.push(...(await appendRound(harness, type, streams, 0)).ids);
        // a subscribes once the relay has created the topic; then the rest arrives in relay batches of 20.
        await eventually(async () => (await handledBy('a')) > 0, 'a consuming', 60_000);
        for (let round = 1; round < 10; round++) ids.push(...(await appendRound(harness, type, streams, round)).ids);
        await eventually(async () => (await effects(processor)).length >= 40, 'a well into the stream', 60_000);
        unhandledAt.bJoins = ids.length - (await effects(processor)).length;
        consumers.push(await join('b')); // partitions move from a to b while a is mid-batch
        await eventually(async () => (await handledBy('b')) >= 10, 'b consuming', 60_000);
        unhandledAt.aLeaves = ids.length - (await effects(processor)).length;
        await consumers.shift()!.stop(); // a leaves mid-batch: what it did not handle must go to b
        consumers.push(await join('c'));
        await eventually(async () => (await effects(processor)).length >= ids.length, 'every event handled', 90_000)
          .catch(async (error) => { throw new Error(`${error.message}: ${(await effects(processor)).length} of ${ids.length}`); });
        await sleep(500); // anything redelivered late would show up as a second effect
      } finally {
        await Promise.all(consumers.map((c) => c.stop()));
      }
      const all = await effects(processor);
      console.log(`      ${ids.length} events, ${deliveries.length} deliveries, unhandled when b joined ${unhandledAt.bJoins}, when a left ${unhandledAt.aLeaves}; effects by a/b/c: `
        + ['a', 'b', 'c'].map((h) => all.filter((e) => e.handler === h).length).join('/'));
      expectEachEffectOnce(all, ids);
      expectStreamOrder(all);
      // The work really moved: a member that joined handled some, and so did the one that left.
      expect(all.some((e) => e.handler === 'a')).to.equal(true);
      expect(all.some((e) => e.handler === 'b' || e.handler === 'c')).to.equal(true);
    });

    it('a relay killed with SIGKILL resumes from its stored position: no gap, republishing at most the unstored batch', async function () {
      const harness = await open({ startRelay: false });
      const type = `RelayKill${randomUUID().slice(0, 8)}`;
      const batchSize = 5;
      const streams = Array.from({ length: 10 }, () => uniqueStream('relaykill'));
      const appended: { id: string; position: Position }[] = [];
      for (let round = 0; round < 30; round++) appended.push(...(await appendRound(harness, type, streams, round)).appended);
      expect(appended).to.have.length(300);
      const killAfter = appended[100]!.position;
      const last = appended[appended.length - 1]!.position;

      const child = path.resolve(__dirname, '../../support/kafka-relay-child.js');
      const proc = fork(child, [harness.prefix, String(batchSize), '25'], { env: { ...process.env, TEST_DATABASE_URL: scratch.url }, stdio: 'ignore' });
      const exited = new Promise((resolve) => proc.once('exit', resolve));
            try {
        await eventually(async () => comparePositions(await harness.relay.publishedPosition(), killAfter) >= 0, 'child relay published a third', 60_000);
      } finally {
        proc.kill('SIGKILL');
        await exited;
      }
      const storedAtKill = await harness.relay.publishedPosition();
      expect(comparePositions(storedAtKill, last), 'killed mid-stream').to.be.lessThan(0);

      await harness.relay.start(); // a new relay, in this process
      const copies = new Map<string, number>();
      const consumer = await harness.bus.consume({
        group: `g-${randomUUID().slice(0, 8)}`, eventTypes: [type],
        handle: async (e) => { copies.set(e.id, (copies.get(e.id) ?? 0) + 1); },
      });
      try {
        await eventually(() => appended.every((e) => copies.has(e.id)), 'every event in Kafka', 60_000);
        await eventually(async () => comparePositions(await harness.relay.publishedPosition(), last) >= 0, 'position stored at the end', 30_000);
        await sleep(500);
      } finally {
        await consumer.stop();
      }
      const stored = appended.filter((e) => comparePositions(e.position, storedAtKill) <= 0);
      const republished = appended.filter((e) => (copies.get(e.id) ?? 0) > 1);
      console.log(`      killed with ${stored.length} of ${appended.length} stored as published; ${republished.length} published twice`);
      // Everything up to the stored position was published once; only the batch in flight at the kill may be twice.
      expect(stored.filter((e) => copies.get(e.id) !== 1)).to.deep.equal([]);
      expect(republished.length).to.be.at.most(batchSize);
      expect(appended.filter((e) => (copies.get(e.id) ?? 0) > 2)).to.deep.equal([]);
    });

    it('a group that has read all of Kafka still counts the events the relay has not published as lag (it said 0)', async function () {
      const harness = await open();
      const type = `Lag${randomUUID().slice(0, 8)}`;
      const group = `g-${randomUUID().slice(0, 8)}`;
      const lag = async () => (await harness.bus.status()).find((g) => g.group === group)?.lag;
      const consumer = await harness.bus.consume({ group, eventTypes: [type], handle: async () => undefined });
      try {
        await harness.store.append(uniqueStream('lag'), [testEvent(type, { n: 1 })]);
        await eventually(async () => (await lag()) === 0, 'caught up', 30_000);
        await harness.relay.stop(); // the log moves on, Kafka does not
        await harness.store.append(uniqueStream('lag'), [testEvent(type, { n: 2 }), testEvent(type, { n: 3 })]);
        // Polled: a moment of "lag unknown" (null) while a leader moves is allowed; a 0 here never turns into 2.
        await eventually(async () => (await lag()) === 2, 'the two unpublished events counted', 10_000)
          .catch(async (error) => { throw new Error(`${error.message}: lag ${await lag()}`); });
        await harness.relay.start();
        await eventually(async () => (await lag()) === 0, 'caught up again once relayed', 30_000);
      } finally {
        await consumer.stop();
      }
    });

    describe('topics', function () {
      let admin: Admin;
      before(async function () {
        admin = testKafka(`topics-${randomUUID().slice(0, 8)}`).admin();
        await admin.connect();
      });
      after(async function () {
        await admin?.disconnect();
      });

      const replicas = async (topic: string) => (await admin.fetchTopicMetadata({ topics: [topic] })).topics[0]!.partitions
        .map((p) => ({ replicas: p.replicas.length, isr: p.isr.length }));
      const topicConfig = async (topic: string, names: string[]) => {
        const { resources } = await admin.describeConfigs({ includeSynonyms: false, resources: [{ type: 2 /* TOPIC */, name: topic, configNames: names }] });
        return Object.fromEntries(resources[0]!.configEntries.map((c) => [c.configName, c.configValue]));
      };

      it('the relay creates its topics with the configured partitions and replication, min.insync.replicas 2, kept forever', async function () {
        const byDefault = await open({ numPartitions: 2 });
        const two = await open({ replicationFactor: 2 });
        await byDefault.store.append(uniqueStream('topics'), [testEvent('TopicTest', { n: 1 })]);
        await eventually(async () => (await byDefault.bus.busTopics()).includes(`${byDefault.prefix}.topics`)
          && (await two.bus.busTopics()).includes(`${two.prefix}.topics`), 'both relays created their topic', 30_000);
        expect(await replicas(`${byDefault.prefix}.topics`)).to.deep.equal([{ replicas: 3, isr: 3 }, { replicas: 3, isr: 3 }]);
        expect(await replicas(`${two.prefix}.topics`)).to.deep.equal([{ replicas: 2, isr: 2 }]);
        expect(await topicConfig(`${byDefault.prefix}.topics`, ['min.insync.replicas', 'retention.ms']))
          .to.deep.equal({ 'min.insync.replicas': '2', 'retention.ms': '-1' });
      });

      it('a topic auto-created by a producer gets the broker defaults: 3 replicas, one partition', async function () {
        const topic = `test-${randomUUID().slice(0, 8)}.auto`;
        const kafka = testKafka(topic);
        const producer = kafka.producer({ allowAutoTopicCreation: true });
        await producer.connect();
        try {
          await producer.send({ topic, acks: -1, messages: [{ value: 'x' }] });
        } finally {
          await producer.disconnect();
        }
        try {
          expect(await replicas(topic)).to.deep.equal([{ replicas: 3, isr: 3 }]);
        } finally {
          await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
        }
      });
    });

    it('one broker SIGKILLed mid-stream: relay and consumers carry on with two, nothing acknowledged is lost, and it rejoins', async function () {
      this.timeout(240_000);
      if (!clusterCtl) {
        console.log('      skipped: KAFKA_CLUSTER_CTL is not set, so this run cannot kill and restart a broker');
        this.skip();
      }
      const harness = await open({ numPartitions: 3, relayBatchSize: 10 });
      const type = `BrokerKill${randomUUID().slice(0, 8)}`;
      const processor = `p-${randomUUID().slice(0, 8)}`;
      const deliveries: string[] = [];
      const streams = Array.from({ length: 12 }, () => uniqueStream('brokerkill'));
      const topic = `${harness.prefix}.brokerkill`;
      const admin = testKafka(`admin-${processor}`).admin();
      await admin.connect();
      const ids: string[] = [];
      let last: Position | undefined;
      let killed: number | undefined;
      let killedAt = 0;
      const phases: string[] = [];
      const phase = (name: string) => phases.push(`${name} ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
      const consumer = await harness.bus.consume({ group: `g-${processor}`, eventTypes: [type], handle: effectHandler(processor, 'only', deliveries) });
      try {
        for (let round = 0; round < 12; round++) {
          const appended = await appendRound(harness, type, streams, round);
          ids.push(...appended.ids);
          last = appended.last;
          if (round === 3) {
            await eventually(async () => (await effects(processor)).length > 0, 'first effects before the kill', 60_000);
            // Kill the leader of partition 0 of the relay's topic: its producers and fetchers must move.
            const meta = await admin.fetchTopicMetadata({ topics: [topic] });
            killed = meta.topics[0]!.partitions.find((p) => p.partitionId === 0)!.leader;
            await run(clusterCtl!, ['kill-node', String(killed)]);
            killedAt = Date.now();
          }
          await sleep(100);
        }
        // With the broker still dead: the relay publishes everything...
        await eventually(async () => comparePositions(await harness.relay.publishedPosition(), last!) >= 0, 'relay published all with two brokers', 60_000);
        phase('published');
        // ...nothing acknowledged is lost: a new group reading the topic from the start finds every event...
        const reread = new Set<string>();
        const reader = await harness.bus.consume({ group: `reread-${processor}`, eventTypes: [type], handle: async (e) => { reread.add(e.id); } });
        try {
          await eventually(() => ids.every((id) => reread.has(id)), 'every acknowledged event read back', 60_000)
            .catch(async (error) => {
              const inTopic = (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
              throw new Error(`${error.message}: ${ids.filter((id) => !reread.has(id)).length} of ${ids.length} not read back; ${inTopic} messages in the topic`);
            });
        } finally {
          await reader.stop();
        }
        phase('read back');
        // ...and the group that was consuming when the broker died handles every event, each effect once.
        await eventually(async () => (await effects(processor)).length >= ids.length, 'every event handled with two brokers', 60_000)
          .catch(async (error) => {
            const status = (await harness.bus.status()).find((g) => g.group === `g-${processor}`);
            throw new Error(`${error.message}: ${(await effects(processor)).length} of ${ids.length}; group status ${JSON.stringify(status)}`);
          });
        expectEachEffectOnce(await effects(processor), ids);
        phase('handled');

        // The killed broker restarts and catches up: back in every partition's in-sync replicas.
        await run(clusterCtl!, ['start-node', String(killed)], { timeout: 90_000 });
        const restarted = killed;
        killed = undefined;
        await eventually(async () => (await admin.fetchTopicMetadata({ topics: [topic] })).topics[0]!.partitions
          .every((p) => p.isr.includes(restarted!)), `broker ${restarted} back in sync`, 60_000);
        // Group coordinators live on __consumer_offsets: wait for it too, so later groups join a whole cluster.
        await eventually(async () => (await admin.fetchTopicMetadata({ topics: ['__consumer_offsets'] })).topics[0]!.partitions
          .every((p) => p.isr.length === 3), 'group coordinators back in sync', 60_000);
        phase('rejoined');
        console.log(`      killed broker ${restarted}; after the kill: ${phases.join(', ')}`);
      } finally {
        await consumer.stop();
        await admin.disconnect();
        if (killed !== undefined) await run(clusterCtl!, ['start-node', String(killed)], { timeout: 90_000 }).catch(() => undefined);
      }
    });
  });
}
