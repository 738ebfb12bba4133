// Saving one candidate's decision (spec §4.5): a ReviewSaved event in the run's append-only review
// history. Only the run's owner reviews it, only once it has a dossier, and only candidates of that
// dossier's rankings. With If-Match (an ETag of the history) a history that moved on is refused
// (stale), never overwritten; without it the save re-decides on the latest history.
import { DomainError } from '../../domain/shared/decider';
import type { ValidationDetail } from '../../domain/shared/schema-validation';
import { CandidateKind, Decision, reviewDecider, reviewStreamId } from '../../domain/reviews/review';
import type { Dossier } from '../../domain/workspace/dossier-types';
import type { BlobStore } from '../../infra/blobs/blob-store';
import { EventStore, WrongExpectedRevisionError } from '../../infra/event-store/event-store';
import { performance } from 'node:perf_hooks';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';
import { loadOwnedRunState } from '../workspace/owned-runs';
import { etagOfRevision, parseIfMatch } from './review-etag';
import { reviewHistory } from './review-history';
import { CurrentReview, currentReviews } from './review-views';

/**
 * A save without If-Match is last-write-wins: after a concurrent save it re-reads and re-decides until it
 * lands. Bounded by time, not a count (20 writers on one history need more than 5 rounds), with a short
 * jittered pause so contenders spread out.
 */
const UNCONDITIONAL_SAVE_DEADLINE_MS = 10_000;
const RETRY_PAUSE_MS = 15;

export interface ReviewToSave {
  candidate_id: string;
  candidate_type: CandidateKind;
  decision: Decision;
  rationale: string;
  notes: string;
  tags: string[];
  changed_mind: string | null;
}

export interface SaveReviewInput {
  runId: string;
  researcherId: string;
  review: ReviewToSave;
  /** The If-Match header as sent, if any. */
  ifMatch?: string;
}

export type SaveReviewResult =
  | { kind: 'saved'; etag: string; review: CurrentReview }
  /** Missing, deleted, or another researcher's run. */
  | { kind: 'not_found' }
  /** The run has no dossier (still running, or failed): nothing to review yet. */
  | { kind: 'not_reviewable'; phase: 'running' | 'failed' }
  | { kind: 'candidate_not_in_run'; candidateType: CandidateKind }
  /** If-Match is not an ETag of this history (malformed) or names an older one (changed). */
  | { kind: 'stale'; reason: 'malformed' | 'changed'; currentEtag: string }
  /** The decider refused the save (e.g. a candidate reviewed before under the other type). */
  | { kind: 'invalid'; details: ValidationDetail[] }
  /** Without If-Match, other saves kept winning until the deadline: try again shortly. */
  | { kind: 'busy' };

export async function saveReview(
  deps: { store: EventStore; blobs: BlobStore },
  input: SaveReviewInput,
  context: CommandContext,
): Promise<SaveReviewResult> {
  const { store } = deps;
  const { runId, researcherId, review } = input;
  const run = await loadOwnedRunState(store, runId, researcherId);
  if (!run) return { kind: 'not_found' };
  if (run.phase !== 'completed') return { kind: 'not_reviewable', phase: run.phase === 'requested' ? 'running' : 'failed' };
  if (!(await isCandidateOf(deps.blobs, run.dossierHash!, review.candidate_id, review.candidate_type))) {
    return { kind: 'candidate_not_in_run', candidateType: review.candidate_type };
  }
  const expected = parseIfMatch(input.ifMatch);
  const currentEtag = async () => (await reviewHistory(store, runId, researcherId)).etag;
  if (expected === 'invalid') return { kind: 'stale', reason: 'malformed', currentEtag: await currentEtag() };
  const command = {
    type: 'SaveReview', runId, researcherId, at: context.now.toISOString(),
    candidateId: review.candidate_id, candidateType: review.candidate_type, decision: review.decision,
    rationale: review.rationale, notes: review.notes, tags: review.tags, changedMind: review.changed_mind,
  } as const;
  try {
    const result = expected === undefined
      ? await saveUntilItLands(() => handleCommand(store, reviewStreamId(runId), reviewDecider, command, context))
      : await handleCommand(store, reviewStreamId(runId), reviewDecider, command, context, { expectedRevision: expected - 1 });
    if (result === 'busy') return { kind: 'busy' };
    const history = await reviewHistory(store, runId, researcherId);
    const saved = currentReviews(history.events).find((r) => r.candidate_id === review.candidate_id)!;
    return { kind: 'saved', etag: etagOfRevision(result.revision), review: saved };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return { kind: 'stale', reason: 'changed', currentEtag: await currentEtag() };
    if (error instanceof DomainError) return { kind: 'invalid', details: [{ loc: ['body', 'candidate_type'], msg: error.message, type: error.code }] };
    throw error;
  }
}

/** Re-runs an unconditional save after each concurrent write until it lands or the deadline passes. */
async function saveUntilItLands<T>(attempt: () => Promise<T>): Promise<T | 'busy'> {
  const deadline = performance.now() + UNCONDITIONAL_SAVE_DEADLINE_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (performance.now() >= deadline) return 'busy';
      await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_PAUSE_MS));
    }
  }
}

async function isCandidateOf(blobs: BlobStore, dossierHash: string, candidateId: string, candidateType: CandidateKind): Promise<boolean> {
  const dossier = await blobs.getJson<Dossier>(dossierHash);
  const rankings = candidateType === 'drug' ? dossier?.drug_rankings : dossier?.target_rankings;
  return rankings?.some((r) => r.candidate_id === candidateId) ?? false;
}
