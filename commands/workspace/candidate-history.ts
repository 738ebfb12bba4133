// One candidate across the caller's latest completed runs: every run that ranks it and the other runs of
// the same diseases (present: false, so a disappearance shows), the evidence it rests on added and
// removed between consecutive runs of the same disease, and every save of the caller's review of it.
import type { Dossier } from '../../domain/workspace/dossier-types';
import { CandidateKind, candidateEvidenceIds, diffIds, evidenceRef, findRanking } from '../../domain/workspace/run-comparison';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { RunsQueries } from '../../projections/workspace/runs.queries';
import { reviewHistory } from '../reviews/review-history';
import { currentReviews, reviewEventViews } from '../reviews/review-views';
import { DossierReader } from './dossier-reader';
import { byTime } from './owned-runs';

/** How many completed runs a candidate history considers (the latest ones). */
export const CANDIDATE_HISTORY_RUNS = 100;

export interface CandidateHistoryInput {
  researcherId: string;
  candidateId: string;
  candidateType: CandidateKind;
  diseaseId?: string;
}

export type CandidateHistory = Awaited<ReturnType<typeof candidateHistory>>;

/** Always answers: a candidate never ranked gives empty lists. */
export async function candidateHistory(deps: { store: EventStore; blobs: BlobStore; runs: RunsQueries }, input: CandidateHistoryInput) {
  const { researcherId: researcher, candidateId, candidateType: kind } = input;
  const listed = await deps.runs.listCompleted(researcher, {
    limit: CANDIDATE_HISTORY_RUNS, ...(input.diseaseId ? { diseaseId: input.diseaseId } : {}),
  });
  const all = listed.runs.sort(byTime);
  const reader = new DossierReader(deps.blobs);
  const dossiers = await reader.many(all.map((r) => r.dossierHash!));
  const rankedIn = new Set(all.filter((_, i) => findRanking(dossiers[i]!, kind, candidateId)).map((r) => r.diseaseId));
  const entries = all.map((run, i) => ({ run, dossier: dossiers[i]! })).filter((e) => rankedIn.has(e.run.diseaseId));

  const histories = await Promise.all(entries.map((e) => reviewHistory(deps.store, e.run.runId, researcher)));
  let label: string | null = null;
  const runs = entries.map(({ run, dossier }, i) => {
    const ranking = findRanking(dossier, kind, candidateId);
    if (ranking) label = ranking.label;
    const review = currentReviews(histories[i]!.events).find((r) => r.candidate_id === candidateId);
    return {
      run_id: run.runId, disease_id: run.diseaseId, question: run.question, requested_at: run.requestedAt, finished_at: run.finishedAt,
      present: ranking !== undefined, score: ranking?.score ?? null, rank: ranking?.rank ?? null, confidence_band: ranking?.confidence_band ?? null,
      evidence_ids: candidateEvidenceIds(dossier, candidateId, kind),
      decision: review ? { decision: review.decision, updated_at: review.updated_at, changed_mind: review.changed_mind } : null,
    };
  });

  const evidenceChanges: unknown[] = [];
  const previous = new Map<string, number>();
  entries.forEach(({ run, dossier }, i) => {
    const j = previous.get(run.diseaseId);
    previous.set(run.diseaseId, i);
    if (j === undefined) return;
    const before = entries[j]!.dossier;
    const diff = diffIds(runs[j]!.evidence_ids, runs[i]!.evidence_ids);
    const item = (d: Dossier, id: string) => d.evidence.find((e) => e.evidence_id === id);
    evidenceChanges.push({
      from_run_id: entries[j]!.run.runId, to_run_id: run.runId,
      added: diff.added.map((id) => item(dossier, id)).filter((e) => e !== undefined).map(evidenceRef),
      removed: diff.removed.map((id) => item(before, id)).filter((e) => e !== undefined).map(evidenceRef),
    });
  });

  const reviews = entries.flatMap(({ run }, i) => reviewEventViews(histories[i]!.events)
    .filter((e) => e.candidate_id === candidateId)
    .map((e) => ({
      event: e.event, run_id: run.runId, event_id: e.event_id, saved_at: e.saved_at, decision: e.decision, previous_decision: e.previous_decision,
      ...(e.reason === undefined ? {} : { reason: e.reason }),
      rationale: e.rationale, notes: e.notes, tags: e.tags, changed_mind: e.changed_mind,
    })))
    .sort((a, b) => a.saved_at.localeCompare(b.saved_at) || a.event_id.localeCompare(b.event_id));

  return {
    candidate_id: candidateId, candidate_type: kind, disease_id: input.diseaseId ?? null, label,
    runs, evidence_changes: evidenceChanges, reviews, truncated: listed.more,
  };
}
