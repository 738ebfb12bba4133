// The embedded bus: consumer groups read the event log directly, each with a durable checkpoint in
// bus_checkpoints. One instance of a group holds its lease at a time, so an ordered group is a single
// reader across processes; another instance takes over when the lease expires. The checkpoint moves
// after each handled event (compare-and-swap), so delivery is at least once. A competing group's lease
// holder only feeds its events into the work queue (checkpoint and items in one transaction), and every
// instance leases items from there (competing-consumer.ts).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { EventStore, Position } from '../event-store/event-store';
import { Logger, silentLogger } from '../logging/logger';
import { countUnresolved, getDeadLetter, listDeadLetters, parkDeadLetter, resolveDeadLetter } from './dead-letters';
import { Consumer, ConsumerOptions, DeadLetter, GroupStatus, MessageBus } from './message-bus';
import { handleWithRetries } from './retry';
import { releaseLease, tryAcquireLease } from '../locks/lease';
import { CompetingConsumer } from './competing-consumer';
import { countQueuedWork, enqueueWork } from './work-queue';

export interface EmbeddedBusOptions {
  pollIntervalMs?: number;
  leaseMs?: number;
  batchSize?: number;
  logger?: Logger;
}

export class EmbeddedBus implements MessageBus {
  readonly kind = 'embedded' as const;
  private readonly consumers = new Set<Consumer>();

  constructor(private readonly knex: Knex, private readonly store: EventStore, private readonly options: EmbeddedBusOptions = {}) {}

  async consume(options: ConsumerOptions): Promise<Consumer> {
    await this.knex('bus_checkpoints').insert({ consumer_group: options.group }).onConflict('consumer_group').ignore();
    if (options.delivery === 'competing') return this.consumeCompeting(options);
    const consumer = new EmbeddedConsumer(this.knex, this.store, options, this.options, () => this.consumers.delete(consumer));
    this.consumers.add(consumer);
    consumer.start();
    return consumer;
  }

  private async consumeCompeting(options: ConsumerOptions): Promise<Consumer> {
    const settings = { leaseMs: this.options.leaseMs ?? 15_000, pollIntervalMs: this.options.pollIntervalMs ?? 100, logger: this.options.logger ?? silentLogger };
    const competing = new CompetingConsumer(this.knex, options, settings, async (fed) => {
      const feeder = new EmbeddedFeeder(this.knex, this.store, options, this.options, () => undefined, fed);
      feeder.start();
      return feeder;
    }, () => this.consumers.delete(competing));
    await competing.start();
    this.consumers.add(competing);
    return competing;
  }

  deadLetters(options?: { group?: string; includeResolved?: boolean }): Promise<DeadLetter[]> {
    return listDeadLetters(this.knex, options);
  }

  async redeliver(deadLetterId: number, handle: ConsumerOptions['handle']): Promise<void> {
    await redeliverDeadLetter(this.knex, this.store, deadLetterId, handle);
  }

  async status(): Promise<GroupStatus[]> {
    const rows = await this.knex('bus_checkpoints').select('*').orderBy('consumer_group');
    return Promise.all(rows.map(async (row) => {
      const position = { commit: Number(row.commit_position), prepare: Number(row.prepare_position) };
      return {
        group: row.consumer_group as string,
        position,
        lag: await this.store.countAfter(position) + await countQueuedWork(this.knex, row.consumer_group),
        deadLetters: await countUnresolved(this.knex, row.consumer_group),
      };
    }));
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()));
  }
}

/** Shared by both buses: runs a parked event through a handler again and resolves it on success. */
export async function redeliverDeadLetter(
  knex: Knex,
  store: EventStore,
  deadLetterId: number,
  handle: ConsumerOptions['handle'],
): Promise<void> {
  const letter = await getDeadLetter(knex, deadLetterId);
  if (!letter) throw new Error(`no dead letter with id ${deadLetterId}`);
  const [event] = (await store.readStream(letter.streamId)).filter((e) => e.id === letter.eventId);
  if (!event) throw new Error(`event ${letter.eventId} of dead letter ${deadLetterId} is no longer in the log`);
  await handle(event, { group: letter.group, attempt: letter.attempts + 1 });
  await resolveDeadLetter(knex, deadLetterId);
}

class EmbeddedConsumer implements Consumer {
  readonly group: string;
  private readonly leaseName: string;
  protected stopped = false;
  private loop: Promise<void> = Promise.resolve();
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private leaseValidUntil = 0;
  protected readonly types: Set<string> | undefined;
  protected readonly logger: Logger;
  private wake: (() => void) | undefined;

  constructor(
    protected readonly knex: Knex,
    private readonly store: EventStore,
    private readonly options: ConsumerOptions,
    private readonly busOptions: EmbeddedBusOptions,
    private readonly onStopped: () => void,
  ) {
    this.group = options.group;
    this.leaseName = `bus-group:${options.group}`;
    this.types = options.eventTypes ? new Set(options.eventTypes) : undefined;
    this.logger = (busOptions.logger ?? silentLogger).child({ consumerGroup: this.group });
  }

  start(): void {
    this.loop = this.run().catch((error) => this.logger.error({ err: error }, 'consumer stopped on an unexpected error'));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await releaseLease(this.knex, this.leaseName, this.owner).catch(() => undefined);
    this.onStopped();
  }

  private async run(): Promise<void> {
    const batchSize = this.busOptions.batchSize ?? 100;
    const leaseMs = this.busOptions.leaseMs ?? 15_000;
    // Keep the lease while a slow handler runs (a job may take minutes); a dead process stops renewing
    // and another instance takes the group over after leaseMs.
    const heartbeat = setInterval(() => {
      if (this.leaseValidUntil > Date.now()) {
        tryAcquireLease(this.knex, this.leaseName, this.owner, leaseMs).then(
          (held) => { this.leaseValidUntil = held ? Date.now() + leaseMs : 0; },
          () => undefined,
        );
      }
    }, Math.max(100, Math.floor(leaseMs / 3)));
    try {
      await this.consume(batchSize);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async consume(batchSize: number): Promise<void> {
    while (!this.stopped) {
      try {
        if (!(await this.holdLease())) {
          await this.sleep();
          continue;
        }
        const saved = await this.readCheckpoint();
        const batch = await this.store.readAll({ after: saved, maxCount: batchSize });
        if (batch.length === 0) {
          await this.sleep();
          continue;
        }
        await this.handleBatch(saved, batch);
      } catch (error) {
        this.logger.error({ err: error }, 'consumer loop failed; retrying');
        await this.sleep();
      }
    }
  }

  protected async handleBatch(saved: Position, batch: Awaited<ReturnType<EventStore['readAll']>>): Promise<void> {
    let checkpoint = saved;
    let skippedTo: Position | undefined;
    for (const event of batch) {
      if (this.stopped) break;
      if (this.types && !this.types.has(event.type)) {
        skippedTo = event.position;
        continue;
      }
      const outcome = await handleWithRetries(this.options, event, () => this.stopped);
      if (!outcome.ok) {
        // Shutting down mid-retry: leave the event for the next owner rather than parking it early.
        if (this.stopped && outcome.attempts < (this.options.maxAttempts ?? 5)) break;
        await parkDeadLetter(this.knex, this.group, event, outcome.attempts, outcome.error);
        this.logger.warn({ eventId: event.id, eventType: event.type, attempts: outcome.attempts }, 'event parked in dead letters');
      }
      if (!(await this.moveCheckpoint(checkpoint, event.position))) return;
      checkpoint = event.position;
      skippedTo = undefined;
    }
    if (skippedTo) await this.moveCheckpoint(checkpoint, skippedTo);
  }

  private async readCheckpoint(): Promise<Position> {
    const row = await this.knex('bus_checkpoints').where({ consumer_group: this.group }).first();
    return { commit: Number(row.commit_position), prepare: Number(row.prepare_position) };
  }

  /** False when another instance moved the checkpoint (it took over the group). */
  private async moveCheckpoint(from: Position, to: Position): Promise<boolean> {
    const updated = await this.knex('bus_checkpoints')
      .where({ consumer_group: this.group, commit_position: from.commit, prepare_position: from.prepare })
      .update({ commit_position: to.commit, prepare_position: to.prepare, updated_at: this.knex.fn.now() });
    return updated === 1;
  }

  private async holdLease(): Promise<boolean> {
    const leaseMs = this.busOptions.leaseMs ?? 15_000;
    if (Date.now() < this.leaseValidUntil - leaseMs / 2) return true;
    const held = await tryAcquireLease(this.knex, this.leaseName, this.owner, leaseMs);
    this.leaseValidUntil = held ? Date.now() + leaseMs : 0;
    return held;
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.busOptions.pollIntervalMs ?? 100);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/**
 * The lease holder of a competing group: moves the group's checkpoint over a batch of the log and queues the
 * batch's wanted events in the same transaction, so each event is queued exactly once.
 */
class EmbeddedFeeder extends EmbeddedConsumer {
  constructor(
    knex: Knex,
    store: EventStore,
    options: ConsumerOptions,
    busOptions: EmbeddedBusOptions,
    onStopped: () => void,
    private readonly fed: () => void,
  ) {
    super(knex, store, options, busOptions, onStopped);
  }

  protected override async handleBatch(saved: Position, batch: Awaited<ReturnType<EventStore['readAll']>>): Promise<void> {
    const last = batch[batch.length - 1]!.position;
    const wanted = batch.filter((event) => !this.types || this.types.has(event.type));
    const moved = await this.knex.transaction(async (trx) => {
      const updated = await trx('bus_checkpoints')
        .where({ consumer_group: this.group, commit_position: saved.commit, prepare_position: saved.prepare })
        .update({ commit_position: last.commit, prepare_position: last.prepare, updated_at: trx.fn.now() })
        .returning('consumer_group');
      if (updated.length !== 1) return false; // another instance took the group's lease over and fed this batch
      await enqueueWork(trx, this.group, wanted);
      return true;
    });
    if (moved && wanted.length > 0) this.fed();
  }
}
