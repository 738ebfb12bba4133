// The auditor's replay of one run (evidence audit replay): the run must exist in the log, in any state
// but never-requested. An unknown or malformed id is "no such run", never an empty, matching replay.
import { runDecider, runStreamId } from '../../domain/workspace/run';
import { EventStore, StreamDeletedError } from '../../infra/event-store/event-store';
import type { ReviewsQueries } from '../../projections/reviews/reviews.queries';
import { loadState } from '../shared/load-state';
import { isRunId } from '../workspace/owned-runs';
import { replayReviews, ReplayResult } from './replay-reviews';

export type AuditRunResult =
  | { kind: 'replayed'; result: ReplayResult }
  | { kind: 'not_found'; reason: 'malformed_id' | 'unknown_run' | 'deleted_run' };

export async function auditRunReviews(store: EventStore, readModel: ReviewsQueries, runId: string, asOf?: Date): Promise<AuditRunResult> {
  if (!isRunId(runId)) return { kind: 'not_found', reason: 'malformed_id' };
  const { state } = await loadState(store, runStreamId(runId), runDecider);
  if (state.phase === 'none') return { kind: 'not_found', reason: 'unknown_run' };
  try {
    return { kind: 'replayed', result: await replayReviews(store, readModel, runId, asOf) };
  } catch (error) {
    if (error instanceof StreamDeletedError) return { kind: 'not_found', reason: 'deleted_run' };
    throw error;
  }
}
