// One instance of a competing consumer group, for both buses: the bus feeds the group's events into the
// work queue (work-queue.ts) and every instance, in whichever process, leases items from it, up to
// `concurrency` at a time. A held lease is renewed at a third of its length; an instance that dies stops
// renewing and the item is handed to another instance once the lease lapses. Retries, dead letters and
// processOnce work as on an ordered group: the handler is retried with backoff, parked after maxAttempts.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../logging/logger';
import { parkDeadLetter } from './dead-letters';
import type { Consumer, ConsumerOptions } from './message-bus';
import { handleWithRetries } from './retry';
import { claimWork, completeWork, releaseWork, renewWork, WorkItem } from './work-queue';

export interface CompetingSettings {
  /** How long a lease lasts without renewal. */
  leaseMs: number;
  /** How often an instance with a free slot looks for work when the queue was empty. */
  pollIntervalMs: number;
  logger: Logger;
}

/** Starts the group's feed (the log, or Kafka, into the work queue); `fed` wakes this instance's claim loop. */
export type StartFeed = (fed: () => void) => Promise<Consumer>;

/** The reason a delivery's signal aborts: its lease was lost and the event may be with another instance. */
export class DeliveryLeaseLost extends Error {
  override name = 'DeliveryLeaseLost';
}

interface Delivery {
  controller: AbortController;
  renewedAt: number;
  done: Promise<void>;
}

export class CompetingConsumer implements Consumer {
  readonly group: string;
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly deliveries = new Map<number, Delivery>();
  private readonly logger: Logger;
  private stopped = false;
  private feed?: Consumer;
  private loop: Promise<void> = Promise.resolve();
  private heartbeat?: NodeJS.Timeout;
  private wake?: () => void;

  constructor(
    private readonly knex: Knex,
    private readonly options: ConsumerOptions,
    private readonly settings: CompetingSettings,
    private readonly startFeed: StartFeed,
    private readonly onStopped: () => void = () => undefined,
  ) {
    this.group = options.group;
    this.logger = settings.logger.child({ consumerGroup: this.group });
  }

  async start(): Promise<void> {
    this.feed = await this.startFeed(() => this.wake?.());
    this.heartbeat = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.settings.leaseMs / 3)));
    this.loop = this.claimLoop().catch((error) => this.logger.error({ err: error }, 'competing consumer stopped on an unexpected error'));
  }

  /** Stops taking work, lets the events in hand finish (or hands them back mid-retry), then stops the feed. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    clearInterval(this.heartbeat);
    await this.feed?.stop();
    this.onStopped();
  }

  private async claimLoop(): Promise<void> {
    const concurrency = Math.max(1, this.options.concurrency ?? 1);
    while (!this.stopped) {
      try {
        if (this.deliveries.size >= concurrency) {
          await this.sleep(); // woken when a delivery ends
          continue;
        }
        const item = await claimWork(this.knex, this.group, this.owner, this.settings.leaseMs);
        if (!item) {
          await this.sleep();
          continue;
        }
        this.begin(item);
      } catch (error) {
        this.logger.error({ err: error }, 'competing consumer could not claim work; retrying');
        await this.sleep();
      }
    }
    await Promise.all([...this.deliveries.values()].map((d) => d.done));
  }

  private begin(item: WorkItem): void {
    const controller = new AbortController();
    const delivery: Delivery = { controller, renewedAt: Date.now(), done: Promise.resolve() };
    this.deliveries.set(item.id, delivery);
    delivery.done = this.deliver(item, controller.signal)
      .catch((error) => this.logger.error({ err: error, eventId: item.event.id }, 'competing delivery failed; its lease will lapse and it will be handed out again'))
      .finally(() => {
        this.deliveries.delete(item.id);
        this.wake?.();
      });
  }

  private async deliver(item: WorkItem, signal: AbortSignal): Promise<void> {
    const { event } = item;
    const maxDeliveries = this.options.maxDeliveries ?? 10;
    if (item.deliveries > maxDeliveries) {
      const lapsed = item.deliveries - 1;
      await this.finish(item, { attempts: lapsed, error: new Error(`its lease lapsed ${lapsed} times: every consumer that took it died or hung`) });
      return;
    }
    const maxAttempts = this.options.maxAttempts ?? 5;
    const outcome = await handleWithRetries(
      { ...this.options, handle: (e, context) => this.options.handle(e, { ...context, signal }) },
      event,
      () => this.stopped || signal.aborted,
    );
    if (signal.aborted) return; // another instance holds it now: what happens to it is that instance's to decide
    if (outcome.ok) {
      await this.finish(item);
    } else if (this.stopped && outcome.attempts < maxAttempts) {
      await releaseWork(this.knex, item.id, this.owner); // shutting down mid-retry: the next instance takes it at once
    } else {
      await this.finish(item, outcome);
    }
  }

  /** Removes the item; a failed one is parked in the same transaction (only while this instance holds it). */
  private async finish(item: WorkItem, failure?: { attempts: number; error: unknown }): Promise<void> {
    await this.knex.transaction(async (trx) => {
      if (!(await completeWork(trx, item.id, this.owner)) || !failure) return;
      await parkDeadLetter(trx, this.group, item.event, failure.attempts, failure.error);
      this.logger.warn({ eventId: item.event.id, eventType: item.event.type, attempts: failure.attempts }, 'event parked in dead letters');
    });
  }

  /**
   * Extends the leases in hand. A delivery whose lease another instance may have taken is aborted: the
   * database no longer lists it as ours, or renewals have failed for as long as a lease lasts.
   */
  private async renew(): Promise<void> {
    const ids = [...this.deliveries.keys()];
    if (ids.length === 0) return;
    const now = Date.now();
    try {
      const held = await renewWork(this.knex, ids, this.owner, this.settings.leaseMs);
      for (const id of ids) {
        const delivery = this.deliveries.get(id);
        if (!delivery) continue;
        if (held.has(id)) delivery.renewedAt = now;
        else this.lose(id, delivery, 'its lease lapsed before it could be renewed');
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'could not renew delivery leases');
      for (const [id, delivery] of this.deliveries) {
        if (now - delivery.renewedAt >= this.settings.leaseMs) this.lose(id, delivery, 'its lease could not be renewed in time');
      }
    }
  }

  private lose(id: number, delivery: Delivery, why: string): void {
    if (delivery.controller.signal.aborted) return;
    this.logger.warn({ workItem: id }, `delivery lease lost: ${why}; the event may now be with another consumer`);
    delivery.controller.abort(new DeliveryLeaseLost(why));
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.settings.pollIntervalMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
