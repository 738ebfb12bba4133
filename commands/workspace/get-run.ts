// One of the caller's saved runs: request, source statuses, dossier, generated HTML, status. Read from
// the run's stream, not the read model, so a run is readable the moment it exists.
import type { ResearchRequest } from '../../domain/workspace/dossier-types';
import type { SourceStatus } from '../../domain/workspace/sources';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { RunStatus } from '../../projections/workspace/runs.queries';
import { loadOwnedRunState } from './owned-runs';

export interface RunDetail {
  run_id: string;
  status: RunStatus;
  request: ResearchRequest;
  source_statuses: SourceStatus[];
  dossier: unknown;
  /** Undefined only when the stored HTML blob is missing (the field is then left out). */
  html: string | null | undefined;
  error: string | null;
}

export type GetRunResult = { kind: 'found'; run: RunDetail } | { kind: 'not_found' };

export async function getRun(deps: { store: EventStore; blobs: BlobStore }, input: { runId: string; researcherId: string }): Promise<GetRunResult> {
  const run = await loadOwnedRunState(deps.store, input.runId, input.researcherId);
  if (!run) return { kind: 'not_found' };
  return {
    kind: 'found',
    run: {
      run_id: input.runId,
      status: run.phase === 'requested' ? 'running' : run.phase as 'completed' | 'failed',
      request: run.request!,
      source_statuses: run.sources,
      dossier: run.dossierHash ? await deps.blobs.getJson(run.dossierHash) : null,
      html: run.htmlHash ? await deps.blobs.getText(run.htmlHash) : null,
      error: run.error ?? null,
    },
  };
}
