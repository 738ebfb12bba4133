// Clearing the evidence-source response cache is an operator action worth an audit trail (spec §4.7):
// who cleared which namespace (null: all), when, and how many entries went.
import type { DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';

export type CacheAdminEvent = DomainEvent<'CacheCleared', { namespace: string | null; removed: number; at: string }>;

export const CACHE_ADMIN_EVENT_SCHEMAS: EventSchemas<CacheAdminEvent['type']> = { CacheCleared: { current: 1 } };

export const CACHE_ADMIN_STREAM = 'cacheadmin-service';
