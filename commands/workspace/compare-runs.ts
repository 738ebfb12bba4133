// Compare two of the caller's completed runs: ranking changes per candidate, evidence added and
// removed, the caller's decisions on the same candidates in each run, and both fingerprints.
import { compareEvidence, compareRankings } from '../../domain/workspace/run-comparison';
import type { Dossier } from '../../domain/workspace/dossier-types';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { OwnedRun } from '../../projections/workspace/runs.queries';
import { currentReviewsOf } from '../reviews/review-history';
import type { CurrentReview } from '../reviews/review-views';
import { DossierReader } from './dossier-reader';
import { loadCompletedRuns } from './owned-runs';
import { runRef } from './run-ref';

export type CompareRunsResult =
  | { kind: 'compared'; comparison: RunComparison }
  | { kind: 'not_found'; runIds: string[] }
  | { kind: 'no_dossier'; run: OwnedRun };

export async function compareRuns(
  deps: { store: EventStore; blobs: BlobStore },
  input: { left: string; right: string; researcherId: string },
): Promise<CompareRunsResult> {
  const researcher = input.researcherId;
  const loaded = await loadCompletedRuns(deps.store, [input.left, input.right], researcher);
  if (loaded.kind !== 'completed') return loaded;
  const [left, right] = loaded.runs as [OwnedRun, OwnedRun];
  const reader = new DossierReader(deps.blobs);
  const [l, r] = await Promise.all([reader.dossier(left.dossierHash!), reader.dossier(right.dossierHash!)]);
  const [leftReviews, rightReviews] = await Promise.all([
    currentReviewsOf(deps.store, left.runId, researcher), currentReviewsOf(deps.store, right.runId, researcher),
  ]);
  return { kind: 'compared', comparison: comparison(left, right, l, r, leftReviews, rightReviews) };
}

export type RunComparison = ReturnType<typeof comparison>;

function comparison(left: OwnedRun, right: OwnedRun, l: Dossier, r: Dossier, leftReviews: readonly CurrentReview[], rightReviews: readonly CurrentReview[]) {
  const evidence = compareEvidence(l.evidence, r.evidence);
  return {
    left: runRef(left, l),
    right: runRef(right, r),
    same_disease: left.diseaseId === right.diseaseId,
    fingerprints: {
      left: l.manifest.provenance.fingerprint,
      right: r.manifest.provenance.fingerprint,
      equal: l.manifest.provenance.fingerprint === r.manifest.provenance.fingerprint,
    },
    rankings: {
      drugs: compareRankings(l.drug_rankings, r.drug_rankings, 'drug'),
      targets: compareRankings(l.target_rankings, r.target_rankings, 'target'),
    },
    evidence: {
      ...evidence,
      added_ids: evidence.added.map((e) => e.evidence_id),
      removed_ids: evidence.removed.map((e) => e.evidence_id),
    },
    reviews: compareReviews(leftReviews, rightReviews),
  };
}

function compareReviews(left: readonly CurrentReview[], right: readonly CurrentReview[]) {
  const before = new Map(left.map((r) => [r.candidate_id, r]));
  const after = new Map(right.map((r) => [r.candidate_id, r]));
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  const side = (r: CurrentReview | undefined) => (r ? { decision: r.decision, updated_at: r.updated_at, changed_mind: r.changed_mind } : null);
  return ids.map((id) => {
    const l = before.get(id);
    const r = after.get(id);
    return {
      candidate_id: id, candidate_type: (l ?? r)!.candidate_type, left: side(l), right: side(r),
      change: !l ? 'only_right' : !r ? 'only_left' : l.decision === r.decision ? 'same' : 'changed',
    };
  });
}
