// The one place the event-store adapter is chosen: EventStoreDB when EVENTSTORE_URL is set, else
// PostgreSQL (or PGlite) on the service's database; always behind the versioning wrapper, so every
// append is stamped with its schema version and every read is upcast (docs/event-versioning.md).
import type { Settings } from '../infra/config/settings';
import type { Database } from '../infra/db/database';
import type { EventStore } from '../infra/event-store/event-store';
import { EventStoreDbEventStore } from '../infra/event-store/eventstoredb-event-store';
import { PostgresEventStore } from '../infra/event-store/postgres-event-store';
import { versioned } from '../infra/event-store/versioned-event-store';
import type { Logger } from '../infra/logging/logger';

export function openEventStore(settings: Pick<Settings, 'eventStoreUrl'>, db: Database, logger?: Logger): EventStore {
  return versioned(settings.eventStoreUrl
    ? new EventStoreDbEventStore(settings.eventStoreUrl)
    : new PostgresEventStore(db.knex, logger ? { onReadError: (err) => logger.warn({ err }, 'event store read failed; retrying') } : {}));
}
