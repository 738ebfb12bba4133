// Evidence quality: explicit, ordered rules. The first rule that matches a record decides its tier
// (high / moderate / low) and its score (0..1); the rationale sentence names the rule that fired.
//
// Rules, in order (first match wins):
//   any          withdrawn trial, or a retracted publication                          → low
//   articles     meta-analysis or systematic review                                   → high 0.95
//                randomized controlled trial                                          → high 0.90
//                case report                                                          → low 0.30
//                cohort / observational / comparative / non-randomized or phase 2 trial → moderate 0.65
//                review                                                               → moderate 0.55
//                other peer-reviewed article                                          → moderate 0.45
//   preprints    not peer reviewed                                                    → low 0.35
//   trials       terminated or suspended                                              → low 0.30
//                phase 3–4 with posted results (or a stated primary outcome)          → high 0.90
//                phase 3–4, completed without posted results, or not (yet) completed  → moderate 0.65
//                phase 2                                                              → moderate 0.55
//                phase 1 / early phase 1 / no phase                                   → low 0.35 / 0.30
//   GWAS         p < 5e-8 (genome-wide significant)                                   → high 0.85
//                p < 1e-5 (suggestive)                                                → moderate 0.50
//                otherwise / no p-value                                               → low 0.30
//   labels       approved label whose indications mention the disease                 → high 0.90
//                approved label for another indication                                → moderate 0.50
//   Open Targets association score ≥ 0.5                                              → moderate 0.65
//                association score ≥ 0.1                                              → low 0.40
//                otherwise                                                            → low 0.25
//   ChEMBL       a curated drug mechanism (mechanism.json: the drug's mechanism of action, curated from
//                labels and literature — antibodies carry no pChEMBL and are not graded by one) → moderate 0.70
//   GTEx         median TPM ≥ 10 in the disease tissue                                → moderate 0.50
//                otherwise                                                            → low 0.25
import type { QualityTier } from './dossier-types';
import type { SourceRecord } from './sources';

export interface QualityAssessment {
  tier: QualityTier;
  /** 0..1 */
  score: number;
  /** Id of the rule that fired (see QUALITY_RULES). */
  rule: string;
  rationale: string;
}

export interface QualityRule {
  id: string;
  tier: QualityTier;
  score: number;
  /** What the rule recognises, as said in the rationale. */
  description: string;
}

const rule = (id: string, tier: QualityTier, score: number, description: string): QualityRule => ({ id, tier, score, description });

export const QUALITY_RULES: readonly QualityRule[] = [
  rule('trial-withdrawn', 'low', 0.2, 'a withdrawn clinical trial (no participants studied)'),
  rule('publication-retracted', 'low', 0.1, 'a retracted publication'),
  rule('article-meta-analysis', 'high', 0.95, 'a meta-analysis or systematic review'),
  rule('article-rct', 'high', 0.9, 'a randomized controlled trial publication'),
  rule('article-case-report', 'low', 0.3, 'a case report'),
  rule('article-cohort', 'moderate', 0.65, 'a cohort, observational, comparative or phase 2 / non-randomized trial publication'),
  rule('article-review', 'moderate', 0.55, 'a narrative review'),
  rule('article-other', 'moderate', 0.45, 'a peer-reviewed article without a stronger stated study design'),
  rule('preprint', 'low', 0.35, 'a preprint that has not been peer reviewed'),
  rule('trial-terminated', 'low', 0.3, 'a terminated or suspended clinical trial'),
  rule('trial-phase3-results', 'high', 0.9, 'a phase 3–4 clinical trial with posted results (or a stated primary outcome)'),
  rule('trial-phase3-no-results', 'moderate', 0.65, 'a phase 3–4 clinical trial without posted results (completed without them, or not yet completed)'),
  rule('trial-phase2', 'moderate', 0.55, 'a phase 2 clinical trial'),
  rule('trial-phase1', 'low', 0.35, 'a phase 1 clinical trial'),
  rule('trial-other', 'low', 0.3, 'a clinical trial without a stated phase'),
  rule('gwas-genome-wide', 'high', 0.85, 'a genome-wide significant GWAS association (p < 5e-8)'),
  rule('gwas-suggestive', 'moderate', 0.5, 'a suggestive GWAS association (p < 1e-5)'),
  rule('gwas-weak', 'low', 0.3, 'a GWAS association without genome-wide or suggestive significance'),
  rule('label-indication', 'high', 0.9, 'an approved drug label whose indications mention the disease'),
  rule('label-other', 'moderate', 0.5, 'an approved drug label for another indication'),
  rule('ot-strong', 'moderate', 0.65, 'an Open Targets association with overall score ≥ 0.5'),
  rule('ot-weak', 'low', 0.4, 'an Open Targets association with overall score between 0.1 and 0.5'),
  rule('ot-minimal', 'low', 0.25, 'an Open Targets association with overall score below 0.1 or none stated'),
  rule('chembl-mechanism', 'moderate', 0.7, 'a curated ChEMBL drug mechanism of action'),
  rule('gtex-expressed', 'moderate', 0.5, 'a GTEx expression of median TPM ≥ 10 in the disease tissue'),
  rule('gtex-low', 'low', 0.25, 'a GTEx expression below median TPM 10 or none stated'),
];

const RULES_BY_ID = new Map(QUALITY_RULES.map((r) => [r.id, r]));

/**
 * The highest phase number a trial phase string states: "PHASE3" → 3, "PHASE2/PHASE3" → 3,
 * "Phase 2" → 2, "EARLY_PHASE1" → 0.5; "NA", empty or unknown → null.
 */
export function trialPhaseNumber(phase: string | undefined): number | null {
  if (!phase) return null;
  const upper = phase.toUpperCase();
  let best: number | null = null;
  for (const match of upper.matchAll(/(EARLY_?\s*)?PHASE\s*_?([1-4])/g)) {
    const value = match[1] ? 0.5 : Number(match[2]);
    if (best === null || value > best) best = value;
  }
  return best;
}

export function trialStatus(record: SourceRecord): string {
  return (record.attributes.status ?? '').trim().toUpperCase().replace(/[\s-]+/g, '_');
}

function publicationTypes(record: SourceRecord): string[] {
  return (record.attributes.publicationTypes ?? []).map((t) => t.toLowerCase());
}

function hasType(types: string[], pattern: RegExp): boolean {
  return types.some((t) => pattern.test(t));
}

function ruleIdFor(record: SourceRecord): string {
  const types = publicationTypes(record);
  const status = trialStatus(record);
  if (record.recordType === 'clinical_trial' && status === 'WITHDRAWN') return 'trial-withdrawn';
  if (hasType(types, /retract/)) return 'publication-retracted';
  switch (record.recordType) {
    case 'article':
      if (hasType(types, /meta-analysis|systematic review/)) return 'article-meta-analysis';
      if (hasType(types, /randomi[sz]ed controlled trial/) || hasType(types, /clinical trial, phase (iii|iv)/)) return 'article-rct';
      if (hasType(types, /case reports?/)) return 'article-case-report';
      if (hasType(types, /cohort|observational|comparative study|multicenter study|clinical trial/)) return 'article-cohort';
      if (hasType(types, /review/)) return 'article-review';
      return 'article-other';
    case 'preprint':
      return 'preprint';
    case 'clinical_trial': {
      if (status === 'TERMINATED' || status === 'SUSPENDED') return 'trial-terminated';
      const phase = trialPhaseNumber(record.attributes.phase);
      if (phase !== null && phase >= 3) {
        const results = record.attributes.hasResults === true || (record.attributes.primaryAnalyses?.length ?? 0) > 0 || record.attributes.outcomeMet !== undefined;
        return results ? 'trial-phase3-results' : 'trial-phase3-no-results';
      }
      if (phase === 2) return 'trial-phase2';
      if (phase !== null && phase >= 0.5) return 'trial-phase1';
      return 'trial-other';
    }
    case 'gwas_association': {
      const p = record.attributes.pValue;
      if (typeof p === 'number' && p < 5e-8) return 'gwas-genome-wide';
      if (typeof p === 'number' && p < 1e-5) return 'gwas-suggestive';
      return 'gwas-weak';
    }
    case 'drug_label':
      return record.attributes.indicationMatch === true ? 'label-indication' : 'label-other';
    case 'target_association': {
      const s = record.attributes.associationScore;
      if (typeof s === 'number' && s >= 0.5) return 'ot-strong';
      if (typeof s === 'number' && s >= 0.1) return 'ot-weak';
      return 'ot-minimal';
    }
    case 'bioactivity':
      return 'chembl-mechanism';
    case 'expression': {
      const tpm = record.attributes.medianTpm;
      return typeof tpm === 'number' && tpm >= 10 ? 'gtex-expressed' : 'gtex-low';
    }
  }
}

const TIER_WORD: Record<QualityTier, string> = { high: 'High', moderate: 'Moderate', low: 'Low' };

/** Tier, score and a one-sentence rationale naming the rule that fired. */
export function assessQuality(record: SourceRecord): QualityAssessment {
  const id = ruleIdFor(record);
  const fired = RULES_BY_ID.get(id)!;
  return {
    tier: fired.tier,
    score: fired.score,
    rule: fired.id,
    rationale: `${TIER_WORD[fired.tier]} quality (${fired.score.toFixed(2)}): rule "${fired.id}" applies to ${fired.description}.`,
  };
}
