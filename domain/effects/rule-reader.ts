// The rule reader (pure): reads significance from the statistics and the words, and direction from the
// estimate's interval, the per-arm values and the direction words, each turned to the intervention's side by
// which arm the sentence is about. Its verdict and every intermediate fact are features of the learned reader
// (learned-model.ts) and are returned as the explanation.
import { DECREASE, INCREASE, NON_INFERIORITY, NO_DIFFERENCE, SIGNIFICANT_WORD, TREND, matches } from './direction-cues';
import { armPositions, type ArmPositions, type MarkedToken } from './mentions';
import { parseStatistics, type ParsedStatistics } from './statistics';

export type EffectLabel = 'increased' | 'decreased' | 'no_difference' | 'none';

export interface RuleReading {
  label: EffectLabel;
  significance: 'significant' | 'not_significant' | 'unknown';
  /** +1: the outcome went up with the intervention; -1: down; 0: not read. */
  direction: 1 | -1 | 0;
  /** Which fact set the direction: interval, arm_values, words or none. */
  directionFrom: 'interval' | 'arm_values' | 'words' | 'none';
  /** The arm the sentence's subject is: the one named first unless "compared with"/"than" introduces it. */
  subjectArm: 'intervention' | 'comparator' | null;
  arms: ArmPositions;
  statistics: ParsedStatistics;
  words: { increase: string[]; decrease: string[]; noDifference: string[]; significant: string[]; trend: boolean; nonInferiority: boolean };
  /** The words or figures that decided, quoted from the evidence. */
  deciding: string[];
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
  return arms.firstNamed;
}

/**
 * The direction word that carries the result: one right after "significant(ly)", else one followed by a
 * comparison ("lower … than", "reduced … compared with"), else the first.
 */
function decidingDirectionWord(text: string): { word: string; sign: 1 | -1 } | null {
  const found = [
    ...[...text.matchAll(INCREASE)].map((m) => ({ word: m[0], at: m.index ?? 0, sign: 1 as const })),
    ...[...text.matchAll(DECREASE)].map((m) => ({ word: m[0], at: m.index ?? 0, sign: -1 as const })),
  ].sort((a, b) => a.at - b.at);
  if (found.length === 0) return null;
  const afterSignificant = found.find((f) => /significant(?:ly)?\s+(?:\w+\s+)?$/.test(text.slice(Math.max(0, f.at - 30), f.at)));
  if (afterSignificant) return afterSignificant;
  const beforeComparison = found.find((f) => /^\W*(?:\S+\s+){0,6}?(?:than|compared (?:with|to)|versus|vs\.?|relative to)\b/.test(text.slice(f.at + f.word.length, f.at + f.word.length + 80)));
  return beforeComparison ?? found[0]!;
}

export function readByRules(evidence: string, marked: readonly MarkedToken[]): RuleReading {
  const text = evidence.toLowerCase();
  const statistics = parseStatistics(evidence);
  const arms = armPositions(marked);
  const subject = subjectArm(marked, arms);
  const words = {
    increase: matches(text, INCREASE), decrease: matches(text, DECREASE), noDifference: matches(text, NO_DIFFERENCE),
    significant: matches(text, SIGNIFICANT_WORD), trend: TREND.test(text), nonInferiority: NON_INFERIORITY.test(text),
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
  const directionWord = decidingDirectionWord(text);
  if (directionWord) {
    direction = (directionWord.sign * armSign) as 1 | -1;
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
  }

  let label: EffectLabel;
  if (significance === 'not_significant') label = 'no_difference';
  else if (direction !== 0 && significance === 'significant') label = direction > 0 ? 'increased' : 'decreased';
  else if (direction !== 0 && directionFrom === 'words') label = direction > 0 ? 'increased' : 'decreased';
  else label = 'none';
  return { label, significance, direction, directionFrom, subjectArm: subject, arms, statistics, words, deciding };
}
