// What one evidence record says, as a class and the words that decided it (EvidenceItem.outcome):
//   clinical trial        classifyTrialOutcome (trial-outcome.ts): positive / null / negative / harm / unknown /
//                         excluded (withdrawn, nobody enrolled);
//   article / preprint    the deciding sentence of the whole abstract (outcome-classifier.ts): harm, else
//                         negative, else null, else positive; none → unknown;
//   drug label            harm when it carries a boxed warning, else positive when its indications name the
//                         disease, else context;
//   GWAS                  context: an association, its direction kept in the claim (risk / protective allele);
//   GTEx expression       context: expression in healthy tissue says nothing about the disease;
//   Open Targets, ChEMBL  context (an association score, a curated mechanism).
import type { EvidenceOutcome } from './dossier-types';
import type { NormalizedEvidence } from './normalize';
import { classifyOutcomeSentence, sentences, type OutcomeCall } from './outcome-classifier';
import { collapseWhitespace } from './normalize';
import { classifyTrialOutcome } from './trial-outcome';

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
  switch (record.recordType) {
    case 'clinical_trial': {
      const outcome = classifyTrialOutcome(record);
      return { class: outcome.class, statement: outcome.reason };
    }
    case 'article':
    case 'preprint': {
      const decided = decidingStatement(recordSentences(ne));
      if (!decided) return { class: 'unknown', statement: null };
      return { class: decided.call.class === 'none' ? 'unknown' : decided.call.class, statement: decided.sentence };
    }
    case 'drug_label':
      if (record.attributes.boxedWarning) return { class: 'harm', statement: `boxed warning: ${quote(record.attributes.boxedWarning)}` };
      return record.attributes.indicationMatch === true
        ? { class: 'positive', statement: 'approved label whose indications name the disease' }
        : { class: 'context', statement: 'approved label for another indication' };
    case 'expression':
      return { class: 'context', statement: 'expression in healthy tissue (GTEx): context, not a disease association' };
    default:
      return { class: 'context', statement: null };
  }
}
