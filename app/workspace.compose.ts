// The narrow dependencies of the Workspace's run, review, across-runs and review-bundle routes, built
// from the runtime's adapters (the routes never see the whole Runtime).
import { BlobStore } from '../infra/blobs/blob-store';
import type { EventStore } from '../infra/event-store/event-store';
import { runsQueries, RunsQueries } from '../projections/workspace/runs.queries';
import type { Runtime } from './runtime';

export interface WorkspaceDeps {
  store: EventStore;
  blobs: BlobStore;
  runs: RunsQueries;
}

export function workspaceDeps(runtime: Runtime): WorkspaceDeps {
  return { store: runtime.store, blobs: new BlobStore(runtime.db.knex), runs: runsQueries(runtime.db.knex) };
}
