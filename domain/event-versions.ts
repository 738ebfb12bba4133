// Every event type the service writes, with its current schema version and upcasters: one registry
// the event store's versioned reader uses (infra/event-store/versioned-event-store.ts). Each
// capability declares its own types beside its event union; a type missing there does not compile,
// a type declared twice fails here at start-up.
import { EventSchemaRegistry, type EventSchemas } from './shared/event-schema';
import { ALERT_EVENT_SCHEMAS } from './alerts/alert';
import { RESEARCH_RUN_EVENT_SCHEMAS } from './biomed/research-run';
import { SNAPSHOT_EVENT_SCHEMAS } from './biomed/snapshot-lifecycle';
import { DIGEST_EVENT_SCHEMAS } from './digest/digest';
import { JOB_EVENT_SCHEMAS } from './jobs/job';
import { DELIVERY_EVENT_SCHEMAS } from './notifications/delivery';
import { NOTIFICATION_SETTINGS_EVENT_SCHEMAS } from './notifications/settings';
import { CARRY_OVER_EVENT_SCHEMAS } from './reviews/carry-over';
import { REVIEW_EVENT_SCHEMAS } from './reviews/review';
import { RUN_EVENT_SCHEMAS } from './workspace/run';
import { MODULE_RESULT_EVENT_SCHEMAS } from './operations/module-results';
import { CACHE_ADMIN_EVENT_SCHEMAS } from './operations/cache-admin';
import { DISEASE_ADMIN_EVENT_SCHEMAS } from './operations/disease-admin';
import { CORPUS_STATUS_EVENT_SCHEMAS } from './operations/corpus-status';
import { MONITOR_EVENT_SCHEMAS } from './operations/monitor';

/**
 * The marker a tombstone appends (STREAM_DELETED of infra/event-store/event-store.ts, spelled here
 * because domain/ imports nothing outside domain/; a test checks the two agree). The store writes it
 * itself, so it is never stamped; it is declared so that a change of its shape would need a version.
 */
export const STREAM_DELETED_MARKER = '$streamDeleted';

const STREAM_MARKER_SCHEMAS: EventSchemas<typeof STREAM_DELETED_MARKER> = { [STREAM_DELETED_MARKER]: { current: 1 } };

export const EVENT_SCHEMAS = [
  RUN_EVENT_SCHEMAS, REVIEW_EVENT_SCHEMAS, CARRY_OVER_EVENT_SCHEMAS, JOB_EVENT_SCHEMAS, ALERT_EVENT_SCHEMAS, DELIVERY_EVENT_SCHEMAS,
  NOTIFICATION_SETTINGS_EVENT_SCHEMAS, DIGEST_EVENT_SCHEMAS, SNAPSHOT_EVENT_SCHEMAS, RESEARCH_RUN_EVENT_SCHEMAS, STREAM_MARKER_SCHEMAS,
  MODULE_RESULT_EVENT_SCHEMAS, CACHE_ADMIN_EVENT_SCHEMAS, DISEASE_ADMIN_EVENT_SCHEMAS, CORPUS_STATUS_EVENT_SCHEMAS, MONITOR_EVENT_SCHEMAS,
] as const;

export const eventSchemaRegistry = new EventSchemaRegistry(EVENT_SCHEMAS);
