// Shared by the Kafka specs: a relay + bus pair on its own topic and group prefix (Kafka outlives the run's
// database, so every harness needs names of its own), and cleanup of what it left on the brokers.
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { KafkaBus } from '../../../infra/bus/kafka/kafka-bus';
import { KafkaRelay, KafkaRelayOptions } from '../../../infra/bus/kafka/kafka-relay';
import type { Database } from '../../../infra/db/database';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import { createLogger } from '../../../infra/logging/logger';
import { openTestPostgres } from '../../support/databases';

/** From KAFKA_BROKERS (`.ci/run` points it at the cluster started by .ci/kafka/cluster.sh). */
export const kafkaBrokers = process.env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean) ?? [];

/** Why the Kafka specs cannot run here, for the pending line. */
export function kafkaPendingReason(): string {
  return process.env.KAFKA_PENDING_REASON ?? 'KAFKA_BROKERS is not set, so there is no Kafka broker to test against';
}

// Short timers so joins, rebalances and stops take well under the tests' waits.
export const consumerConfig = { sessionTimeout: 6000, heartbeatInterval: 500, rebalanceTimeout: 10_000, maxWaitTimeInMs: 250 };

export interface KafkaHarness {
  prefix: string;
  bus: KafkaBus;
  store: PostgresEventStore;
  db: Database;
  relay: KafkaRelay;
  relayOptions: KafkaRelayOptions;
  close(): Promise<void>;
}

export interface KafkaHarnessOptions {
  /** The database to use (kept open on close); default: a pool on the run's database, closed on close. */
  db?: Database;
  relayBatchSize?: number;
  numPartitions?: number;
  replicationFactor?: number;
  /** Default true. */
  startRelay?: boolean;
}

let ready: Promise<void> | undefined;

/**
 * A freshly started cluster creates __consumer_offsets on the first group lookup and then loads its partitions
 * (the group coordinators) on each broker; groups joining meanwhile wait, and the first tests' 10 s waits ran out
 * in CI. So once per run: one group round trip per __consumer_offsets partition, and all of them in sync.
 */
export function kafkaReady(): Promise<void> {
  ready ??= warmUp().catch((error) => { ready = undefined; throw error; });
  return ready;
}

/** Java's String.hashCode, which the broker uses to pick a group's coordinator partition. */
function javaHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(31, hash) + text.charCodeAt(i)) | 0;
  return hash;
}

async function warmUp(): Promise<void> {
  const kafka = testKafka(`warmup-${randomUUID().slice(0, 8)}`);
  const topic = `warmup-${randomUUID().slice(0, 8)}`;
  const admin = kafka.admin();
  const producer = kafka.producer();
  await admin.connect();
  await producer.connect();
  try {
    await producer.send({ topic, acks: -1, messages: [{ value: 'warm-up' }] });
    const roundTrip = async (groupId: string) => {
      const consumer = kafka.consumer({ groupId, ...consumerConfig });
      try {
        await consumer.connect();
        await consumer.subscribe({ topics: [topic], fromBeginning: true });
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`kafka warm-up: group ${groupId} got nothing in 60 s`)), 60_000);
          void consumer.run({ eachMessage: async () => { clearTimeout(timer); resolve(); } }).catch(reject);
        });
      } finally {
        await consumer.disconnect();
      }
    };
    await roundTrip(`${topic}-first`); // creates __consumer_offsets
    const partitions = (await admin.fetchTopicMetadata({ topics: ['__consumer_offsets'] })).topics[0]!.partitions.length;
    const covered = new Set<number>();
    for (let i = 0; covered.size < partitions && i < 200; i++) {
      const groupId = `${topic}-${i}`;
      const hash = javaHash(groupId);
      const partition = (hash === -2147483648 ? 0 : Math.abs(hash)) % partitions; // Kafka's Utils.abs
      if (covered.has(partition)) continue;
      covered.add(partition);
      await roundTrip(groupId);
    }
    const deadline = Date.now() + 60_000;
    while (!(await admin.fetchTopicMetadata({ topics: ['__consumer_offsets'] })).topics[0]!.partitions.every((p) => p.isr.length === 3)) {
      if (Date.now() > deadline) throw new Error('kafka warm-up: __consumer_offsets not in sync after 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  }
}

export async function openKafkaHarness(options: KafkaHarnessOptions = {}): Promise<KafkaHarness> {
  await kafkaReady();
  const prefix = `test-${randomUUID().slice(0, 8)}`;
  const ownDb = options.db === undefined;
  const db = options.db ?? await openTestPostgres();
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  const relayOptions: KafkaRelayOptions = {
    brokers: kafkaBrokers, clientId: prefix, topicPrefix: prefix, db: db.knex, store,
    batchSize: options.relayBatchSize ?? 50, retryDelayMs: 200,
    numPartitions: options.numPartitions, replicationFactor: options.replicationFactor,
  };
  // KAFKA_TEST_LOG=warn (or debug) shows the relay's and the bus's kafkajs lines when a test needs explaining.
  const logger = process.env.KAFKA_TEST_LOG ? createLogger({ level: process.env.KAFKA_TEST_LOG }) : undefined;
  relayOptions.logger = logger;
  const bus = new KafkaBus({ brokers: kafkaBrokers, clientId: prefix, topicPrefix: prefix, db: db.knex, store, topicRefreshMs: 300, consumerConfig, logger, leaseMs: 2000, workPollMs: 50 });
  const harness: KafkaHarness = {
    prefix, bus, store, db, relayOptions,
    relay: new KafkaRelay(relayOptions),
    async close() {
      await bus.close();
      await harness.relay.stop();
      await deleteTopicsAndGroups(prefix);
      await store.close();
      if (ownDb) await db.close();
    },
  };
  if (options.startRelay ?? true) await harness.relay.start();
  return harness;
}

/** A kafkajs client for inspecting the cluster (metadata, configs, raw reads); quiet. */
export function testKafka(clientId: string): Kafka {
  return new Kafka({ clientId, brokers: kafkaBrokers, logLevel: logLevel.NOTHING });
}

/** Best effort: test topics and groups are garbage once the run's database is dropped. */
export async function deleteTopicsAndGroups(prefix: string): Promise<void> {
  const admin = testKafka(prefix).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${prefix}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics });
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((g) => g.startsWith(`${prefix}.`));
    if (groups.length > 0) await admin.deleteGroups(groups);
  } catch {
    // leftovers only cost broker disk
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}
