// The bus contract on Kafka, plus the relay's crash behaviour. Needs a broker: KAFKA_BROKERS=host:9092[,...].
// Every harness uses its own topic and group prefix, because Kafka outlives the run's fresh database.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { KafkaRelay } from '../../../infra/bus/kafka/kafka-relay';
import { comparePositions, Position } from '../../../infra/event-store/event-store';
import { eventually } from '../../support/databases';
import { testEvent, uniqueStream } from '../../support/events';
import { KafkaHarness, kafkaBrokers, kafkaPendingReason, openKafkaHarness } from './kafka-harness';
import { messageBusContract } from './message-bus.contract';
import { competingDeliveryContract } from './competing-delivery.contract';

if (kafkaBrokers.length === 0) {
  describe('MessageBus contract: Kafka', function () {
    it('needs a Kafka cluster (.ci/run starts one with .ci/kafka/cluster.sh)', function () {
      // .ci/run says why when it could not start the cluster (no Java, no Maven Central...).
      console.log(`      pending: ${kafkaPendingReason()}`);
      this.skip();
    });
  });
} else {
  messageBusContract('Kafka', () => openKafkaHarness());
  competingDeliveryContract('Kafka', () => openKafkaHarness());

  describe('KafkaRelay', function () {
    this.timeout(120_000);
    let harness: KafkaHarness;

    before(async function () {
      harness = await openKafkaHarness({ relayBatchSize: 4 }); // small batches, so a stop lands between batches
    });
    after(async function () {
      await harness?.close();
    });

    it('loses no event across a stop mid-way, appends while down, and a crash before the position was stored', async function () {
      const { store, bus } = harness;
      const type = `RelayTest${randomUUID().slice(0, 8)}`;
      const deliveries = new Map<string, number>();
      const consumer = await bus.consume({
        group: `relay-${randomUUID().slice(0, 8)}`,
        eventTypes: [type],
        handle: async (e) => { deliveries.set(e.id, (deliveries.get(e.id) ?? 0) + 1); },
      });
      const expected: string[] = [];
      let last: Position = await store.headPosition();
      const appendStreams = async (count: number) => {
        for (let i = 0; i < count; i++) {
          const events = [testEvent(type, { i }), testEvent(type, { i })];
          last = (await store.append(uniqueStream(i % 2 === 0 ? 'relaya' : 'relayb'), events)).position;
          expected.push(...events.map((e) => e.id));
        }
      };
      const published = () => harness.relay.publishedPosition();

      // Let the relay catch up with the shared log first, so "published past before" means our events.
      const before = await store.headPosition();
      await eventually(async () => comparePositions(await published(), before) >= 0, 'relay caught up', 60_000);

      await appendStreams(10);
      await eventually(async () => comparePositions(await published(), before) > 0, 'relay started on our events', 30_000);
      await harness.relay.stop();
      const seenBeforeRestart = [...deliveries.keys()];

      await appendStreams(10); // written while no relay runs
      // A crash after Kafka acknowledged but before the position was stored: the stored position is behind.
      await harness.db.knex('kafka_relay_positions').where({ relay: harness.relayOptions.topicPrefix })
        .update({ commit_position: before.commit, prepare_position: before.prepare });

      harness.relay = new KafkaRelay(harness.relayOptions);
      await harness.relay.start();
      try {
        await eventually(() => expected.every((id) => deliveries.has(id)), 'every event delivered', 60_000);
        await eventually(async () => comparePositions(await published(), last) >= 0, 'position stored after the last event', 30_000);
        // What was published before the "crash" was published again: at least once, never lost.
        for (const id of seenBeforeRestart) {
          await eventually(() => (deliveries.get(id) ?? 0) >= 2, `event ${id} republished`, 30_000);
        }
      } finally {
        await consumer.stop();
      }
      expect(expected).to.have.length(40);
      expect(expected.filter((id) => !deliveries.has(id))).to.deep.equal([]);
    });
  });
}
