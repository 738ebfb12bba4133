// Every read model the service runs. Add a projector here and the runner creates, feeds and rebuilds it.
import type { Projector } from './projector';
import { streamCatalogProjector } from './catalog/stream-catalog.projector';
import { jobStatusProjector } from './jobs/job-status.projector';
import { workspaceRunsProjector } from './workspace/runs.projector';
import { reviewsProjector } from './reviews/reviews.projector';
import { alertsProjector } from './alerts/alerts.projector';
import { notificationSettingsProjector } from './notifications/notification-settings.projector';
import { digestDeliveriesProjector } from './digest/digest-deliveries.projector';
import { biomedSnapshotsProjector } from './biomed/snapshots.projector';
import { moduleResultsProjector } from './module-results/module-results.projector';
import { activityProjector } from './operations/activity.projector';

export const allProjectors: readonly Projector[] = [streamCatalogProjector, jobStatusProjector, workspaceRunsProjector, reviewsProjector,
  alertsProjector, notificationSettingsProjector, digestDeliveriesProjector, biomedSnapshotsProjector, moduleResultsProjector,
  activityProjector];
