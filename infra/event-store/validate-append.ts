// Checks shared by every adapter, so a bad append fails the same way whichever store is behind the port.
import { ExpectedRevision, InvalidAppendError, NewEvent, StreamAppend } from './event-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function validateAppend(streamId: string, events: NewEvent[], expected: ExpectedRevision): void {
  validateTarget(streamId, expected);
  validateEvents(events);
}

export function validateTarget(streamId: string, expected: ExpectedRevision): void {
  if (typeof streamId !== 'string' || streamId.length === 0 || streamId.startsWith('$')) {
    throw new InvalidAppendError(`invalid stream id ${JSON.stringify(streamId)}`);
  }
  if (!(expected === 'any' || expected === 'no_stream' || expected === 'stream_exists' ||
    (typeof expected === 'number' && Number.isSafeInteger(expected) && expected >= 0))) {
    throw new InvalidAppendError(`invalid expected revision ${JSON.stringify(expected)}`);
  }
}

export function validateEvents(events: NewEvent[]): void {
  if (!Array.isArray(events) || events.length === 0) {
    throw new InvalidAppendError('an append needs at least one event');
  }
  const ids = new Set<string>();
  for (const event of events) {
    if (!UUID.test(event.id)) throw new InvalidAppendError(`event id ${JSON.stringify(event.id)} is not a UUID`);
    if (ids.has(event.id.toLowerCase())) throw new InvalidAppendError(`event id ${event.id} appears twice in one append`);
    ids.add(event.id.toLowerCase());
    if (typeof event.type !== 'string' || event.type.length === 0 || event.type.startsWith('$')) {
      throw new InvalidAppendError(`invalid event type ${JSON.stringify(event.type)}`);
    }
    const meta = event.metadata;
    if (!meta || typeof meta.correlationId !== 'string' || typeof meta.causationId !== 'string' ||
      !meta.principal || typeof meta.principal.id !== 'string' || typeof meta.principal.kind !== 'string') {
      throw new InvalidAppendError(`event ${event.id} lacks correlationId, causationId or principal metadata`);
    }
  }
}

/** An atomic append: at least one stream, each named once, each part valid, no event id used twice. */
export function validateAtomicAppend(appends: StreamAppend[]): void {
  if (!Array.isArray(appends) || appends.length === 0) throw new InvalidAppendError('an atomic append needs at least one stream');
  const streams = new Set<string>();
  const ids = new Set<string>();
  for (const { streamId, events, expected = 'any' } of appends) {
    validateAppend(streamId, events, expected);
    if (streams.has(streamId)) throw new InvalidAppendError(`stream ${streamId} appears twice in one atomic append`);
    streams.add(streamId);
    for (const event of events) {
      if (ids.has(event.id.toLowerCase())) throw new InvalidAppendError(`event id ${event.id} appears twice in one atomic append`);
      ids.add(event.id.toLowerCase());
    }
  }
}
