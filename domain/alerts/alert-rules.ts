// Review reminders (pure): which of a researcher's reviewed candidates deserve an alert when a new run
// of the same disease completes, compared with the researcher's previous completed run.
//
// A candidate's linked evidence = the evidence ids of the claims its ranking cites (supporting and
// contradicting), restricted to evidence records present in the dossier. Its average evidence quality
// is the mean quality_score (0..1) of those records (null without any).
//
// Triggers ("crossed" means the change reaches the threshold: change >= threshold, after rounding the
// change to 6 decimals so 70.3 - 60.3 counts as 10):
//   new_evidence              evidence ids linked now that were not linked in the previous run. The
//                             baseline reminder: always on, whatever the thresholds.
//   score_drop                previous score - current score >= score_drop_threshold (points; a rise
//                             is no drop). Threshold 0 disables it.
//   rank_change               |current rank - previous rank| >= rank_change_threshold (positions, either
//                             direction). Threshold 0 disables it.
//   evidence_quality_change   |current average - previous average| >= evidence_quality_change_threshold
//                             (either direction). Threshold 0 disables it.
// Metric triggers need the candidate in both runs (and, for quality, linked evidence in both).
// A reviewed candidate missing from the current run raises nothing: nothing new is linked to it.
import { createHash } from 'node:crypto';
import type { CandidateRanking, Dossier } from '../workspace/dossier-types';

export type CandidateKind = 'drug' | 'target';

export interface AlertThresholds {
  /** 0..100 score points; 0 disables. */
  scoreDrop: number;
  /** 0..100 positions; 0 disables. */
  rankChange: number;
  /** 0..1 average quality-score units; 0 disables. */
  qualityChange: number;
}

export const ZERO_THRESHOLDS: AlertThresholds = { scoreDrop: 0, rankChange: 0, qualityChange: 0 };

export interface CandidateMetrics {
  candidate_id: string;
  candidate_type: CandidateKind;
  label: string;
  score: number;
  rank: number;
  average_evidence_quality: number | null;
  evidence_count: number;
  evidence_ids: string[];
}

export type TriggerReason =
  | { type: 'new_evidence'; new_evidence_ids: string[]; count: number }
  | { type: 'score_drop' | 'rank_change' | 'evidence_quality_change'; threshold: number; previous: number; current: number; change: number };

/** What an alert records about a candidate in one run (evidence ids left out: they can be many). */
export type MetricValues = Omit<CandidateMetrics, 'evidence_ids' | 'candidate_id' | 'candidate_type' | 'label'>;

export interface AlertDraft {
  candidate_id: string;
  candidate_type: CandidateKind;
  label: string;
  previous: MetricValues | null;
  current: MetricValues;
  reasons: TriggerReason[];
  new_evidence_ids: string[];
}

export type RankedDossier = Pick<Dossier, 'drug_rankings' | 'target_rankings' | 'claims' | 'evidence'>;

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export function candidateKey(type: CandidateKind, id: string): string {
  return `${type}:${id}`;
}

/** Every ranked candidate's metrics, keyed by candidateKey(type, id). */
export function candidateMetrics(dossier: RankedDossier): Map<string, CandidateMetrics> {
  const claims = new Map(dossier.claims.map((c) => [c.claim_id, c]));
  const quality = new Map(dossier.evidence.map((e) => [e.evidence_id, e.quality_score]));
  const result = new Map<string, CandidateMetrics>();
  const add = (ranking: CandidateRanking, type: CandidateKind) => {
    const ids = new Set<string>();
    for (const claimId of [...ranking.supporting_claim_ids, ...ranking.contradicting_claim_ids]) {
      for (const id of claims.get(claimId)?.evidence_ids ?? []) if (quality.has(id)) ids.add(id);
    }
    const evidenceIds = [...ids].sort();
    const average = evidenceIds.length > 0 ? evidenceIds.reduce((sum, id) => sum + quality.get(id)!, 0) / evidenceIds.length : null;
    result.set(candidateKey(type, ranking.candidate_id), {
      candidate_id: ranking.candidate_id, candidate_type: type, label: ranking.label, score: ranking.score, rank: ranking.rank,
      average_evidence_quality: average === null ? null : round6(average), evidence_count: evidenceIds.length, evidence_ids: evidenceIds,
    });
  };
  for (const r of dossier.drug_rankings) add(r, 'drug');
  for (const r of dossier.target_rankings) add(r, 'target');
  return result;
}

/** True when a positive threshold is reached by the change (see the header for the rounding). */
export function crossed(change: number, threshold: number): boolean {
  return threshold > 0 && round6(change) >= threshold;
}

/** The trigger reasons for one candidate between two runs; empty means no alert. */
export function triggerReasons(previous: CandidateMetrics | undefined, current: CandidateMetrics, thresholds: AlertThresholds): TriggerReason[] {
  const reasons: TriggerReason[] = [];
  const before = new Set(previous?.evidence_ids ?? []);
  const added = current.evidence_ids.filter((id) => !before.has(id));
  if (added.length > 0) reasons.push({ type: 'new_evidence', new_evidence_ids: added, count: added.length });
  if (!previous) return reasons;
  const metric = (type: 'score_drop' | 'rank_change' | 'evidence_quality_change', threshold: number, prev: number, cur: number, change: number) => {
    if (crossed(change, threshold)) reasons.push({ type, threshold, previous: prev, current: cur, change: round6(change) });
  };
  metric('score_drop', thresholds.scoreDrop, previous.score, current.score, previous.score - current.score);
  metric('rank_change', thresholds.rankChange, previous.rank, current.rank, Math.abs(current.rank - previous.rank));
  if (previous.average_evidence_quality !== null && current.average_evidence_quality !== null) {
    metric('evidence_quality_change', thresholds.qualityChange, previous.average_evidence_quality, current.average_evidence_quality,
      Math.abs(current.average_evidence_quality - previous.average_evidence_quality));
  }
  return reasons;
}

function values(metrics: CandidateMetrics): MetricValues {
  const { evidence_ids: _ids, candidate_id: _id, candidate_type: _type, label: _label, ...rest } = metrics;
  return rest;
}

/** Alerts for the reviewed candidates of `current` compared with `previous`, in a stable order. */
export function reviewReminders(input: {
  previous: RankedDossier;
  current: RankedDossier;
  reviewed: readonly { candidate_id: string; candidate_type: CandidateKind }[];
  thresholds: AlertThresholds;
}): AlertDraft[] {
  const before = candidateMetrics(input.previous);
  const now = candidateMetrics(input.current);
  const keys = [...new Set(input.reviewed.map((r) => candidateKey(r.candidate_type, r.candidate_id)))].sort();
  const drafts: AlertDraft[] = [];
  for (const key of keys) {
    const current = now.get(key);
    if (!current) continue;
    const previous = before.get(key);
    const reasons = triggerReasons(previous, current, input.thresholds);
    if (reasons.length === 0) continue;
    const added = reasons.find((r) => r.type === 'new_evidence');
    drafts.push({
      candidate_id: current.candidate_id, candidate_type: current.candidate_type, label: current.label,
      previous: previous ? values(previous) : null, current: values(current), reasons,
      new_evidence_ids: added && added.type === 'new_evidence' ? added.new_evidence_ids : [],
    });
  }
  return drafts;
}

/** Deterministic alert id (a name-based UUID) from (run, candidate): a redelivery names the same alert. */
export function alertId(runId: string, type: CandidateKind, candidateId: string): string {
  return nameUuid(`alert:${runId}:${type}:${candidateId}`);
}

/** A version-5-shaped UUID from SHA-256 of a name (stable, no randomness). */
export function nameUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
