// What an abstract (or any article text) found, read in the right order (pure): its CONCLUSIONS decide, then
// its RESULTS; BACKGROUND, OBJECTIVES, METHODS and the title never do. An unstructured abstract is read from
// its last sentence back, its first sentence (background or aim) and sentences stating an aim excluded. Each
// result sentence is read by the effect reader and its favourability by the outcome polarity lexicon; every
// sentence that reads as a result is returned (several outcomes, several readings), the deciding one first.
import { sentences } from '../workspace/outcome-classifier';
import { readEffect } from './default-reader';
import type { EffectReading } from './effect-reader';
import { favourability, improvementSignOf, outcomePolarity, type Favourability, type OutcomePolarity } from './outcome-polarity';

export interface SentenceEffect {
  sentence: string;
  section: 'conclusions' | 'results' | 'unstructured';
  reading: EffectReading;
  polarity: OutcomePolarity;
  favourability: Favourability;
  /** For a no_difference against a named active drug: that drug ("no better than the comparator"). */
  activeComparator: string | null;
  /**
   * Why the reading is uncertain, or null: a no_difference the learned model gives while the rules read a
   * direction and nothing in the sentence states a null (no p ≥ 0.05, no interval crossing the null value, no
   * "did not differ" or trend words). The null is then the model's guess from missing statistics, not a stated
   * null: favourability unknown ("studied"), never a confident null (docs/outcome-classification.md).
   */
  uncertain: string | null;
}

/** What the reader is told besides the sentence: the arm under test, its comparator, the outcome (Evidence Inference's prompt). */
export interface ReaderPrompt {
  intervention?: string;
  comparator?: string;
  outcome?: string;
}

const HEADING = /\b(BACKGROUND|INTRODUCTION|OBJECTIVES?|AIMS?|PURPOSE|CONTEXT|METHODS?|DESIGN|SETTING|PARTICIPANTS|PATIENTS|INTERVENTIONS?|MEASUREMENTS|MAIN OUTCOME MEASURES?|RESULTS|FINDINGS|CONCLUSIONS?|INTERPRETATION|DISCUSSION|TRIAL REGISTRATION|FUNDING)\s*:/g;
const AIM = /^(?:to (?:assess|evaluate|determine|compare|investigate|examine)|we (?:aimed|sought|assessed|evaluated|investigated|compared|hypothesi[sz]ed)|the (?:aim|objective|purpose)|this (?:study|trial) (?:aimed|was designed))/i;
const GENERIC_COMPARATOR = /^(?:the )?(?:placebo|control|controls|sham|usual care|standard care|no treatment|vehicle|untreated|conventional)/i;

function sections(text: string): { name: string; body: string }[] {
  const marks = [...text.matchAll(HEADING)];
  if (marks.length === 0) return [];
  return marks.map((m, i) => ({ name: m[1]!.toUpperCase(), body: text.slice((m.index ?? 0) + m[0].length, i + 1 < marks.length ? marks[i + 1]!.index : text.length) }));
}

/** The sentences that may decide, in the order they decide. */
export function decidingOrder(text: string): { sentence: string; section: SentenceEffect['section'] }[] {
  const parts = sections(text);
  if (parts.length > 0) {
    const of = (re: RegExp, section: SentenceEffect['section']) => parts.filter((p) => re.test(p.name)).flatMap((p) => sentences(p.body).map((sentence) => ({ sentence, section })));
    return [...of(/^(?:CONCLUSIONS?|INTERPRETATION)$/, 'conclusions'), ...of(/^(?:RESULTS|FINDINGS)$/, 'results')];
  }
  // The first sentence of a longer unstructured abstract is its background or aim.
  const all = sentences(text);
  return (all.length >= 3 ? all.slice(1) : all).filter((s) => !AIM.test(s)).reverse().map((sentence) => ({ sentence, section: 'unstructured' as const }));
}

/** "compared with methotrexate", "than adalimumab", "versus infliximab": the named comparator, when active. */
export function activeComparatorOf(sentence: string): string | null {
  const m = /\b(?:compared (?:with|to)|versus|vs\.?|than|relative to)\s+((?:the\s+)?[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)/i.exec(sentence)
    ?? /\bbetween\s+[^,;()]{1,60}?\s+and\s+((?:the\s+)?[A-Za-z][\w-]*)/i.exec(sentence);
  if (!m) return null;
  const named = m[1]!.trim();
  if (GENERIC_COMPARATOR.test(named) || /^(?:the |those |that |in |baseline|before|pre)/i.test(named)) return null;
  return named;
}

export function readSentenceEffect(sentence: string, section: SentenceEffect['section'], prompt: string | ReaderPrompt = {}): SentenceEffect {
  const { intervention, comparator, outcome } = typeof prompt === 'string' ? { intervention: prompt } : prompt;
  const reading = readEffect({ evidence: sentence, ...(intervention ? { intervention } : {}), ...(comparator ? { comparator } : {}), ...(outcome ? { outcome } : {}) });
  const polarity = outcomePolarity(sentence).polarity;
  const uncertain = uncertainNull(reading);
  return {
    sentence, section, reading, polarity,
    favourability: uncertain ? 'unknown' : improvementRead(reading, outcome, sentence) ? 'favourable' : favourability(reading.label, polarity),
    activeComparator: reading.label === 'no_difference' ? activeComparatorOf(sentence) : null,
    uncertain,
  };
}

/**
 * The reader's direction came from a word of improvement ("significant improvements in glycemic control, body
 * weight, and blood pressure") and points the way it reads improvement for the outcome it was told (up, unless the
 * told outcome is lower-is-better): the sentence says the outcome improved, which is favourable by definition. The
 * polarity lexicon, which reads the whole sentence, must not turn it round ("blood pressure" is lower-is-better, so
 * "improvements" read as an increase was unfavourable). A smaller improvement ("improved less than placebo") reads
 * the other way, and an improvement in each arm ("just as well as", "both") is no comparison: both are left to the lexicon.
 */
export function improvementRead(reading: EffectReading, outcome: string | undefined, sentence: string): boolean {
  const x = reading.explanation;
  if (x.directionFrom !== 'words' || (reading.label !== 'increased' && reading.label !== 'decreased')) return false;
  // "improved ... just as well as voglibose", "both groups improved": an improvement in each arm, not against the other.
  if (/\b(?:equally|similarly|just as|as well as|both (?:groups|arms|treatments)|in both|comparable|similar)\b/i.test(sentence)) return false;
  const improved = x.deciding.some((w) => /^(?:improv\w*|better)$/i.test(w));
  const worsened = x.deciding.some((w) => /^(?:wors\w*|poorer|deteriorat\w*|less|smaller|lower|fewer)$/i.test(w));
  return improved && !worsened && reading.label === (improvementSignOf(outcome) === 1 ? 'increased' : 'decreased');
}

/** A no_difference that only the model reads, against the rules' direction, with no stated null: uncertain. */
export function uncertainNull(reading: EffectReading): string | null {
  const x = reading.explanation;
  if (reading.label !== 'no_difference' || x.significance === 'not_significant') return null;
  if (x.ruleLabel !== 'increased' && x.ruleLabel !== 'decreased') return null;
  return `the rules read ${x.ruleLabel} and no statistic or words state a null; the model reads no difference (${x.probabilities.no_difference.toFixed(2)}), a guess from missing statistics`;
}

/** Every result sentence, deciding first (conclusions, then results). Empty when none reads as a result. */
export function readAbstractEffects(text: string, intervention?: string | ReaderPrompt): SentenceEffect[] {
  return decidingOrder(text)
    .map(({ sentence, section }) => readSentenceEffect(sentence, section, intervention))
    .filter((e) => e.reading.label !== 'none');
}
