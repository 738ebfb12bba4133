// The Kafka bus: KafkaRelay publishes the log to `${topicPrefix}.<category>` topics; each consumer group
// here is a Kafka consumer group. Offsets are committed explicitly, and only after a message was handled
// or parked, so delivery is at least once. Dead letters live in PostgreSQL, as on the embedded bus.
// A competing group (jobs) is a Kafka consumer group too, but one that only feeds the work queue in
// PostgreSQL; every instance then leases events from there (../competing-consumer.ts). A topic's partition
// is read by one member at a time, so Kafka alone would let one worker hold every queued job of a
// single-partition topic while another stood idle (and a long job would hold up those behind it).
import type { Knex } from 'knex';
import { Admin, Batch, Consumer as KafkaConsumer, ConsumerConfig, EachBatchPayload, Kafka, logLevel } from 'kafkajs';
import { comparePositions, EventStore, Position, RecordedEvent, START } from '../../event-store/event-store';
import { Logger, silentLogger } from '../../logging/logger';
import { countUnresolved, listDeadLetters, parkDeadLetter } from '../dead-letters';
import { redeliverDeadLetter } from '../embedded-bus';
import { Consumer, ConsumerOptions, DeadLetter, GroupStatus, MessageBus } from '../message-bus';
import { handleWithRetries, HandlerOutcome } from '../retry';
import { CompetingConsumer } from '../competing-consumer';
import { countQueuedWork, enqueueWork } from '../work-queue';
import { decodeEvent, decodePosition, encodePosition, isBusTopic, kafkaLogCreator } from './kafka-relay';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  topicPrefix: string;
  db: Knex;
  store: EventStore;
  /** Kafka group ids are `${groupPrefix}.${group}`. Default: topicPrefix. */
  groupPrefix?: string;
  /** How often consumers look for new topics (a new stream category is a new topic). Default 5000 ms. */
  topicRefreshMs?: number;
  /** The relay feeding these topics (its row in kafka_relay_positions). Default: topicPrefix, as on the relay. */
  relayName?: string;
  /** Competing groups: how long an instance's lease on one event lasts without renewal. Default 15000 ms. */
  leaseMs?: number;
  /** Competing groups: how often an instance with a free slot looks for queued work. Default 250 ms. */
  workPollMs?: number;
  /** Passed to every kafkajs consumer (session timeout, heartbeat interval...). */
  consumerConfig?: Omit<ConsumerConfig, 'groupId'>;
  logger?: Logger;
}

export class KafkaBus implements MessageBus {
  readonly kind = 'kafka' as const;
  readonly kafka: Kafka;
  private readonly consumers = new Set<Consumer>();
  private admin?: Promise<Admin>;
  private readonly groupPrefix: string;
  readonly logger: Logger;

  constructor(readonly options: KafkaBusOptions) {
    this.groupPrefix = options.groupPrefix ?? options.topicPrefix;
    this.logger = options.logger ?? silentLogger;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.INFO,
      logCreator: kafkaLogCreator(this.logger),
    });
  }

  groupId(group: string): string {
    return `${this.groupPrefix}.${group}`;
  }

  async consume(options: ConsumerOptions): Promise<Consumer> {
    if (options.delivery === 'competing') return this.consumeCompeting(options);
    const consumer = new KafkaGroupConsumer(this, options, () => this.consumers.delete(consumer));
    await consumer.start();
    this.consumers.add(consumer);
    return consumer;
  }

  /** The group's Kafka consumer group queues each wanted event (idempotently); instances lease them from there. */
  private async consumeCompeting(options: ConsumerOptions): Promise<Consumer> {
    const { db } = this.options;
    const settings = { leaseMs: this.options.leaseMs ?? 15_000, pollIntervalMs: this.options.workPollMs ?? 250, logger: this.logger };
    const competing = new CompetingConsumer(db, options, settings, async (fed) => {
      const feeder = new KafkaGroupConsumer(this, {
        group: options.group,
        ...(options.eventTypes ? { eventTypes: options.eventTypes } : {}),
        handle: async (event) => {
          await enqueueWork(db, options.group, [event]);
          fed();
        },
      }, () => undefined);
      await feeder.start();
      return feeder;
    }, () => this.consumers.delete(competing));
    await competing.start();
    this.consumers.add(competing);
    return competing;
  }

  deadLetters(options?: { group?: string; includeResolved?: boolean }): Promise<DeadLetter[]> {
    return listDeadLetters(this.options.db, options);
  }

  async redeliver(deadLetterId: number, handle: ConsumerOptions['handle']): Promise<void> {
    await redeliverDeadLetter(this.options.db, this.options.store, deadLetterId, handle);
  }

  /**
   * Groups known to the broker under our prefix plus the ones consuming here. Lag is Kafka's offset lag plus
   * the events the relay has not published yet: a group that read all of Kafka is not caught up with the log.
   */
  async status(): Promise<GroupStatus[]> {
    const admin = await this.connectedAdmin();
    const groups = new Set([...this.consumers].map((c) => c.group));
    const prefix = `${this.groupPrefix}.`;
    for (const { groupId } of (await admin.listGroups()).groups) {
      if (groupId.startsWith(prefix)) groups.add(groupId.slice(prefix.length));
    }
    const topics = await this.busTopics();
    const unpublished = await this.relayBacklog();
    const ends = new Map<string, Map<number, { high: number; low: number }>>();
    let endsKnown = true;
    for (const topic of topics) {
      try {
        const partitions = await admin.fetchTopicOffsets(topic);
        ends.set(topic, new Map(partitions.map((p) => [p.partition, { high: Number(p.high), low: Number(p.low) }])));
      } catch (error) {
        // A leader moving (a broker restarting) answers "not the leader" for a moment: lag unknown, not an error.
        this.logger.warn({ err: error, topic }, 'kafka bus could not read topic offsets');
        endsKnown = false;
      }
    }
    return Promise.all([...groups].sort().map(async (group) => {
      let position: Position = START;
      let lag: number | null = endsKnown ? unpublished : null;
      try {
        const committed = topics.length > 0 && endsKnown ? await admin.fetchOffsets({ groupId: this.groupId(group), topics }) : [];
        for (const { topic, partitions } of committed) {
          for (const { partition, offset, metadata } of partitions) {
            const end = ends.get(topic)?.get(partition);
            if (!end) continue;
            // -1: nothing committed yet; a new group starts from the earliest offset.
            lag = (lag ?? 0) + end.high - (Number(offset) >= 0 ? Number(offset) : end.low);
            const at = decodePosition(metadata);
            if (at && comparePositions(at, position) > 0) position = at;
          }
        }
      } catch (error) {
        this.logger.warn({ err: error, group }, 'kafka bus could not read group offsets');
        lag = null;
      }
      // Partitions advance independently, so position is the newest event the group has committed.
      const queued = await countQueuedWork(this.options.db, group); // a competing group's fed, unhandled events
      return { group, position, lag: lag === null ? null : lag + queued, deadLetters: await countUnresolved(this.options.db, group) };
    }));
  }

  /** Events in the log after the relay's stored position (all of it when no relay has run yet). */
  private async relayBacklog(): Promise<number> {
    const row = await this.options.db('kafka_relay_positions').where({ relay: this.options.relayName ?? this.options.topicPrefix }).first();
    const published: Position = row ? { commit: Number(row.commit_position), prepare: Number(row.prepare_position) } : START;
    return this.options.store.countAfter(published);
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()));
    const admin = this.admin;
    this.admin = undefined;
    await admin?.then((a) => a.disconnect()).catch(() => undefined);
  }

  /** Topics the relay has created for this prefix, sorted. */
  async busTopics(): Promise<string[]> {
    const admin = await this.connectedAdmin();
    return (await admin.listTopics()).filter((t) => isBusTopic(this.options.topicPrefix, t)).sort();
  }

  private connectedAdmin(): Promise<Admin> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      this.admin = admin.connect().then(() => admin);
      this.admin.catch(() => { this.admin = undefined; }); // retry the connection next time
    }
    return this.admin;
  }
}

/**
 * One member of a Kafka consumer group. kafkajs only subscribes to topics that exist when it starts,
 * so a timer looks for new bus topics and, when there are some, replaces the kafkajs consumer.
 */
class KafkaGroupConsumer implements Consumer {
  readonly group: string;
  private readonly types: Set<string> | undefined;
  private readonly logger: Logger;
  private kafkaConsumer?: KafkaConsumer;
  private topics: string[] = [];
  private stopping = false;
  private timer?: NodeJS.Timeout;
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly bus: KafkaBus, private readonly options: ConsumerOptions, private readonly onStopped: () => void) {
    this.group = options.group;
    this.types = options.eventTypes ? new Set(options.eventTypes) : undefined;
    this.logger = bus.logger.child({ consumerGroup: this.group });
  }

  async start(): Promise<void> {
    await this.refresh();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopping = true; // also cuts retries short: the event is then neither parked nor committed
    clearTimeout(this.timer);
    await this.refreshing;
    await this.replace(undefined);
    this.onStopped();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.refreshing = this.refresh()
        .catch((error) => this.logger.warn({ err: error }, 'kafka consumer could not refresh its topics'))
        .finally(() => { if (!this.stopping) this.schedule(); });
    }, this.bus.options.topicRefreshMs ?? 5000);
  }

  private async refresh(): Promise<void> {
    const topics = await this.bus.busTopics();
    if (this.kafkaConsumer && topics.join('\n') === this.topics.join('\n')) return;
    await this.replace(topics);
  }

  /** Disconnects the current kafkajs consumer (after its in-flight batch) and starts one on `topics`. */
  private async replace(topics: string[] | undefined): Promise<void> {
    const old = this.kafkaConsumer;
    this.kafkaConsumer = undefined;
    this.topics = [];
    await old?.disconnect();
    if (!topics || topics.length === 0 || this.stopping) return;
    const consumer = this.bus.kafka.consumer({ ...this.bus.options.consumerConfig, groupId: this.bus.groupId(this.group) });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      // kafkajs restarts by itself after retriable errors; otherwise make the next refresh start afresh.
      if (!payload.restart && this.kafkaConsumer === consumer) this.topics = ['(crashed)'];
    });
    try {
      await consumer.connect();
      // fromBeginning only applies where the group has no committed offset: a new group reads all history.
      await consumer.subscribe({ topics, fromBeginning: true });
      await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: (payload) => this.eachBatch(payload) });
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
    this.kafkaConsumer = consumer;
    this.topics = topics;
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    let uncommitted: { offset: string; metadata: string | null } | undefined;
    // The payload's commit with explicit offsets commits even while kafkajs is stopping (consumer.commitOffsets
    // would silently skip it), so a handled event is never redelivered just because we were shutting down.
    const commit = async () => {
      if (!uncommitted) return;
      const partition = { partition: batch.partition, ...uncommitted };
      await payload.commitOffsetsIfNecessary({ topics: [{ topic: batch.topic, partitions: [partition] }] });
      uncommitted = undefined;
    };
    // A failed heartbeat means the group is rebalancing (a member joined or left): stop after the event in hand
    // so this member rejoins at once. Finishing a long batch first would outlast the rebalance timeout, get this
    // member thrown out of the group, and make its commits fail: the group stalls while members churn.
    let rejoin = false;
    const beat = () => payload.heartbeat().catch(() => { rejoin = true; });
    for (const message of batch.messages) {
      if (this.stopping || !payload.isRunning() || payload.isStale() || rejoin) break;
      const event = decodeEvent(message.value);
      if (!event) this.logger.warn({ topic: batch.topic, offset: message.offset }, 'skipping a message that is not an event');
      const wanted = event !== undefined && (!this.types || this.types.has(event.type));
      if (wanted) {
        const outcome = await this.handle(event, beat);
        if (!outcome.ok) {
          // Shutting down mid-retry: leave the event (uncommitted) for the next member rather than parking it early.
          if (this.stopping && outcome.attempts < (this.options.maxAttempts ?? 5)) break;
          await parkDeadLetter(this.bus.options.db, this.group, event, outcome.attempts, outcome.error);
          this.logger.warn({ eventId: event.id, eventType: event.type, attempts: outcome.attempts }, 'event parked in dead letters');
        }
      }
      payload.resolveOffset(message.offset);
      uncommitted = { offset: nextOffset(message.offset), metadata: event ? encodePosition(event.position) : null };
      if (wanted) await commit(); // skipped messages are committed together at the end of the batch
      await beat();
    }
    await commit();
  }

  /** Retries can outlast the session timeout, so keep heartbeating while the handler works. */
  private async handle(event: RecordedEvent, heartbeat: () => Promise<void>): Promise<HandlerOutcome> {
    const beat = setInterval(() => void heartbeat(), 1000); // heartbeat() records its own failure
    try {
      return await handleWithRetries(this.options, event, () => this.stopping);
    } finally {
      clearInterval(beat);
    }
  }
}

function nextOffset(offset: Batch['messages'][number]['offset']): string {
  return (BigInt(offset) + 1n).toString();
}
