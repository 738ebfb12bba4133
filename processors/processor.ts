// A processor reacts to events through the bus and does slow or outward work, then reports back by
// issuing commands. Delivery is at least once: processors record their effects with processOnce()
// (infra/bus/processed-events.ts) keyed on (processor name, event id).
import type { Knex } from 'knex';
import type { CommandContext } from '../commands/shared/command-context';
import type { Clock } from '../infra/clock/clock';
import type { EventStore, RecordedEvent } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logging/logger';

export interface ProcessorDeps {
  store: EventStore;
  knex: Knex;
  logger: Logger;
  clock: Clock;
}

export interface ProcessorContext extends ProcessorDeps {
  /** Carries the triggering event's correlation id; the event is the cause of follow-up commands. */
  command: CommandContext;
  attempt: number;
  /** Competing processors: aborted when this process lost the event's lease (another may be handling it). */
  signal?: AbortSignal;
}

export interface Processor {
  /** Consumer group and dedup key: renaming it makes the processor start over. */
  readonly name: string;
  readonly eventTypes: readonly string[];
  readonly maxAttempts?: number;
  /** 'competing' for independent work (jobs): instances in every worker process share the events. Default 'ordered'. */
  readonly delivery?: 'ordered' | 'competing';
  /** Competing processors: events one process handles at once. */
  readonly concurrency?: number;
  /** Competing processors: lapsed leases of one event before it is parked (see ConsumerOptions). */
  readonly maxDeliveries?: number;
  handle(event: RecordedEvent, context: ProcessorContext): Promise<void>;
}
