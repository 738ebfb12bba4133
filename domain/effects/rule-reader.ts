// The rule reader (pure): reads significance from the statistics and the words, and direction from the
// estimate's interval, the per-arm values and the direction words, each turned to the intervention's side by
// which arm the sentence is about. Its verdict and every intermediate fact are features of the learned reader
// (learned-model.ts) and are returned as the explanation.
import { BETWEEN_GROUPS_NULL, DECREASE, INCREASE, NON_INFERIORITY, NO_DIFFERENCE, SIGNIFICANT_WORD, TREND, matches } from './direction-cues';
import { tokenDirections, wordSign } from './direction-words';
import { armPositions, type ArmPositions, type MarkedToken } from './mentions';
import { parseStatistics, type ParsedStatistics } from './statistics';

export type EffectLabel = 'increased' | 'decreased' | 'no_difference' | 'none';

export interface RuleReading {
  label: EffectLabel;
  significance: 'significant' | 'not_significant' | 'unknown';
  /** +1: the outcome went up with the intervention; -1: down; 0: not read. */
  direction: 1 | -1 | 0;
  /** Which fact set the direction: interval, arm_values, words or none. */
  directionFrom: 'interval' | 'arm_values' | 'arm_numbers' | 'words' | 'none';
  /** The arm the sentence's subject is: the one named first unless "compared with"/"than" introduces it. */
  subjectArm: 'intervention' | 'comparator' | null;
  arms: ArmPositions;
  statistics: ParsedStatistics;
  words: { increase: string[]; decrease: string[]; noDifference: string[]; significant: string[]; trend: boolean; nonInferiority: boolean; betweenGroupsNull: string | null };
  /** The words or figures that decided, quoted from the evidence. */
  deciding: string[];
  /** The evidence read. */
  text: string;
}

function subjectArm(marked: readonly MarkedToken[], arms: ArmPositions): 'intervention' | 'comparator' | null {
  if (arms.firstNamed === null) return null;
  const first = arms.firstNamed === 'intervention' ? arms.intervention! : arms.comparator!;
  const before = marked.slice(Math.max(0, first - 5), first).map((t) => t.text).join(' ').replace(/\s+(?:(?:those|that|the|in|of|for|receiving|given)\s*)+$/, '');
  const other = arms.firstNamed === 'intervention' ? 'comparator' : 'intervention';
  const otherNamed = other === 'intervention' ? arms.intervention !== null : arms.comparator !== null;
  // "Compared with placebo, drug X reduced …": the comparator is named first but is the reference.
  // (The other arm is the subject even when the sentence does not name it.)
  if (/(?:than|compared (?:with|to)|versus|vs\.?|relative to|over|against)$/.test(before) && (otherNamed || /(?:than|compared (?:with|to)|versus|vs\.?|relative to|over|against)$/.test(before))) return other;
  // "… significantly higher (5.7 per week, compared with 2.6 per week in the placebo group)": a comparison word
  // a few words before the first arm named, with numbers between, introduces the reference too.
  const wider = marked.slice(Math.max(0, first - 10), first).map((t) => t.text);
  const cmp = wider.findIndex((w) => /^(?:than|compared|versus|vs)$/.test(w));
  if (cmp >= 0 && wider.slice(cmp + 1).some((w) => /^\d/.test(w))) return other;
  return arms.firstNamed;
}

/**
 * The direction word that carries the result: one right after "significant(ly)", else one followed by a
 * comparison ("lower … than", "reduced … compared with"), else the first.
 */
function decidingDirectionWord(text: string, improvementSign: 1 | -1): { word: string; sign: 1 | -1 } | null {
  const found = [...text.matchAll(INCREASE), ...text.matchAll(DECREASE), ...text.matchAll(WORSE)]
    .map((m) => ({ word: m[0], at: m.index ?? 0, sign: (wordSign(m[0], improvementSign) || 1) as 1 | -1 }))
    .sort((a, b) => a.at - b.at);
  if (found.length === 0) return null;
  const afterSignificant = found.find((f) => /significant(?:ly)?\s+(?:\w+\s+)?$/.test(text.slice(Math.max(0, f.at - 30), f.at)));
  if (afterSignificant) return afterSignificant;
  const beforeComparison = found.find((f) => /^\W*(?:\S+\s+){0,6}?(?:than|compared (?:with|to)|versus|vs\.?|relative to)\b/.test(text.slice(f.at + f.word.length, f.at + f.word.length + 80)));
  return beforeComparison ?? found[0]!;
}

const WORSE = /\b(?:better|worse\w*|poorer|deteriorat\w*)\b/g;

const COMPARISON_TOKEN = /^(?:than|compared|versus|vs|relative|against)$/;

/**
 * The reference arm of a direction word: "lower … than COMP", "higher in COMP … compared with INTV". The arm
 * a comparison word introduces within a few tokens after the word is the reference, so the sentence is about
 * the other arm. null when no comparison follows the word or it names no arm.
 */
export function referenceArm(marked: readonly MarkedToken[], word: string, index?: number): 'intervention' | 'comparator' | null {
  const at = index ?? marked.findIndex((t) => t.text === word);
  if (at < 0) return null;
  for (let j = at + 1; j < Math.min(marked.length, at + 14); j++) {
    // "superior to placebo", "preferred over placebo": "to" and "over" right after the word compare too.
    const comparing = COMPARISON_TOKEN.test(marked[j]!.text) || (j === at + 1 && /^(?:to|over)$/.test(marked[j]!.text));
    if (!comparing) continue;
    for (let k = j + 1; k < Math.min(marked.length, j + 6); k++) {
      const tag = marked[k]!.tag;
      if (tag === 'INTV') return 'intervention';
      if (tag === 'COMP') return 'comparator';
    }
    return null;
  }
  return null;
}

/**
 * Per-arm numbers when the statistics parser found no arm values: the number nearest before each arm's first
 * mention ("24 weeks for INTV, 7 weeks for COMP", "89.0 ± 9.9 in the INTV group and 84.2 … in the COMP
 * group": the first number of the run), within six tokens and not past the other arm. null unless both arms
 * have one and they differ.
 */
export function armNumbers(marked: readonly MarkedToken[], arms: ArmPositions): { intervention: number; comparator: number } | null {
  if (arms.intervention === null || arms.comparator === null) return null;
  const before = (at: number, other: number): number | null => {
    const from = Math.max(0, at - 6, other < at ? other + 1 : 0);
    let found: number | null = null;
    for (let j = at - 1; j >= from; j--) {
      if (/^\d/.test(marked[j]!.text)) found = j;
      else if (found !== null && marked[j]!.text !== '%' && !/^[a-z]/.test(marked[j]!.text)) break;
    }
    return found === null ? null : Number(marked[found]!.text);
  };
  const i = before(arms.intervention, arms.comparator);
  const c = before(arms.comparator, arms.intervention);
  return i !== null && c !== null && i !== c ? { intervention: i, comparator: c } : null;
}

/**
 * With direction words of both signs in the sentence ("success was lower and complications higher"), the one
 * nearest a mention of the outcome carries the outcome's result. null when the outcome is not named or the
 * words all point one way (the sentence-level choice then stands).
 */
export function outcomeDirectionToken(marked: readonly MarkedToken[], signs: readonly (1 | -1 | 0)[]): { at: number; sign: 1 | -1 } | null {
  const outcome = marked.flatMap((t, i) => (t.tag === 'OUTC' ? [i] : []));
  if (outcome.length === 0) return null;
  const words = signs.flatMap((sign, i): { at: number; sign: 1 | -1 }[] => (sign !== 0 ? [{ at: i, sign }] : []));
  if (!words.some((w) => w.sign > 0) || !words.some((w) => w.sign < 0)) return null;
  const distance = (at: number) => Math.min(...outcome.map((o) => Math.abs(o - at)));
  return words.reduce((best, w) => (distance(w.at) < distance(best.at) ? w : best));
}

/** improvementSign: -1 when improvement is a decrease of the outcome (outcome-polarity.ts improvementSignOf). */
export function readByRules(evidence: string, marked: readonly MarkedToken[], improvementSign: 1 | -1 = 1): RuleReading {
  const text = evidence.toLowerCase();
  const signs = tokenDirections(marked.map((t) => t.text), improvementSign, marked.map((t) => t.tag === 'OUTC'));
  const statistics = parseStatistics(evidence);
  const arms = armPositions(marked);
  let subject = subjectArm(marked, arms);
  const words = {
    increase: matches(text, INCREASE), decrease: matches(text, DECREASE), noDifference: matches(text, NO_DIFFERENCE),
    significant: matches(text, SIGNIFICANT_WORD), trend: TREND.test(text), nonInferiority: NON_INFERIORITY.test(text),
    betweenGroupsNull: BETWEEN_GROUPS_NULL.exec(text)?.[0] ?? null,
  };
  const deciding: string[] = [];
  const sigP = statistics.pValues.filter((p) => p.significant);
  const nonSigP = statistics.pValues.filter((p) => !p.significant && p.bound !== '<');
  const ciExcl = statistics.intervals.filter((i) => i.relation === 'excludes_null');
  const ciIncl = statistics.intervals.filter((i) => i.relation === 'includes_null');

  let significance: RuleReading['significance'] = 'unknown';
  if (sigP.length > 0 && nonSigP.length === 0) { significance = 'significant'; deciding.push(sigP[0]!.text); }
  else if (nonSigP.length > 0 && sigP.length === 0) { significance = 'not_significant'; deciding.push(nonSigP[0]!.text); }
  else if (ciExcl.length > 0 && ciIncl.length === 0) { significance = 'significant'; deciding.push(ciExcl[0]!.text); }
  else if (ciIncl.length > 0 && ciExcl.length === 0) { significance = 'not_significant'; deciding.push(ciIncl[0]!.text); }
  else if (words.noDifference.length > 0 && words.trend === false) { significance = 'not_significant'; deciding.push(words.noDifference[0]!); }
  else if (statistics.statedNotSignificant || words.trend) { significance = 'not_significant'; deciding.push(words.trend ? 'trend' : 'not significant'); }
  else if (words.significant.length > 0) { significance = 'significant'; deciding.push(words.significant[0]!); }

  // Direction, on the intervention's side: an interval of a ratio or difference (intervention vs comparator),
  // else two values in order of mention (the first belongs to the arm named first), else direction words.
  const armSign = subject === 'comparator' ? -1 : 1;
  let direction: RuleReading['direction'] = 0;
  let directionFrom: RuleReading['directionFrom'] = 'none';
  const sidedInterval = ciExcl.find((i) => i.side !== null);
  let directionWord = decidingDirectionWord(text, improvementSign);
  let wordAt: number | undefined;
  const nearOutcome = outcomeDirectionToken(marked, signs);
  if (directionWord && nearOutcome) {
    directionWord = { word: marked[nearOutcome.at]!.text, sign: nearOutcome.sign };
    wordAt = nearOutcome.at;
  }
  if (directionWord) {
    // In context: "greater reductions" points down, "improved" pain points down.
    const at = wordAt ?? marked.findIndex((t) => t.text === directionWord!.word);
    if (at >= 0 && signs[at] !== 0) directionWord = { ...directionWord, sign: signs[at]! };
  }
  if (directionWord) {
    // The arm a comparison after the word names is the reference; else the sentence's subject arm decides.
    const reference = referenceArm(marked, directionWord.word, wordAt);
    // The sentence is about the arm that is not the reference.
    if (reference) subject = reference === 'comparator' ? 'intervention' : 'comparator';
    const sign = reference === 'comparator' ? 1 : reference === 'intervention' ? -1 : armSign;
    direction = (directionWord.sign * sign) as 1 | -1;
    directionFrom = 'words';
    deciding.push(directionWord.word);
  } else if (sidedInterval && sidedInterval.nullValue !== null) {
    direction = sidedInterval.side === 'above' ? 1 : -1;
    directionFrom = 'interval';
    deciding.push(sidedInterval.text);
  } else if (statistics.armValues && statistics.armValues.first !== statistics.armValues.second) {
    const firstArmSign = arms.firstNamed === 'comparator' ? -1 : 1;
    direction = ((statistics.armValues.first > statistics.armValues.second ? 1 : -1) * firstArmSign) as 1 | -1;
    directionFrom = 'arm_values';
    deciding.push(statistics.armValues.text);
  } else {
    const numbers = armNumbers(marked, arms);
    if (numbers) {
      direction = numbers.intervention > numbers.comparator ? 1 : -1;
      directionFrom = 'arm_numbers';
      deciding.push(`${numbers.intervention} (intervention) vs ${numbers.comparator} (comparator)`);
    }
  }

  let label: EffectLabel;
  if (significance === 'not_significant') label = 'no_difference';
  else if (direction !== 0 && significance === 'significant') label = direction > 0 ? 'increased' : 'decreased';
  else if (direction !== 0 && directionFrom === 'words') label = direction > 0 ? 'increased' : 'decreased';
  else label = 'none';
  return { label, significance, direction, directionFrom, subjectArm: subject, arms, statistics, words, deciding, text: evidence };
}
