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
}

export interface Processor {
  /** Consumer group and dedup key: renaming it makes the processor start over. */
  readonly name: string;
  readonly eventTypes: readonly string[];
  readonly maxAttempts?: number;
  handle(event: RecordedEvent, context: ProcessorContext): Promise<void>;
}
