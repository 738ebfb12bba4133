// Deleting a run is itself an event (RunDeleted); its review history goes with it (the review stream is
// tombstoned) and the read models drop both on RunDeleted. Only the owner deletes: another
// researcher's run reads as missing.
import { DomainError } from '../../domain/shared/decider';
import { reviewStreamId } from '../../domain/reviews/review';
import { EventStore, StreamDeletedError } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { isRunId } from './owned-runs';
import { changeRun } from './run-commands';

export type DeleteRunResult = { kind: 'deleted' } | { kind: 'not_found' };

export async function deleteRun(store: EventStore, input: { runId: string; researcherId: string }, context: CommandContext): Promise<DeleteRunResult> {
  if (!isRunId(input.runId)) return { kind: 'not_found' };
  try {
    await changeRun(store, input.runId, { type: 'DeleteRun', researcherId: input.researcherId, at: context.now.toISOString() }, context);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'run_not_found') return { kind: 'not_found' };
    throw error;
  }
  await store.tombstone(reviewStreamId(input.runId)).catch((error) => {
    if (!(error instanceof StreamDeletedError)) throw error;
  });
  return { kind: 'deleted' };
}
