// Evidence strength on Open Targets lines (docs/scoring.md). Open Targets Platform scores an association by
// harmonic sums: within one data type the evidence scores, sorted descending, are summed as Σ s_i / i² (each
// further record adds less: diminishing returns for redundant records), and the data types' scores, each
// multiplied by its weight, are summed the same way; both sums are divided by the largest possible harmonic
// sum, π²/6 ≈ 1.645, so that they stay within 0..1 (Ochoa et al., Nucleic Acids Res 2021,
// doi:10.1093/nar/gkaa1027; Open Targets Platform documentation, "Association score" and "Data sources").
//
// A record's score (before its effect reading, candidate-evidence.ts): its quality score (quality.ts), except
//   clinical trial   phase (Open Targets' ChEMBL clinical-phase scores: phase 4 1.0, 3 0.7, 2 0.2, 1 0.1, early
//                    phase 1 0.05) × study size (GRADE imprecision, Guyatt et al., J Clin Epidemiol
//                    2011;64:1283: below the optimal-information-size rule of thumb of 400 participants rate down
//                    once (×0.75), below 100 twice (×0.5));
//   GWAS             the genome-wide tiers: p < 5e-8 → 1, p < 1e-5 → 0.6, else 0.3 (the association is the finding);
//   Open Targets     its genetic_association data-type score (never its overall score, which counts known drugs
//                    and literature, i.e. evidence counted here from their own records); none → 0.
import type { SourceName } from './sources';
import type { ScoringInputs } from './dossier-types';
import type { NormalizedEvidence } from './normalize';
import { trialPhaseNumber } from './quality';

/** π²/6: the harmonic sum Σ 1/i² of infinitely many perfect scores. */
export const MAX_HARMONIC_SUM = Math.PI ** 2 / 6;

/** Σ s_i / i² over the scores sorted descending, divided by π²/6. Never decreases when a score is added or raised. */
export function normalizedHarmonicSum(scores: readonly number[]): number {
  const sorted = [...scores].sort((a, b) => b - a);
  let sum = 0;
  sorted.forEach((s, i) => {
    sum += s / (i + 1) ** 2;
  });
  return sum / MAX_HARMONIC_SUM;
}

/**
 * Open Targets' data types, as our sources map onto them: ChEMBL's clinical-precedence evidence (trials and
 * approvals) is `clinical`; Europe PMC's text evidence is `literature`; GWAS Catalog / Open Targets Genetics are
 * `genetic_association`; Expression Atlas is `rna_expression`. ChEMBL / DrugCentral mechanisms of action say how
 * a drug acts on a target, not that it works in the disease: `mechanism`, shown but never summed into efficacy.
 */
export type DataType = 'clinical' | 'literature' | 'genetic_association' | 'rna_expression' | 'mechanism';

export const DATA_TYPE_OF_SOURCE: Record<SourceName, DataType> = {
  clinical_trials: 'clinical',
  fda_labels: 'clinical',
  pubmed: 'literature',
  biorxiv: 'literature',
  gwas: 'genetic_association',
  opentargets: 'genetic_association',
  gtex: 'rna_expression',
  chembl: 'mechanism',
};

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

/** Genome-wide significance tiers of a GWAS p-value (5e-8 genome-wide, 1e-5 suggestive). */
export function gwasTierScore(p: number | undefined): number {
  if (typeof p !== 'number') return 0.3;
  if (p < 5e-8) return 1;
  if (p < 1e-5) return 0.6;
  return 0.3;
}

/** The score one record brings before its effect reading (see the header). */
export function recordScore(ne: NormalizedEvidence): number {
  const record = ne.record;
  const a = record.attributes;
  switch (record.recordType) {
    case 'clinical_trial':
      return trialPhaseScore(trialPhaseNumber(a.phase)) * studySizeFactor(a.enrollment);
    case 'gwas_association':
      return gwasTierScore(typeof a.pValue === 'number' ? a.pValue : undefined);
    case 'target_association':
      return typeof a.geneticAssociationScore === 'number' && Number.isFinite(a.geneticAssociationScore) ? Math.min(1, Math.max(0, a.geneticAssociationScore)) : 0;
    default:
      return ne.item.quality_score;
  }
}

export interface ScoredRecord {
  dataType: DataType;
  /** recordScore × effect reading, 0..1. */
  score: number;
}

export interface StrengthBreakdown {
  /** Per data type: its normalized harmonic sum (0..1), weight and the records it counted. */
  dataTypes: { dataType: DataType; score: number; weight: number; records: number }[];
  /** The weighted harmonic sum over data types, 0..1. */
  overall: number;
}

/**
 * Evidence strength of one set of records (all favourable, or all unfavourable): per-data-type harmonic sums,
 * then the weighted harmonic sum over data types (a data type missing from `weights` weighs 0).
 */
export function evidenceStrength(records: readonly ScoredRecord[], weights: Partial<Record<DataType, number>>): StrengthBreakdown {
  const byType = new Map<DataType, number[]>();
  for (const r of records) byType.set(r.dataType, [...(byType.get(r.dataType) ?? []), r.score]);
  const dataTypes = [...byType.entries()]
    .map(([dataType, scores]) => ({ dataType, score: normalizedHarmonicSum(scores), weight: weights[dataType] ?? 0, records: scores.length }))
    .sort((a, b) => b.weight * b.score - a.weight * a.score || (a.dataType < b.dataType ? -1 : 1));
  return { dataTypes, overall: normalizedHarmonicSum(dataTypes.map((t) => t.weight * t.score)) };
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
