// Trends across the caller's runs: run summaries, drug and target score series, and evidence changes
// between consecutive completed runs. Runs are the given ids (each must be the caller's) or the
// caller's latest completed runs (optionally of one disease); at most `limit`, the latest, in time order.
import type { ValidationDetail } from '../../domain/shared/schema-validation';
import { CandidateKind, candidateEvidenceChanges, diffIds, rankingsOf } from '../../domain/workspace/run-comparison';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { OwnedRun, RunsQueries } from '../../projections/workspace/runs.queries';
import { DossierReader } from './dossier-reader';
import { byTime, loadOwnedRun } from './owned-runs';
import { runRef } from './run-ref';

export interface RunTrendsInput {
  researcherId: string;
  runIds?: string[];
  diseaseId?: string;
  limit: number;
}

export type RunTrendsResult =
  | { kind: 'trends'; trends: RunTrends }
  | { kind: 'not_found'; runIds: string[] }
  | { kind: 'invalid'; details: ValidationDetail[] };

export async function runTrends(deps: { store: EventStore; blobs: BlobStore; runs: RunsQueries }, input: RunTrendsInput): Promise<RunTrendsResult> {
  const { researcherId: researcher, limit } = input;
  let runs: OwnedRun[];
  let truncated = false;
  if (input.runIds) {
    if (input.diseaseId !== undefined) {
      return { kind: 'invalid', details: [{ loc: ['query', 'disease_id'], msg: 'cannot be combined with run_ids', type: 'exclusive' }] };
    }
    const ids = [...new Set(input.runIds)];
    const loaded = await Promise.all(ids.map((id) => loadOwnedRun(deps.store, id, researcher)));
    const missing = ids.filter((_, i) => !loaded[i]);
    if (missing.length > 0) return { kind: 'not_found', runIds: missing };
    runs = (loaded as OwnedRun[]).sort(byTime);
    truncated = runs.length > limit;
    runs = runs.slice(-limit);
  } else {
    const listed = await deps.runs.listCompleted(researcher, { limit, ...(input.diseaseId ? { diseaseId: input.diseaseId } : {}) });
    runs = listed.runs.sort(byTime);
    truncated = listed.more;
  }
  return { kind: 'trends', trends: await trendsOf(new DossierReader(deps.blobs), runs, limit, truncated) };
}

export type RunTrends = Awaited<ReturnType<typeof trendsOf>>;

async function trendsOf(reader: DossierReader, runs: OwnedRun[], limit: number, truncated: boolean) {
  const completed = runs.filter((r) => r.status === 'completed' && r.dossierHash);
  const dossiers = await reader.many(completed.map((r) => r.dossierHash!));

  const series: Record<CandidateKind, Record<string, unknown[]>> = { drug: {}, target: {} };
  const labels: Record<string, string> = {};
  completed.forEach((run, i) => {
    for (const kind of ['drug', 'target'] as const) {
      for (const ranking of rankingsOf(dossiers[i]!, kind)) {
        labels[ranking.candidate_id] = ranking.label;
        (series[kind][ranking.candidate_id] ??= []).push({
          run_id: run.runId, finished_at: run.finishedAt, score: ranking.score, rank: ranking.rank, confidence_band: ranking.confidence_band,
        });
      }
    }
  });
  const evidenceChanges = completed.slice(1).map((run, i) => {
    const before = dossiers[i]!;
    const after = dossiers[i + 1]!;
    const diff = diffIds(before.evidence.map((e) => e.evidence_id), after.evidence.map((e) => e.evidence_id));
    return {
      from_run_id: completed[i]!.runId, to_run_id: run.runId, same_disease: completed[i]!.diseaseId === run.diseaseId,
      added_ids: diff.added, removed_ids: diff.removed, candidates: candidateEvidenceChanges(before, after),
    };
  });
  const dossierOf = new Map(completed.map((run, i) => [run.runId, dossiers[i]!]));
  return {
    runs: runs.map((run) => {
      const dossier = dossierOf.get(run.runId);
      return {
        ...runRef(run, dossier),
        top_drugs: run.summary?.top_drugs ?? [],
        top_targets: run.summary?.top_targets ?? [],
        warning_count: run.summary?.warning_count ?? null,
      };
    }),
    drug_series: series.drug,
    target_series: series.target,
    labels,
    evidence_changes: evidenceChanges,
    limit,
    truncated,
  };
}
