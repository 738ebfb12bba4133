// Evidence strength on Open Targets lines (docs/scoring.md). Open Targets Platform scores an association by
// harmonic sums: within one data source the evidence scores, sorted descending, are summed as
// Σ s_i / i² (each further record adds less: diminishing returns for redundant records), and the data
// sources' scores, each multiplied by its weight, are summed the same way; both sums are divided by the
// largest possible harmonic sum, π²/6 ≈ 1.645, so that they stay within 0..1 (Ochoa et al., Nucleic Acids Res
// 2021, doi:10.1093/nar/gkaa1027; Platform documentation, "Association score").
//
// A record's score here: its quality score (quality.ts), except for a clinical trial, whose score is its
// phase (Open Targets' ChEMBL clinical-phase scores: phase 4 1.0, 3 0.7, 2 0.2, 1 0.1, early phase 1 0.05)
// times a study-size factor (GRADE imprecision, Guyatt et al., J Clin Epidemiol 2011;64:1283: below the
// optimal-information-size rule of thumb of 400 participants rate down once (×0.75), below 100 twice (×0.5));
// then times the weight of the claim's relationship (supports 1, associated_with 0.5, ...).
import type { SourceName } from './sources';
import type { ScoringInputs } from './dossier-types';
import type { NormalizedEvidence } from './normalize';
import { trialPhaseNumber } from './quality';

/** π²/6: the harmonic sum Σ 1/i² of infinitely many perfect scores. */
export const MAX_HARMONIC_SUM = Math.PI ** 2 / 6;

/** Σ s_i / i² over the scores sorted descending, divided by π²/6. */
export function normalizedHarmonicSum(scores: readonly number[]): number {
  const sorted = [...scores].sort((a, b) => b - a);
  let sum = 0;
  sorted.forEach((s, i) => {
    sum += s / (i + 1) ** 2;
  });
  return sum / MAX_HARMONIC_SUM;
}

/** Open Targets' clinical-phase evidence scores (ChEMBL data source); a trial without a phase scores 0.05. */
export function trialPhaseScore(phase: number | null): number {
  if (phase === null) return 0.05;
  if (phase >= 4) return 1;
  if (phase >= 3) return 0.7;
  if (phase >= 2) return 0.2;
  if (phase >= 1) return 0.1;
  return 0.05;
}

/** GRADE imprecision by enrollment: ≥ 400 → 1, 100–399 → 0.75, < 100 → 0.5; unknown enrollment → 0.75. */
export function studySizeFactor(enrollment: number | undefined): number {
  if (enrollment === undefined || !Number.isFinite(enrollment)) return 0.75;
  if (enrollment >= 400) return 1;
  if (enrollment >= 100) return 0.75;
  return 0.5;
}

/** The score one record brings before its relationship weight (see the header). */
export function recordScore(ne: NormalizedEvidence): number {
  const record = ne.record;
  if (record.recordType === 'clinical_trial') return trialPhaseScore(trialPhaseNumber(record.attributes.phase)) * studySizeFactor(record.attributes.enrollment);
  return ne.item.quality_score;
}

export interface WeightedRecord {
  ne: NormalizedEvidence;
  /** recordScore × relationship weight. */
  score: number;
}

export interface StrengthBreakdown {
  /** Per data source: its normalized harmonic sum (0..1) and the records it counted. */
  sources: { source: SourceName; score: number; weight: number; records: number }[];
  /** The weighted harmonic sum over data sources, 0..1. */
  overall: number;
}

/**
 * Evidence strength of one candidate from its supporting records: per-source harmonic sums, then the
 * weighted harmonic sum over sources (a source missing from `weights` weighs 1).
 */
export function evidenceStrength(records: readonly WeightedRecord[], weights: Partial<Record<SourceName, number>>): StrengthBreakdown {
  const bySource = new Map<SourceName, number[]>();
  for (const r of records) {
    const list = bySource.get(r.ne.item.source) ?? [];
    list.push(r.score);
    bySource.set(r.ne.item.source, list);
  }
  const sources = [...bySource.entries()]
    .map(([source, scores]) => ({ source, score: normalizedHarmonicSum(scores), weight: weights[source] ?? 1, records: scores.length }))
    .sort((a, b) => b.weight * b.score - a.weight * a.score || (a.source < b.source ? -1 : 1));
  return { sources, overall: normalizedHarmonicSum(sources.map((s) => s.weight * s.score)) };
}

/** What the ranking reads from one record, written into the dossier (EvidenceItem.scoring_inputs). */
export function scoringInputs(ne: NormalizedEvidence): ScoringInputs {
  const a = ne.record.attributes;
  const inputs: ScoringInputs = { record_score: Math.round(recordScore(ne) * 10000) / 10000 };
  if (ne.record.recordType === 'clinical_trial') {
    inputs.phase = trialPhaseNumber(a.phase);
    inputs.enrollment = typeof a.enrollment === 'number' && Number.isFinite(a.enrollment) ? a.enrollment : null;
  }
  if (typeof a.pValue === 'number' && Number.isFinite(a.pValue)) inputs.p_value = a.pValue;
  if (typeof a.geneticAssociationScore === 'number' && Number.isFinite(a.geneticAssociationScore)) inputs.genetic_association_score = a.geneticAssociationScore;
  if (ne.record.recordType === 'drug_label') inputs.indication_match = a.indicationMatch === true;
  return inputs;
}
