// The evidence graph of one of the caller's completed runs, with the caller's decisions on its candidates.
import { buildEvidenceGraph, CandidateDecision, EvidenceGraph } from '../../domain/workspace/evidence-graph';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { OwnedRun } from '../../projections/workspace/runs.queries';
import { currentReviewsOf } from '../reviews/review-history';
import { DossierReader } from './dossier-reader';
import { loadCompletedRuns } from './owned-runs';

export type RunEvidenceGraphResult =
  | { kind: 'graph'; graph: { run_id: string; disease_id: string } & EvidenceGraph }
  | { kind: 'not_found'; runIds: string[] }
  | { kind: 'no_dossier'; run: OwnedRun };

export async function runEvidenceGraph(deps: { store: EventStore; blobs: BlobStore }, input: { runId: string; researcherId: string }): Promise<RunEvidenceGraphResult> {
  const loaded = await loadCompletedRuns(deps.store, [input.runId], input.researcherId);
  if (loaded.kind !== 'completed') return loaded;
  const run = loaded.runs[0]!;
  const dossier = await new DossierReader(deps.blobs).dossier(run.dossierHash!);
  const decisions: Record<string, CandidateDecision> = {};
  for (const review of await currentReviewsOf(deps.store, run.runId, input.researcherId)) {
    decisions[review.candidate_id] = { candidate_type: review.candidate_type, decision: review.decision, updated_at: review.updated_at };
  }
  return { kind: 'graph', graph: { run_id: run.runId, disease_id: run.diseaseId, ...buildEvidenceGraph(dossier, decisions) } };
}
