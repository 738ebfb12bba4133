// The caller's own runs read from their streams (readable the moment they exist, as GET
// /api/workspace/runs/{id} reads them). Another researcher's run is never returned: it reads exactly
// like a missing or deleted one.
import { runDecider, RunEvent, RunState, runStreamId } from '../../domain/workspace/run';
import type { EventStore } from '../../infra/event-store/event-store';
import type { OwnedRun } from '../../projections/workspace/runs.queries';
import { foldRecorded, loadState, toDomainEvent } from '../shared/load-state';

// Run ids are UUIDs; an id of any other shape names no run (404, spec §7), and never reaches a stream
// name or a uuid column.
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRunId(value: string): boolean {
  return RUN_ID.test(value);
}

/** The run's state when it exists, is not deleted and belongs to the researcher. */
export async function loadOwnedRunState(store: EventStore, runId: string, researcherId: string): Promise<RunState | undefined> {
  if (!isRunId(runId)) return undefined;
  const { state } = await loadState(store, runStreamId(runId), runDecider);
  return isOwned(state, researcherId) ? state : undefined;
}

/** The caller's run with its request and finish times, or undefined when it is missing, deleted or someone else's. */
export async function loadOwnedRun(store: EventStore, runId: string, researcherId: string): Promise<OwnedRun | undefined> {
  if (!isRunId(runId)) return undefined;
  const events = await store.readStream(runStreamId(runId));
  const state = foldRecorded(runDecider, events);
  if (!isOwned(state, researcherId)) return undefined;
  let requestedAt = '';
  let finishedAt: string | null = null;
  for (const event of events.map((e) => toDomainEvent<RunEvent>(e))) {
    if (event.type === 'RunRequested') requestedAt = event.data.at;
    if (event.type === 'RunCompleted' || event.type === 'RunFailed') finishedAt = event.data.at;
  }
  return {
    runId, diseaseId: state.request!.disease_id, question: state.request!.question, request: state.request!,
    status: state.phase === 'requested' ? 'running' : state.phase as 'completed' | 'failed',
    dossierHash: state.dossierHash ?? null, summary: state.summary ?? null, requestedAt, finishedAt,
  };
}

export type CompletedRunsResult =
  | { kind: 'completed'; runs: OwnedRun[] }
  /** Some run is missing, deleted or another researcher's (each id once). */
  | { kind: 'not_found'; runIds: string[] }
  /** Some run has no dossier yet: still running, or failed. */
  | { kind: 'no_dossier'; run: OwnedRun };

/** The caller's runs, all of which must be completed with a dossier (not_found is checked before no_dossier). */
export async function loadCompletedRuns(store: EventStore, runIds: readonly string[], researcherId: string): Promise<CompletedRunsResult> {
  const runs = await Promise.all(runIds.map((id) => loadOwnedRun(store, id, researcherId)));
  const missing = runIds.filter((_, i) => !runs[i]);
  if (missing.length > 0) return { kind: 'not_found', runIds: [...new Set(missing)] };
  const owned = runs as OwnedRun[];
  const pending = owned.find((run) => run.status !== 'completed' || !run.dossierHash);
  if (pending) return { kind: 'no_dossier', run: pending };
  return { kind: 'completed', runs: owned };
}

/** Runs in time order: requested first, then finished, then id (so the order is total). */
export function byTime(a: OwnedRun, b: OwnedRun): number {
  return a.requestedAt.localeCompare(b.requestedAt) || (a.finishedAt ?? '').localeCompare(b.finishedAt ?? '') || a.runId.localeCompare(b.runId);
}

function isOwned(state: RunState, researcherId: string): boolean {
  return state.phase !== 'none' && state.phase !== 'deleted' && state.researcherId === researcherId;
}
