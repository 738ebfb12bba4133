// Undoing saved reviews (issue 30: "undo after saving carried-over reviews"): ReviewWithdrawn events in the
// run's append-only review history, one per candidate, all or none. Nothing is changed or removed: the saves
// stay in the history (and in an audit replay) and the candidates read as unreviewed after it. Only the run's
// owner, only candidates with a current review; If-Match as for saves (a moved-on history is refused).
import { reviewDecider, reviewStreamId } from '../../domain/reviews/review';
import { DomainError } from '../../domain/shared/decider';
import type { ValidationDetail } from '../../domain/shared/schema-validation';
import { EventStore, WrongExpectedRevisionError } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';
import { loadOwnedRunState } from '../workspace/owned-runs';
import { etagOfRevision, parseIfMatch } from './review-etag';
import { reviewHistory } from './review-history';

export interface WithdrawReviewsInput {
  runId: string;
  researcherId: string;
  candidateIds: string[];
  reason: string;
  /** The If-Match header as sent, if any. */
  ifMatch?: string;
}

export type WithdrawReviewsResult =
  | { kind: 'withdrawn'; etag: string; withdrawn: string[] }
  /** Missing, deleted, or another researcher's run. */
  | { kind: 'not_found' }
  | { kind: 'stale'; reason: 'malformed' | 'changed'; currentEtag: string }
  /** A candidate without a current review (never reviewed, or withdrawn already). */
  | { kind: 'invalid'; details: ValidationDetail[] };

export async function withdrawReviews(store: EventStore, input: WithdrawReviewsInput, context: CommandContext): Promise<WithdrawReviewsResult> {
  const { runId, researcherId } = input;
  if (!(await loadOwnedRunState(store, runId, researcherId))) return { kind: 'not_found' };
  const expected = parseIfMatch(input.ifMatch);
  const currentEtag = async () => (await reviewHistory(store, runId, researcherId)).etag;
  if (expected === 'invalid') return { kind: 'stale', reason: 'malformed', currentEtag: await currentEtag() };
  const command = { type: 'WithdrawReviews', runId, researcherId, candidateIds: input.candidateIds, reason: input.reason, at: context.now.toISOString() } as const;
  try {
    const result = await handleCommand(store, reviewStreamId(runId), reviewDecider, command, context,
      expected === undefined ? { retries: 5 } : { expectedRevision: expected - 1 });
    return { kind: 'withdrawn', etag: etagOfRevision(result.revision), withdrawn: [...new Set(input.candidateIds)] };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return { kind: 'stale', reason: 'changed', currentEtag: await currentEtag() };
    if (error instanceof DomainError) return { kind: 'invalid', details: [{ loc: ['body', 'candidate_ids'], msg: error.message, type: error.code }] };
    throw error;
  }
}
