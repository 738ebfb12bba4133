// What the biomed store's use cases need from the runtime's parts (apart from app/biomed.compose.ts, so
// the runtime's start-up seed can use it without importing the runtime's consumers).
import type { BiomedDeps } from '../commands/biomed/snapshot-events';
import type { Clock } from '../infra/clock/clock';
import type { Settings } from '../infra/config/settings';
import type { Database } from '../infra/db/database';
import type { EventStore } from '../infra/event-store/event-store';

/** Snapshot events join the import transaction only when the log is the PostgreSQL store of that database. */
export function biomedDeps(settings: Pick<Settings, 'eventStoreUrl'>, db: Database, store: EventStore, clock?: Clock): BiomedDeps {
  return { knex: db.knex, store, logInDatabase: !settings.eventStoreUrl, clock };
}
