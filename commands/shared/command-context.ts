// Who asked, why, and when: travels from the HTTP request (or a processor's triggering event) into
// every event's metadata, so an auditor can follow a correlation id end to end.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../infra/clock/clock';
import type { EventMetadata, Principal, RecordedEvent } from '../../infra/event-store/event-store';

export interface CommandContext {
  correlationId: string;
  /** The request id or the event id that caused this command. */
  causationId: string;
  principal: Principal;
  /** The command's time; domain code never reads the clock. */
  now: Date;
  /** Source of event ids (random in production, fixed in tests). */
  newId: () => string;
}

export function newCommandContext(clock: Clock, principal: Principal, correlationId: string = randomUUID(), causationId = correlationId): CommandContext {
  return { correlationId, causationId, principal, now: clock.now(), newId: randomUUID };
}

/** A processor reacting to an event: same correlation, caused by that event, acting as the system. */
export function commandContextFromEvent(event: RecordedEvent, processor: string, clock: Clock): CommandContext {
  return {
    correlationId: event.metadata.correlationId,
    causationId: event.id,
    principal: { kind: 'system', id: processor },
    now: clock.now(),
    newId: randomUUID,
  };
}

export function metadataFor(context: CommandContext): EventMetadata {
  return { correlationId: context.correlationId, causationId: context.causationId, principal: context.principal };
}
