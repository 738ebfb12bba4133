// The effect reader's reading of a record turned into the dossier's outcome class (pure), so the fields the
// ranking reads keep their meaning (docs/outcome-classification.md):
//   favourable → positive; unfavourable → harm when the outcome is a safety outcome (deaths, adverse events,
//   toxicity), else negative; null → null, except against a named active drug: "no better than the
//   comparator", which is not evidence of no benefit in the disease → unknown; a significant change of an
//   outcome whose polarity is unknown → unknown (the direction is kept, favourability unknown, no guess).
import type { SentenceEffect } from '../effects/abstract-effect';
import type { EffectSummary, EvidenceOutcome } from './dossier-types';

const SAFETY_OUTCOME = /\b(?:mortality|deaths?|died|fatal\w*|adverse|toxicit\w*|side[- ]effects?|serious)\b/i;

export function outcomeClassOfEffect(e: SentenceEffect): EvidenceOutcome['class'] {
  switch (e.favourability) {
    case 'favourable': return 'positive';
    case 'unfavourable': return SAFETY_OUTCOME.test(e.sentence) ? 'harm' : 'negative';
    case 'null': return e.activeComparator ? 'unknown' : 'null';
    default: return 'unknown';
  }
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
    ...(rest.length > 0 ? { other_outcomes: rest.map((r) => ({ direction: r.reading.label, favourability: r.favourability, sentence: r.sentence })) } : {}),
  };
}
