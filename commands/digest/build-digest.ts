// Gathers one researcher's weekly digest from the read models (through their query objects) and the
// dossiers in the blob store, then hands the pure assembly to domain/digest/digest-content.ts.
import type { TriggerReason } from '../../domain/alerts/alert-rules';
import { assembleDigest, Digest, DigestRunInput } from '../../domain/digest/digest-content';
import type { DigestWindow } from '../../domain/digest/digest-window';
import type { Dossier } from '../../domain/workspace/dossier-types';
import type { AlertsQueries } from '../../projections/alerts/alerts.queries';
import type { ReviewActivityQueries } from '../../projections/reviews/review-activity.queries';
import type { RunActivityQueries } from '../../projections/workspace/run-activity.queries';

/** Earlier runs whose evidence counts as "already seen" (the newest ones; older runs rarely matter). */
const EARLIER_RUNS_LIMIT = 200;
/** Unread reminders considered (the digest lists at most DIGEST_LIST_LIMIT of them). */
const REMINDERS_LIMIT = 1000;

export interface DigestReads {
  runs: RunActivityQueries;
  reviews: ReviewActivityQueries;
  alerts: AlertsQueries;
  /** Dossiers by content hash (the blob store). */
  dossiers: { getJson<T>(hash: string): Promise<T | undefined> };
}

export async function buildDigest(reads: DigestReads, researcherId: string, window: DigestWindow): Promise<Digest> {
  const inWindow = await reads.runs.completedRunsBetween(researcherId, window.start, window.end);
  const earlier = await reads.runs.dossierHashesBefore(researcherId, window.start, EARLIER_RUNS_LIMIT);

  const earlierIds = new Set<string>();
  for (const hash of earlier) {
    for (const e of (await reads.dossiers.getJson<Dossier>(hash))?.evidence ?? []) earlierIds.add(e.evidence_id);
  }
  const runs: DigestRunInput[] = [];
  for (const run of inWindow) {
    const dossier = await reads.dossiers.getJson<Dossier>(run.dossierHash);
    runs.push({
      run_id: run.runId, disease_id: run.diseaseId, finished_at: run.finishedAt,
      evidence: (dossier?.evidence ?? []).map((e) => ({ evidence_id: e.evidence_id, title: e.title, source: e.source, url: e.url, quality_tier: e.quality_tier })),
    });
  }
  const alerts = await reads.alerts.unreadReminders(researcherId, REMINDERS_LIMIT);
  const saves = await reads.reviews.decisionSavesBetween(researcherId, window.start, window.end);
  return assembleDigest({
    window,
    earlierEvidenceIds: earlierIds,
    runs,
    reminders: alerts.map((a) => ({
      alert_id: a.alert_id, run_id: a.run_id, candidate_id: a.candidate_id, candidate_type: a.candidate_type, label: a.label,
      reasons: (a.reasons as TriggerReason[]).map((r) => r.type), created_at: new Date(a.created_at).toISOString(),
    })),
    decisionSaves: saves,
  });
}
