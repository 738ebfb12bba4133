// The learned reader's features (pure): word 1- and 2-grams of the evidence with the intervention,
// comparator and outcome masked (INTV, COMP, OUTC; numbers as NUM), words near the outcome, and the rule
// reader's facts (significance, direction and where it came from, the arm the sentence is about, the
// p-values' and intervals' verdicts, trend and non-inferiority wording). Hashed into a fixed number of
// buckets (FNV-1a, 32-bit), the "hashing trick" of Weinberger et al., ICML 2009.
import { tokenDirections } from './direction-words';
import type { RuleReading } from './rule-reader';

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const WITHIN_GROUP = /\b(?:from (?:the )?baseline|(?:compared|relative) (?:with|to) (?:the )?baseline|(?:in|for) both (?:groups|arms|treatment)|both groups|time effect|effect of time|pre-? ?(?:to|and|vs\.?) ?post|within[- ](?:the )?groups?|over time|(?:at|after) the end of (?:the )?(?:study|treatment)? ?compared with)\b/i;
const BETWEEN_ARMS = /\b(?:than|compared (?:with|to)|versus|vs\.?|relative to|between (?:the )?(?:two |three )?(?:groups|arms)|between-group|intergroup|in favou?r of|over placebo)\b/i;

export function ruleFeatures(r: RuleReading): string[] {
  const f = [
    `r:label=${r.label}`, `r:sig=${r.significance}`, `r:dir=${r.direction}`, `r:from=${r.directionFrom}`,
    `r:subject=${r.subjectArm}`, `r:first=${r.arms.firstNamed}`, `r:sig_dir=${r.significance}_${r.direction}`,
    `r:dir_from=${r.direction}_${r.directionFrom}`,
  ];
  const s = r.statistics;
  if (s.pValues.some((p) => p.significant)) f.push('r:p_sig');
  if (s.pValues.some((p) => !p.significant)) f.push('r:p_nonsig');
  if (s.pValues.length === 0) f.push('r:no_p');
  if (s.intervals.some((i) => i.relation === 'excludes_null')) f.push('r:ci_excl');
  if (s.intervals.some((i) => i.relation === 'includes_null')) f.push('r:ci_incl');
  for (const i of s.intervals) if (i.side) f.push(`r:ci_side=${i.side}_${i.nullValue}`);
  if (s.statedNotSignificant) f.push('r:stated_ns');
  if (s.armValues) f.push(`r:arm_values=${Math.sign(s.armValues.first - s.armValues.second)}_${r.arms.firstNamed}`);
  if (r.words.trend) f.push('r:trend');
  if (r.words.nonInferiority) f.push('r:noninferiority');
  if (r.words.noDifference.length > 0) f.push('r:nodiff_word');
  if (r.words.significant.length > 0) f.push('r:sig_word');
  if (r.words.increase.length > 0) f.push('r:inc_word');
  if (r.words.decrease.length > 0) f.push('r:dec_word');
  if (r.words.betweenGroupsNull) f.push('r:between_groups_null');
  if (r.words.noDifference.length > 0 && s.pValues.some((p) => p.significant)) f.push('r:nodiff_word_but_p_sig');
  // A change within one group or over time ("from baseline", "in both groups") is not a difference between arms.
  const within = WITHIN_GROUP.test(r.text);
  const between = BETWEEN_ARMS.test(r.text);
  if (within) f.push('r:within_group');
  if (!between) f.push('r:no_comparison');
  if (within && !between) f.push('r:within_only');
  return f;
}

const COMPARISON_WORD = /^(?:than|compared|versus|vs|relative|against|over)$/;
const isArm = (w: string | undefined) => w === 'INTV' || w === 'COMP';

/**
 * Which arm a direction word is about, read both ways round: the arm named next after it ("lower in INTV"),
 * and the reference arm introduced by a comparison word after it ("lower … than COMP"): the same word with
 * the other arm points the opposite way, so these let the model learn direction whatever the drugs are called.
 */
function armDirectionFeatures(masked: readonly string[], i: number, dir: string, f: string[]): void {
  let next = 'none';
  let reference = 'none';
  for (let j = i + 1; j < Math.min(masked.length, i + 12); j++) {
    const w = masked[j]!;
    if (next === 'none' && isArm(w)) next = w;
    if (COMPARISON_WORD.test(w)) {
      for (let k = j + 1; k < Math.min(masked.length, j + 5); k++) if (isArm(masked[k])) { reference = masked[k]!; break; }
      break;
    }
  }
  f.push(`dir_next:${dir}_${next}`, `dir_ref:${dir}_${reference}`);
}

/** Word n-grams of the masked evidence, and the words within three tokens of an outcome mention. */
export function wordFeatures(masked: readonly string[], improvementSign: 1 | -1 = 1): string[] {
  const f: string[] = ['bias'];
  const signs = tokenDirections(masked, improvementSign);
  let lastArm = 'none';
  let firstDir: string | null = null;
  const firstArm = masked.find(isArm) ?? 'none';
  for (let i = 0; i < masked.length; i++) {
    const w = masked[i]!;
    if (w === 'INTV' || w === 'COMP') lastArm = w;
    // A direction word with the arm named last before it: "INTV … lower" and "COMP … lower" point opposite ways.
    const dir = signs[i] === 1 ? 'up' : signs[i] === -1 ? 'down' : null;
    if (dir) {
      f.push(`arm_dir:${lastArm}_${dir}`);
      armDirectionFeatures(masked, i, dir, f);
      if (firstDir === null) { firstDir = dir; f.push(`first_dir:${firstArm}_${dir}`); }
    }
    f.push(`w:${masked[i]}`);
    if (i + 1 < masked.length) f.push(`b:${masked[i]}_${masked[i + 1]}`);
    if (i + 2 < masked.length) f.push(`t:${masked[i]}_${masked[i + 1]}_${masked[i + 2]}`);
    if (masked[i] === 'OUTC') {
      for (let j = Math.max(0, i - 3); j <= Math.min(masked.length - 1, i + 3); j++) if (j !== i) f.push(`near:${masked[j]}`);
    }
  }
  return f;
}
