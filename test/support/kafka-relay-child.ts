// A Kafka relay in its own process, so a test can SIGKILL it mid-stream.
// env: TEST_DATABASE_URL, KAFKA_BROKERS. argv: <topic prefix> <batch size> <delay before each batch ms>
// The delay only slows the relay down so that a kill lands between the first and the last batch.
import { KafkaRelay } from '../../infra/bus/kafka/kafka-relay';
import { openDatabase } from '../../infra/db/database';
import type { EventStore } from '../../infra/event-store/event-store';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';

async function main(): Promise<void> {
  const [prefix = 'test', batchSize = '5', delayMs = '20'] = process.argv.slice(2);
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
  const db = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolMax: 3 });
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  const slowStore: EventStore = Object.assign(Object.create(store) as EventStore, {
    subscribeToAll: ((handler, options) => store.subscribeToAll(async (events, last) => {
      await new Promise((resolve) => setTimeout(resolve, Number(delayMs)));
      await handler(events, last);
    }, options)) satisfies EventStore['subscribeToAll'],
  });
  const relay = new KafkaRelay({
    brokers, clientId: `${prefix}-child`, topicPrefix: prefix, db: db.knex, store: slowStore, batchSize: Number(batchSize),
  });
  await relay.start();
  process.send?.('started');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
