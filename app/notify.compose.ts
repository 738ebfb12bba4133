// Wiring of alerts, notifications and the weekly digest: the narrow dependencies their routes, use
// cases and scheduler duty take, built from a runtime. Transport test seams (infra/notifications/
// transport-options.ts) are read on every use, because tests attach them after the app is built.
import type { DigestDeps } from '../commands/digest/deliver-digest';
import type { AlertDispatcherDeps } from '../commands/notifications/dispatch-pending-alerts';
import { dispatchPendingAlerts } from '../commands/notifications/dispatch-pending-alerts';
import type { AlertRouteDeps } from '../api/alerts/alerts.routes';
import type { DigestRouteDeps } from '../api/digest/digest.routes';
import type { NotificationRouteDeps } from '../api/notifications/notifications.routes';
import { BlobStore } from '../infra/blobs/blob-store';
import type { Clock } from '../infra/clock/clock';
import type { Logger } from '../infra/logging/logger';
import { NotificationTransportOptions, notificationTransportOptions } from '../infra/notifications/transport-options';
import { alertsQueries } from '../projections/alerts/alerts.queries';
import { digestDeliveriesQueries } from '../projections/digest/digest-deliveries.queries';
import { notificationSettingsQueries } from '../projections/notifications/notification-settings.queries';
import { reviewActivityQueries } from '../projections/reviews/review-activity.queries';
import { runActivityQueries } from '../projections/workspace/run-activity.queries';
import type { Settings } from '../infra/config/settings';
import type { Database } from '../infra/db/database';
import type { EventStore } from '../infra/event-store/event-store';

/** The parts of the runtime these capabilities use (not the Runtime type: app/runtime.ts imports this folder). */
export interface NotifyRuntime {
  store: EventStore;
  db: Pick<Database, 'knex'>;
  settings: Settings;
  clock: Clock;
}

interface Overrides {
  logger: Logger;
  /** Replaces the runtime's attached transport options (tests). */
  options?: NotificationTransportOptions;
}

/** The notification clock: the transport seam's `now` when a test sets one, else the runtime's clock. */
export function notificationClock(runtime: NotifyRuntime, options?: () => NotificationTransportOptions): Clock {
  const current = options ?? (() => notificationTransportOptions(runtime));
  return { now: () => (current().now ?? (() => runtime.clock.now()))() };
}

export function alertDispatcherDeps(runtime: NotifyRuntime, { logger, options }: Overrides): AlertDispatcherDeps {
  const current = () => options ?? notificationTransportOptions(runtime);
  return {
    store: runtime.store, alerts: alertsQueries(runtime.db.knex), settings: runtime.settings, logger,
    clock: notificationClock(runtime, current),
    get options() { return current(); },
  };
}

export function digestDeps(runtime: NotifyRuntime, { logger, options }: Overrides): DigestDeps {
  const { knex } = runtime.db;
  const current = () => options ?? notificationTransportOptions(runtime);
  return {
    store: runtime.store,
    reads: { runs: runActivityQueries(knex), reviews: reviewActivityQueries(knex), alerts: alertsQueries(knex), dossiers: new BlobStore(knex) },
    subscribers: notificationSettingsQueries(knex), deliveries: digestDeliveriesQueries(knex),
    settings: runtime.settings, logger, clock: notificationClock(runtime, current),
    get options() { return current(); },
  };
}

const dispatchFor = (runtime: NotifyRuntime) =>
  (researcherId: string, context: Parameters<typeof dispatchPendingAlerts>[2], logger: Logger) =>
    dispatchPendingAlerts(alertDispatcherDeps(runtime, { logger }), researcherId, context);

export function alertRouteDeps(runtime: NotifyRuntime): AlertRouteDeps {
  return { store: runtime.store, alerts: alertsQueries(runtime.db.knex), dispatchPendingAlerts: dispatchFor(runtime) };
}

export function notificationRouteDeps(runtime: NotifyRuntime): NotificationRouteDeps {
  return { store: runtime.store, settings: runtime.settings, alerts: alertsQueries(runtime.db.knex), dispatchPendingAlerts: dispatchFor(runtime) };
}

export function digestRouteDeps(runtime: NotifyRuntime): DigestRouteDeps {
  return {
    settings: runtime.settings, clock: notificationClock(runtime),
    deliveries: digestDeliveriesQueries(runtime.db.knex),
    digest: (logger) => digestDeps(runtime, { logger }),
  };
}
