// What the biomedical store needs from the runtime: the database and the event log, and whether the
// log lives in that same database (then snapshot events join the import transaction).
import type { BiomedDeps } from '../../commands/biomed/snapshot-events';
import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import type { EventStore } from '../event-store/event-store';

export function biomedDeps(settings: Pick<Settings, 'eventStoreUrl'>, db: Database, store: EventStore): BiomedDeps {
  return { knex: db.knex, store, logInDatabase: !settings.eventStoreUrl };
}
