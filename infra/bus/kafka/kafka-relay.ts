// Publishes the event log to Kafka: one topic per stream category, keyed by stream id (so a stream keeps
// its order within a partition). The published position is stored only after the broker acknowledged
// the batch, so a crash between send and store republishes (at least once); consumers deduplicate.
// Run one relay per name: a second one cannot corrupt the position (compare-and-swap) but would duplicate.
import type { Knex } from 'knex';
import { Admin, IHeaders, Kafka, logCreator, logLevel, Message, PartitionMetadata, Partitioners, Producer } from 'kafkajs';
import {
  EventStore,
  Position,
  RecordedEvent,
  START,
  streamCategory,
  Subscription,
} from '../../event-store/event-store';
import { Logger, silentLogger } from '../../logging/logger';

export interface KafkaRelayOptions {
  brokers: string[];
  clientId: string;
  topicPrefix: string;
  db: Knex;
  store: EventStore;
  /** Row key in kafka_relay_positions. Default: topicPrefix. */
  name?: string;
  /** Events per Kafka batch. Default 200. */
  batchSize?: number;
  /** Partitions of a newly created topic. Default 1: a category keeps the log order; more partitions
   *  let instances of a group share the work but only keep order per stream. */
  numPartitions?: number;
  /** Replicas of a newly created topic. Default: the broker's default.replication.factor (3 on the CI cluster). */
  replicationFactor?: number;
  /** Topic retention; default -1 (forever) so a new consumer group sees all history, as on the embedded bus. */
  retentionMs?: number;
  /** First delay before resubscribing after a failure; doubles up to 30 s. Default 1000. */
  retryDelayMs?: number;
  logger?: Logger;
}

/** Kafka topics allow [a-zA-Z0-9._-] and at most 249 characters. */
export function sanitizeTopic(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 249);
}

export function topicForStream(topicPrefix: string, streamId: string): string {
  return sanitizeTopic(`${topicPrefix}.${streamCategory(streamId)}`);
}

/** True for the topics a relay with this prefix writes. */
export function isBusTopic(topicPrefix: string, topic: string): boolean {
  return topic.startsWith(`${sanitizeTopic(topicPrefix)}.`);
}

export function encodeEvent(event: RecordedEvent): Message {
  const headers: IHeaders = {
    'event-id': event.id,
    'event-type': event.type,
    'stream-id': event.streamId,
    'commit-position': String(event.position.commit),
    'prepare-position': String(event.position.prepare),
    'content-type': 'application/json',
  };
  // No message timestamp: republished history would carry old timestamps and fall out of time retention.
  return { key: event.streamId, value: JSON.stringify(event), headers };
}

/** The event a relay wrote, or undefined when the value is not one. */
export function decodeEvent(value: Buffer | null): RecordedEvent | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value.toString('utf8')) as RecordedEvent & { createdAt: string };
    const ok = typeof parsed?.id === 'string' && typeof parsed.type === 'string' && typeof parsed.streamId === 'string'
      && typeof parsed.position?.commit === 'number' && typeof parsed.position?.prepare === 'number';
    return ok ? { ...parsed, createdAt: new Date(parsed.createdAt) } : undefined;
  } catch {
    return undefined;
  }
}

/** Positions travel as "commit:prepare" (header values, committed offset metadata). */
export function encodePosition(position: Position): string {
  return `${position.commit}:${position.prepare}`;
}

export function decodePosition(text: string | null | undefined): Position | undefined {
  const match = /^(\d+):(\d+)$/.exec(text ?? '');
  return match ? { commit: Number(match[1]), prepare: Number(match[2]) } : undefined;
}

/** Routes kafkajs's own log lines into our logger (its INFO chatter goes to debug). */
export function kafkaLogCreator(logger: Logger): logCreator {
  return () => ({ namespace, level, log }) => {
    const { message, ...extra } = log;
    const entry = { kafka: namespace, ...extra };
    if (level === logLevel.ERROR) logger.error(entry, message);
    else if (level === logLevel.WARN) logger.warn(entry, message);
    else logger.debug(entry, message);
  };
}

/** Another relay moved the stored position: resubscribe from the stored one. */
export class RelayPositionConflictError extends Error {
  override name = 'RelayPositionConflictError';
}

export class KafkaRelay {
  private readonly name: string;
  private readonly log: Logger;
  private readonly kafka: Kafka;
  private producer?: Producer;
  private admin?: Admin;
  private readonly knownTopics = new Set<string>();
  private readonly partitionMetadata = new Map<string, PartitionMetadata[]>();
  // murmur2 on the key, like the Java client; the relay picks each message's partition itself (sendPerPartition).
  private readonly partitioner = Partitioners.DefaultPartitioner();
  private stored: Position = START;
  private subscription?: Subscription;
  private loop?: Promise<void>;
  private stopped = true;
  private wakeSleep?: () => void;
  private failures = 0;

  constructor(private readonly options: KafkaRelayOptions) {
    this.name = options.name ?? options.topicPrefix;
    this.log = (options.logger ?? silentLogger).child({ relay: this.name });
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.INFO,
      logCreator: kafkaLogCreator(this.log),
    });
  }

  /** Connects to Kafka and starts publishing in the background from the stored position. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    const producer = this.newProducer();
    const admin = this.kafka.admin();
    try {
      await producer.connect();
      await admin.connect();
      for (const topic of await admin.listTopics()) this.knownTopics.add(topic);
      await this.options.db('kafka_relay_positions').insert({ relay: this.name }).onConflict('relay').ignore();
    } catch (error) {
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
      throw error;
    }
    this.producer = producer;
    this.admin = admin;
    this.stopped = false;
    this.loop = this.run();
  }

  private newProducer(): Producer {
    return this.kafka.producer({
      idempotent: true, // broker drops the duplicates its own retries would create
      maxInFlightRequests: 1, // keeps order across retries
      allowAutoTopicCreation: false, // topics are created with our settings in ensureTopics
      createPartitioner: Partitioners.DefaultPartitioner, // murmur2 on the key, like the Java client
    });
  }

  /**
   * After a failed send, publish with a new producer (a new producer id). The old one's sequence numbers may
   * already be taken by a write whose acknowledgement was lost; the batch we resend from the stored position
   * is not the same batch, and the broker could drop it as a duplicate of that write, or refuse it as out of
   * order forever. A new producer id makes a resend at worst a duplicate, which consumers already absorb.
   */
  private async replaceProducer(): Promise<void> {
    const old = this.producer;
    const fresh = this.newProducer();
    await fresh.connect();
    this.producer = fresh;
    await old?.disconnect().catch(() => undefined);
  }

  /** Stops after the in-flight batch (published and stored, or not stored at all). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.wakeSleep?.();
    await this.subscription?.stop();
    await this.loop;
    await Promise.allSettled([this.producer?.disconnect(), this.admin?.disconnect()]);
    this.producer = undefined;
    this.admin = undefined;
  }

  /** The stored position: everything up to it has been acknowledged by Kafka. */
  async publishedPosition(): Promise<Position> {
    return (await this.readStored()) ?? START;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let failure: unknown;
      try {
        if (this.failures > 0) await this.replaceProducer();
        this.stored = (await this.readStored()) ?? START;
        if (this.stopped) break; // stop() ran while we were reading; it has no subscription to wait for
        this.subscription = this.options.store.subscribeToAll((events, last) => this.publish(events, last), {
          after: this.stored,
          batchSize: this.options.batchSize ?? 200,
        });
        await this.subscription.done;
      } catch (error) {
        failure = error;
      }
      if (this.stopped) break;
      // The subscription only ends by itself when publishing failed: back off, then resume from the store.
      const delay = Math.min((this.options.retryDelayMs ?? 1000) * 2 ** this.failures, 30_000);
      this.failures += 1;
      this.partitionMetadata.clear();
      this.knownTopics.clear(); // in case a topic was deleted underneath: createTopics is a no-op for existing ones
      this.log.warn({ err: failure, retryInMs: delay }, 'kafka relay stopped publishing; retrying');
      await this.sleep(delay);
    }
  }

  private async publish(events: RecordedEvent[], last: Position): Promise<void> {
    if (events.length > 0) {
      const byTopic = new Map<string, Message[]>();
      for (const event of events) {
        const topic = topicForStream(this.options.topicPrefix, event.streamId);
        const messages = byTopic.get(topic) ?? [];
        messages.push(encodeEvent(event));
        byTopic.set(topic, messages);
      }
      await this.ensureTopics([...byTopic.keys()]);
      await this.sendPerPartition(byTopic);
    }
    // Acknowledged: now move the stored position, but only from where this relay last stored it.
    const updated = await this.options.db('kafka_relay_positions')
      .where({ relay: this.name, commit_position: this.stored.commit, prepare_position: this.stored.prepare })
      .update({ commit_position: last.commit, prepare_position: last.prepare, updated_at: this.options.db.fn.now() });
    if (updated !== 1) throw new RelayPositionConflictError(`kafka relay ${this.name}: stored position moved underneath`);
    this.stored = last;
    this.failures = 0;
  }

  /**
   * One send per partition, all in parallel, never one sendBatch across partitions: kafkajs (2.2.4) retries a
   * multi-broker send only to brokers that have not answered yet, so when a killed leader's partition moves to a
   * broker that already acknowledged its own share, that partition's messages are never resent, and the send
   * still succeeds (seen in the broker-kill test: acknowledged events missing from the topic). With one
   * partition per send, a retry always goes to that partition's current leader.
   */
  private async sendPerPartition(byTopic: Map<string, Message[]>): Promise<void> {
    const sends: Promise<unknown>[] = [];
    for (const [topic, messages] of byTopic) {
      const partitionMetadata = await this.partitionsOf(topic);
      const byPartition = new Map<number, Message[]>();
      for (const message of messages) {
        const partition = this.partitioner({ topic, partitionMetadata, message });
        byPartition.set(partition, [...(byPartition.get(partition) ?? []), { ...message, partition }]);
      }
      for (const [, partitionMessages] of byPartition) {
        sends.push(this.producer!.send({ topic, acks: -1 /* all in-sync replicas */, messages: partitionMessages }));
      }
    }
    const failed = (await Promise.allSettled(sends)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** A topic's partitions, as the producer's partitioner sees them (cached; cleared after a failure). */
  private async partitionsOf(topic: string): Promise<PartitionMetadata[]> {
    let partitions = this.partitionMetadata.get(topic);
    if (!partitions) {
      const [metadata] = (await this.admin!.fetchTopicMetadata({ topics: [topic] })).topics;
      partitions = metadata?.partitions ?? [];
      if (partitions.length === 0) throw new Error(`kafka relay ${this.name}: topic ${topic} has no partitions yet`);
      this.partitionMetadata.set(topic, partitions);
    }
    return partitions;
  }

  private async ensureTopics(topics: string[]): Promise<void> {
    const missing = topics.filter((topic) => !this.knownTopics.has(topic));
    if (missing.length === 0) return;
    const retention = String(this.options.retentionMs ?? -1);
    await this.admin!.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: this.options.numPartitions ?? 1,
        replicationFactor: this.options.replicationFactor ?? -1, // -1: the broker's default
        configEntries: [{ name: 'retention.ms', value: retention }],
      })),
    }); // false (not an error) when another process created them first
    for (const topic of missing) this.knownTopics.add(topic);
  }

  private async readStored(): Promise<Position | undefined> {
    const row = await this.options.db('kafka_relay_positions').where({ relay: this.name }).first();
    return row ? { commit: Number(row.commit_position), prepare: Number(row.prepare_position) } : undefined;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleep = done;
    });
  }
}
