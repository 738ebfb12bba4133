import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '../../infra/event-store/event-store';

export function testMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    correlationId: randomUUID(),
    causationId: randomUUID(),
    principal: { kind: 'researcher', id: 'alice' },
    ...overrides,
  };
}

export function testEvent<T>(type: string, data: T, metadata: EventMetadata = testMetadata()): NewEvent<T> {
  return { id: randomUUID(), type, data, metadata };
}

export function uniqueStream(category = 'test'): string {
  return `${category}-${randomUUID()}`;
}
