// Message bus benchmark: the embedded bus against Kafka (relay + a three-broker cluster), on the same machine
// and the same PostgreSQL, doing the same work: events appended to the log reach a consumer group whose
// handler writes its effect through processOnce (as the processors do).
//   1. throughput: BENCH_EVENTS events appended in batches of 50 over 100 streams while one consumer handles
//      them; events/s from the first append to the last effect;
//   2. latency: BENCH_LATENCY_EVENTS single events, one at a time, append-to-effect; p50/p99 (nearest rank);
//   3. Kafka's cluster start-up: when KAFKA_BROKERS is unset the bench starts .ci/kafka/cluster.sh itself
//      (as .ci/run does) and times `start` (jars already in ~/.m2 after the first run), then stops it.
// BENCH_SMOKE=1: 300 events, 20 latency samples. Final line: `bus: key=value ...`.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedBus } from '../infra/bus/embedded-bus';
import { KafkaBus } from '../infra/bus/kafka/kafka-bus';
import { KafkaRelay } from '../infra/bus/kafka/kafka-relay';
import type { MessageBus } from '../infra/bus/message-bus';
import { processOnce } from '../infra/bus/processed-events';
import { Database, openDatabase } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import { PostgresEventStore } from '../infra/event-store/postgres-event-store';
import { withScratchDatabase } from './scratch-database';

const run = promisify(execFile);
const smoke = process.env.BENCH_SMOKE === '1';
const EVENTS = Number(process.env.BENCH_EVENTS ?? (smoke ? 300 : 5000));
const LATENCY_EVENTS = Number(process.env.BENCH_LATENCY_EVENTS ?? (smoke ? 20 : 200));
const CLUSTER = path.resolve(__dirname, '..', '..', '.ci', 'kafka', 'cluster.sh');

const meta = () => ({ correlationId: randomUUID(), causationId: randomUUID(), principal: { kind: 'system' as const, id: 'bench-bus' } });

interface Figures { eventsPerS: number; p50Ms: number; p99Ms: number }

/** Nearest-rank percentile (the smallest value with at least p% of the samples at or below it). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function until(predicate: () => boolean, what: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`bench timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Runs both measurements on one bus; the handler notes when each event's effect was committed. */
async function measure(name: string, db: Database, store: PostgresEventStore, bus: MessageBus): Promise<Figures> {
  const type = `BenchBus${randomUUID().slice(0, 8)}`;
  const done = new Map<string, number>();
  const consumer = await bus.consume({
    group: `bench-${name}-${randomUUID().slice(0, 8)}`, eventTypes: [type],
    handle: async (event) => {
      await processOnce(db.knex, `bench-${name}`, event.id, async () => undefined);
      done.set(event.id, performance.now());
    },
  });
  try {
    // Warm-up: one event through the whole path (Kafka: topic created, group joined).
    const warm = randomUUID();
    await store.append(`bench-${randomUUID()}`, [{ id: warm, type, data: {}, metadata: meta() }]);
    await until(() => done.has(warm), `${name} warm-up`, 120_000);

    const streams = Array.from({ length: 100 }, () => `bench-${randomUUID()}`);
    const ids: string[] = [];
    const started = performance.now();
    for (let i = 0; i < EVENTS; i += 50) {
      const batch = Array.from({ length: Math.min(50, EVENTS - i) }, (_, j) => ({ id: randomUUID(), type, data: { n: i + j }, metadata: meta() }));
      await store.append(streams[(i / 50) % streams.length]!, batch);
      ids.push(...batch.map((e) => e.id));
    }
    await until(() => ids.every((id) => done.has(id)), `${name} throughput`);
    const eventsPerS = EVENTS / ((Math.max(...ids.map((id) => done.get(id)!)) - started) / 1000);

    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const id = randomUUID();
      const at = performance.now();
      await store.append(streams[i % streams.length]!, [{ id, type, data: { n: i }, metadata: meta() }]);
      await until(() => done.has(id), `${name} latency`, 60_000);
      latencies.push(done.get(id)! - at);
    }
    const figures = { eventsPerS, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
    console.log(`${name}: ${EVENTS} events at ${figures.eventsPerS.toFixed(0)} events/s; latency over ${LATENCY_EVENTS}: `
      + `p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms`);
    return figures;
  } finally {
    await consumer.stop();
  }
}

async function withDatabase<T>(url: string, work: (db: Database, store: PostgresEventStore) => Promise<T>): Promise<T> {
  const db = await openDatabase({ url, poolMax: 10 });
  await migrateToLatest(db.knex);
  const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  try {
    return await work(db, store);
  } finally {
    await store.close();
    await db.close();
  }
}

async function embedded(url: string): Promise<Figures> {
  return withDatabase(url, async (db, store) => {
    const bus = new EmbeddedBus(db.knex, store, { pollIntervalMs: 20 });
    try {
      return await measure('embedded', db, store, bus);
    } finally {
      await bus.close();
    }
  });
}

async function kafka(url: string, brokers: string[]): Promise<Figures> {
  return withDatabase(url, async (db, store) => {
    const prefix = `bench-${randomUUID().slice(0, 8)}`;
    const relay = new KafkaRelay({ brokers, clientId: prefix, topicPrefix: prefix, db: db.knex, store, batchSize: 200 });
    const bus = new KafkaBus({
      brokers, clientId: prefix, topicPrefix: prefix, db: db.knex, store, topicRefreshMs: 300,
      consumerConfig: { sessionTimeout: 6000, heartbeatInterval: 500, maxWaitTimeInMs: 20 },
    });
    await relay.start();
    try {
      return await measure('kafka', db, store, bus);
    } finally {
      await bus.close();
      await relay.stop();
    }
  });
}

async function main(): Promise<void> {
  const line: string[] = [`events=${EVENTS}`, `latency_samples=${LATENCY_EVENTS}`];
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  const e = await withScratchDatabase('bench_bus_embedded', embedded);
  line.push(`embedded_events_per_s=${fmt(e.eventsPerS)}`, `embedded_p50_ms=${fmt(e.p50Ms)}`, `embedded_p99_ms=${fmt(e.p99Ms)}`);

  let brokers = process.env.KAFKA_BROKERS?.split(',').filter(Boolean);
  let startedCluster = false;
  try {
    if (!brokers) {
      const began = performance.now();
      try {
        await run(CLUSTER, ['start'], { timeout: 300_000 });
        startedCluster = true;
        line.push(`kafka_cluster_start_s=${((performance.now() - began) / 1000).toFixed(1)}`);
        brokers = (await run(CLUSTER, ['brokers'])).stdout.trim().split(',');
      } catch (error) {
        const reason = String((error as { stderr?: string }).stderr ?? error).trim().split('\n')[0];
        console.log(`kafka: not measured: ${reason}`);
        line.push('kafka=unavailable');
      }
    } else {
      // Not measured: the cluster was already running (KAFKA_BROKERS given). Values hold no spaces (the figure-line form).
      line.push('kafka_cluster_start_s=not_measured_brokers_given');
    }
    if (brokers) {
      const k = await withScratchDatabase('bench_bus_kafka', (url) => kafka(url, brokers!));
      line.push(`kafka_events_per_s=${fmt(k.eventsPerS)}`, `kafka_p50_ms=${fmt(k.p50Ms)}`, `kafka_p99_ms=${fmt(k.p99Ms)}`);
    }
  } finally {
    if (startedCluster) await run(CLUSTER, ['stop']).catch(() => undefined);
  }
  console.log(`bus: ${line.join(' ')}`);
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
