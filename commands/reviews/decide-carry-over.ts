// Recording the researcher's carry-over decision for one of their runs (issue 30): declining the carry-over of
// an earlier run's reviews, or taking the decline back. On the run's review stream, owner only; the same
// decision again appends nothing. The earlier run must be another of the caller's own runs.
import { carryOverDecider } from '../../domain/reviews/carry-over';
import { reviewStreamId } from '../../domain/reviews/review';
import { DomainError } from '../../domain/shared/decider';
import type { ValidationDetail } from '../../domain/shared/schema-validation';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';
import { loadOwnedRunState } from '../workspace/owned-runs';
import { etagOfRevision } from './review-etag';

export interface DecideCarryOverInput {
  runId: string;
  researcherId: string;
  fromRunId: string;
  declined: boolean;
}

export type DecideCarryOverResult =
  | { kind: 'decided'; etag: string; declinedFrom: string | null; appended: number }
  /** Missing, deleted, or another researcher's run. */
  | { kind: 'not_found' }
  /** The earlier run is not another of the caller's runs. */
  | { kind: 'invalid'; details: ValidationDetail[] };

export async function decideCarryOver(store: EventStore, input: DecideCarryOverInput, context: CommandContext): Promise<DecideCarryOverResult> {
  const { runId, researcherId, fromRunId, declined } = input;
  if (!(await loadOwnedRunState(store, runId, researcherId))) return { kind: 'not_found' };
  const invalid = (msg: string, type: string): DecideCarryOverResult => ({ kind: 'invalid', details: [{ loc: ['body', 'from_run_id'], msg, type }] });
  if (fromRunId === runId) return invalid('is this run: a run carries nothing over from itself', 'same_run');
  if (!(await loadOwnedRunState(store, fromRunId, researcherId))) return invalid('names none of your runs', 'unknown_run');
  const command = { type: 'DecideCarryOver', runId, researcherId, fromRunId, declined, at: context.now.toISOString() } as const;
  try {
    const result = await handleCommand(store, reviewStreamId(runId), carryOverDecider, command, context, { retries: 5 });
    return { kind: 'decided', etag: etagOfRevision(result.revision), declinedFrom: result.state.declinedFrom, appended: result.appended };
  } catch (error) {
    if (error instanceof DomainError) return invalid(error.message, error.code);
    throw error;
  }
}
