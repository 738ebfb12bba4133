// Every read model the service runs. Add a projector here and the runner creates, feeds and rebuilds it.
import type { Projector } from './projector';
import { streamCatalogProjector } from './catalog/stream-catalog.projector';
import { jobStatusProjector } from './jobs/job-status.projector';
import { workspaceRunsProjector } from './workspace/runs.projector';
import { reviewsProjector } from './reviews/reviews.projector';

export const allProjectors: readonly Projector[] = [streamCatalogProjector, jobStatusProjector, workspaceRunsProjector, reviewsProjector];
