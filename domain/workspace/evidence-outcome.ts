// What one evidence record says, as a class and the words that decided it (EvidenceItem.outcome):
//   clinical trial        classifyTrialOutcome (trial-outcome.ts): positive / null / negative / harm / unknown /
//                         excluded (withdrawn, nobody enrolled);
//   PK / bioequivalence   context: a pharmacokinetic study's results are not efficacy (pharmacokinetic-study.ts);
//   article / preprint    the effect reader (domain/effects/abstract-effect.ts): conclusions, then results,
//                         decide (never background, objectives or the title); direction and favourability
//                         mapped by effect-outcome.ts; no result sentence → unknown;
//   drug label            positive when its indications name the disease (approval evidence), else context; a
//                         boxed warning is a safety flag quoted in the statement, not evidence about efficacy;
//   GWAS                  context: an association, its direction kept in the claim (risk / protective allele);
//   GTEx expression       context: expression in healthy tissue says nothing about the disease;
//   Open Targets, ChEMBL  context (an association score, a curated mechanism).
import type { EvidenceOutcome } from './dossier-types';
import type { NormalizedEvidence } from './normalize';
import { classifyOutcomeSentence, sentences, type OutcomeCall } from './outcome-classifier';
import { collapseWhitespace } from './normalize';
import { classifyTrialOutcome } from './trial-outcome';
import { effectSummary, outcomeClassOfEffect, readRecordText } from './effect-outcome';
import { isPharmacokineticStudy, PHARMACOKINETIC_STATEMENT } from './pharmacokinetic-study';

const OUTCOME_PRIORITY = { harm: 4, negative: 3, null: 2, positive: 1, none: 0 } as const;

export interface DecidingStatement {
  sentence: string;
  call: OutcomeCall;
}

/**
 * The statement that decides a record's outcome among the given sentences: a harm, else a negative, else a
 * null, else a positive statement — so a failed primary endpoint is not outweighed by a secondary gain, and
 * a safety signal is always heard.
 */
export function decidingStatement(candidates: readonly string[]): DecidingStatement | undefined {
  let best: DecidingStatement | undefined;
  for (const sentence of candidates) {
    const call = classifyOutcomeSentence(sentence);
    if (call.class === 'none') continue;
    if (!best || OUTCOME_PRIORITY[call.class] > OUTCOME_PRIORITY[best.call.class]) best = { sentence, call };
  }
  return best;
}

/** Title and every sentence of the whole text (SourceRecord.fullText when the source kept it). */
export function recordSentences(ne: NormalizedEvidence): string[] {
  const record = ne.record;
  return [collapseWhitespace(record.title), ...sentences(record.fullText ?? record.text)].filter((s) => s.length > 0);
}

/** The quoted sentence, cut to 220 characters. */
export function quote(sentence: string): string {
  return `"${sentence.length > 220 ? `${sentence.slice(0, 217)}...` : sentence}"`;
}

/** The record's outcome class and the sentence or registry fact that decided it. */
export function evidenceOutcome(ne: NormalizedEvidence): EvidenceOutcome {
  const record = ne.record;
  const studyRecord = record.recordType === 'clinical_trial' || record.recordType === 'article' || record.recordType === 'preprint';
  if (studyRecord && isPharmacokineticStudy(record.title)) return { class: 'context', statement: PHARMACOKINETIC_STATEMENT };
  switch (record.recordType) {
    case 'clinical_trial': {
      const outcome = classifyTrialOutcome(record);
      return { class: outcome.class, statement: outcome.reason };
    }
    case 'article':
    case 'preprint': {
      const reading = readRecordText(record.fullText ?? record.text, ne.drugs.length === 1 ? ne.drugs[0]!.label : undefined);
      const effects = reading.effects;
      const effect = effectSummary(effects);
      if (!effect && reading.verdict) return { class: reading.verdict.call.class === 'none' ? 'unknown' : reading.verdict.call.class, statement: reading.verdict.sentence };
      if (!effect) return { class: 'unknown', statement: null };
      return { class: outcomeClassOfEffect(effects[0]!), statement: effects[0]!.sentence, effect };
    }
    case 'drug_label': {
      // A boxed warning is a safety flag of the drug, not evidence against its efficacy in the disease.
      const boxed = record.attributes.boxedWarning;
      const flag = boxed ? `; safety flag, boxed warning: ${quote(boxed)}` : '';
      const outcome: EvidenceOutcome = record.attributes.indicationMatch === true
        ? { class: 'positive', statement: `approved label whose indications name the disease${flag}` }
        : { class: 'context', statement: `approved label for another indication${flag}` };
      return boxed ? { ...outcome, boxed_warning: boxed } : outcome;
    }
    case 'expression':
      return { class: 'context', statement: 'expression in healthy tissue (GTEx): context, not a disease association' };
    default:
      return { class: 'context', statement: null };
  }
}
