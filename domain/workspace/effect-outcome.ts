// The effect reader's reading of a record turned into the dossier's outcome class (pure), so the fields the
// ranking reads keep their meaning (docs/outcome-classification.md):
//   favourable → positive; unfavourable → harm when the outcome is a safety outcome (deaths, adverse events,
//   toxicity), else negative; null → null, except against a named active drug: "no better than the
//   comparator", which is not evidence of no benefit in the disease → unknown; a significant change of an
//   outcome whose polarity is unknown → unknown (the direction is kept, favourability unknown, no guess).
import { decidingOrder, readSentenceEffect, type SentenceEffect } from '../effects/abstract-effect';
import { classifyOutcomeSentence, type OutcomeCall } from './outcome-classifier';
import { comparisonWithControl, interventionMention, notThisStudysResult, outcomeOfSentence } from './reader-query';
import type { EffectSummary, EvidenceOutcome } from './dossier-types';

const SAFETY_OUTCOME = /\b(?:mortality|deaths?|died|fatal\w*|adverse|toxicit\w*|side[- ]effects?|serious)\b/i;

export function outcomeClassOfEffect(e: SentenceEffect): EvidenceOutcome['class'] {
  switch (e.favourability) {
    case 'favourable': return 'positive';
    case 'unfavourable': return SAFETY_OUTCOME.test(e.sentence) ? 'harm' : 'negative';
    // "Adverse events were similar": safety reassurance, not a null efficacy result.
    case 'null': return e.activeComparator || isSafetyOnly(e.sentence) ? 'unknown' : 'null';
    default: return 'unknown';
  }
}

const EFFICACY_WORD = /\b(?:response|remission|relapses?|progression|disease activity|efficacy|end ?points?|improvement|scores?|exacerbations?|hba1c|fev1|flares?|outcomes?|benefit|control|clearance|survival)\b/i;

/** A statement about safety alone (adverse events, deaths) without an efficacy word. */
export function isSafetyOnly(sentence: string): boolean {
  return SAFETY_OUTCOME.test(sentence) && !EFFICACY_WORD.test(sentence);
}

export function effectSummary(effects: readonly SentenceEffect[]): EffectSummary | undefined {
  const [first, ...rest] = effects;
  if (!first) return undefined;
  const s = first.reading.explanation.statistics;
  return {
    direction: first.reading.label,
    favourability: first.favourability,
    deciding: first.sentence,
    statistics: [...s.pValues.map((p) => p.text), ...s.intervals.map((i) => i.text), ...(s.armValues ? [s.armValues.text] : [])],
    ...(first.activeComparator ? { active_comparator: first.activeComparator } : {}),
    ...(first.uncertain ? { uncertain: first.uncertain } : {}),
    ...(rest.length > 0 ? { other_outcomes: rest.map((r) => ({ direction: r.reading.label, favourability: r.favourability, sentence: r.sentence })) } : {}),
  };
}

export interface RecordReading {
  /** Result sentences read by the effect reader, deciding first. */
  effects: SentenceEffect[];
  /**
   * When no sentence reads as a result: the first verdict sentence in the same order (conclusions, then
   * results) that the cue rules of outcome-classifier.ts read ("was effective", "do not support the use of").
   */
  verdict: { sentence: string; call: OutcomeCall } | null;
}

/**
 * A record's text read in the deciding order (conclusions, then results): the first sentence that reads as a
 * result decides, whether the effect reader reads it or, failing that, the cue rules read a verdict in it;
 * `keep` limits the reading to the sentences about one entity. The reader is told the drug (with the abbreviation
 * the text defines for it) and the outcome the sentence's subject names (reader-query.ts); a sentence reporting
 * earlier studies or the groups at baseline is no result of this study and is not read.
 */
export function readRecordText(text: string, intervention?: string, keep: (sentence: string) => boolean = () => true): RecordReading {
  const effects: SentenceEffect[] = [];
  let verdict: RecordReading['verdict'] = null;
  const told = interventionMention(text, intervention);
  const armNames = [intervention, told !== intervention ? /\(([^()]+)\)$/.exec(told ?? '')?.[1] : undefined].filter((n): n is string => !!n);
  for (const { sentence, section } of decidingOrder(text)) {
    if (!keep(sentence) || notThisStudysResult(sentence)) continue;
    const clause = comparisonWithControl(mainClause(sentence));
    const outcome = outcomeOfSentence(clause, armNames);
    const effect = readSentenceEffect(clause, section, { ...(told ? { intervention: told } : {}), ...(outcome ? { outcome } : {}) });
    if (effect.reading.label !== 'none') {
      effects.push({ ...withVerdictFavourability(effect), sentence });
      continue;
    }
    if (effects.length === 0 && verdict === null) {
      const call = classifyOutcomeSentence(clause);
      if (call.class !== 'none') verdict = { sentence, call };
    }
  }
  // The primary outcome first (a failed primary end point is not outweighed by a secondary gain), then the
  // rest in reading order; a safety reassurance ("adverse events were similar") never decides over an efficacy result.
  const reassurance = (e: SentenceEffect) => e.reading.label === 'no_difference' && isSafetyOnly(e.sentence);
  const ordered = [
    ...effects.filter((e) => outcomeRank(e.sentence) === 'primary' && !reassurance(e)),
    ...effects.filter((e) => outcomeRank(e.sentence) !== 'primary' && !reassurance(e)),
    ...effects.filter(reassurance),
  ];
  return { effects: verdict ? [] : ordered, verdict };
}

/** Whether a result sentence names the trial's primary or a secondary outcome ("primary end point", "secondary outcomes"). */
export function outcomeRank(sentence: string): 'primary' | 'secondary' | 'unstated' {
  if (/\bprimary (?:efficacy )?(?:end ?-?points?|outcomes?|objectives?|measures?|analysis)\b/i.test(sentence)) return 'primary';
  if (/\bsecondary (?:efficacy )?(?:end ?-?points?|outcomes?|objectives?|measures?)\b/i.test(sentence)) return 'secondary';
  return 'unstated';
}

/** "Although adverse events did not differ, X reduced flares": the main clause carries the result. */
function mainClause(sentence: string): string {
  const m = /^(?:although|while|whereas|despite|though)\b[^,]{3,160},\s*(.+)$/i.exec(sentence);
  return m ? m[1]! : sentence;
}

/**
 * "X was superior to placebo", "was effective": words about benefit itself. When the outcome's polarity is
 * unknown they say the favourability the lexicon cannot.
 */
function withVerdictFavourability(e: SentenceEffect): SentenceEffect {
  if (e.favourability !== 'unknown' || (e.reading.label !== 'increased' && e.reading.label !== 'decreased')) return e;
  const call = classifyOutcomeSentence(e.sentence);
  if (call.class === 'positive' && BENEFIT_WORD.test(e.sentence)) return { ...e, favourability: 'favourable' };
  if ((call.class === 'negative' || call.class === 'harm') && HARM_WORD.test(e.sentence)) return { ...e, favourability: 'unfavourable' };
  return e;
}

const BENEFIT_WORD = /\b(?:superior|effective|efficacious|beneficial|better|benefit)\b/i;
const HARM_WORD = /\b(?:inferior|worse|worsened|detrimental|harmful|less effective)\b/i;
