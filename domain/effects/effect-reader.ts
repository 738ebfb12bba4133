// The effect reader (pure): given the evidence a trial report gives and, when known, the intervention,
// comparator and outcome, it says what happened to the outcome with the intervention against the comparator:
//   increased | decreased   a significant change, up or down (about the outcome, not about benefit:
//                           increased mortality is harm — outcome-polarity.ts says which);
//   no_difference           no significant difference (p ≥ 0.05, an interval crossing the null value,
//                           "did not differ", a trend; a met non-inferiority margin is flagged apart);
//   none                    not a result statement, or the reader is not sure enough (it abstains).
// The rule reader (rule-reader.ts) parses the statistics and words; the learned reader (learned-model.ts,
// trained on Evidence Inference's train split) weighs them with the masked words. Every reading returns the
// words, statistics and features that decided it. Method and figures: docs/outcome-classification.md.
import { NEGATION } from './direction-cues';
import { ruleFeatures, wordFeatures } from './features';
import { MODEL_CLASSES, scoreFeatures, topFeatures, type EffectModel } from './learned-model';
import { markMentions, maskedTokens, tokenize } from './mentions';
import { improvementSignOf } from './outcome-polarity';
import { readByRules, type EffectLabel, type RuleReading } from './rule-reader';
import type { Interval, PValue } from './statistics';

export type { EffectLabel } from './rule-reader';

export interface EffectQuery {
  evidence: string;
  intervention?: string;
  comparator?: string;
  outcome?: string;
}

export interface EffectReading {
  label: EffectLabel;
  /** The learned reader's probability for its label (a model estimate, calibrated only as far as the validation figures show). */
  confidence: number;
  /** Why: the rule reader's facts and the model's strongest features. */
  explanation: {
    /** Words and figures quoted from the evidence that decided. */
    deciding: string[];
    statistics: { pValues: PValue[]; intervals: Interval[]; armValues: { first: number; second: number; text: string } | null; statedNotSignificant: boolean };
    arms: { firstNamed: 'intervention' | 'comparator' | null; subject: 'intervention' | 'comparator' | null };
    significance: RuleReading['significance'];
    directionFrom: RuleReading['directionFrom'];
    ruleLabel: EffectLabel;
    modelLabel: EffectLabel;
    /** Which way the direction model reads a change, were it significant. */
    modelDirection: 'increased' | 'decreased';
    probabilities: Record<'increased' | 'decreased' | 'no_difference', number>;
    topFeatures: { feature: string; weight: number }[];
    trend: boolean;
    /** A non-inferiority or equivalence statement: a met margin is not "no difference of efficacy". */
    nonInferiority: boolean;
    abstained: string | null;
  };
}

/** Below this probability the reader abstains ("none"): a fixed value, not tuned on any held-out data. */
export const ABSTAIN_BELOW = 0.4;

/**
 * A significant change read while the model still gives "no difference" at least this probability is not
 * reported as a change: the reader abstains instead (a no-difference item read as a significant change is
 * the costlier error: issue 27 allows ≤ 3% of those, ≤ 10% abstentions). A change stated outright with no
 * statistic ("X reduced … compared with placebo") is not doubted. Chosen by 5-fold CV on train
 * articles (`npm run effects:train -- --cv` sweeps it; figures in docs/outcome-classification.md).
 */
export const CHANGE_DOUBT_AT = 0.25;

/** No statistic, no comparison word, no direction or difference word: not a result statement. */
function isResultStatement(rules: RuleReading): boolean {
  const s = rules.statistics;
  return s.pValues.length + s.intervals.length > 0 || s.armValues !== null || s.statedNotSignificant
    || rules.words.increase.length + rules.words.decrease.length + rules.words.noDifference.length + rules.words.significant.length > 0
    || rules.words.trend;
}

/**
 * The features the direction model reads: the rule reader's facts and the arm-aware direction features, not
 * the plain word n-grams (with them, cross-validated macro-F1 was 0.815 against 0.817 without; the model
 * policy alone 0.766 against 0.795: the n-grams fit the training articles' topics, not which way).
 */
export function directionFeatures(features: readonly string[]): string[] {
  return features.filter((f) => /^(?:r:|arm_dir|dir_next|dir_ref|first_dir|bias|near:)/.test(f));
}

export function featuresOf(query: EffectQuery): { features: string[]; rules: RuleReading } {
  const marked = markMentions(tokenize(query.evidence), query);
  const improvementSign = improvementSignOf(query.outcome);
  const rules = readByRules(query.evidence, marked, improvementSign);
  return { features: [...wordFeatures(maskedTokens(marked), improvementSign), ...ruleFeatures(rules)], rules };
}

/**
 * Who decides the direction of a significant change: 'model' (the learned reader's label, the rules' reading
 * being among its features) or 'rules' (the rules' direction when they read one). Chosen by cross-validation
 * on train articles (scripts/train-effect-reader.ts --cv); see docs/outcome-classification.md.
 */
export type DirectionPolicy = 'model' | 'rules' | 'by_kind';
export const DIRECTION_POLICY: DirectionPolicy = 'by_kind';

/** The kind of direction the rules read: where it came from and which arm the sentence is about. */
export function directionKind(from: RuleReading['directionFrom'], subject: RuleReading['subjectArm']): string {
  return `${from}:${subject ?? 'unnamed'}`;
}

/**
 * For 'by_kind': the kinds of rule reading whose direction is trusted over the model's. The rest are the
 * model's (its probabilities of increased against decreased). Chosen from the cross-validated counts of
 * `npm run effects:train -- --cv` (train articles only; figures in docs/outcome-classification.md).
 */
export const RULE_DIRECTION_KINDS: ReadonlySet<string> = new Set([
  'words:intervention', 'words:unnamed', 'arm_values:intervention', 'arm_values:comparator', 'arm_values:unnamed',
  'interval:intervention', 'interval:comparator', 'interval:unnamed',
]);

export function readEffectWith(model: EffectModel, query: EffectQuery, policy: DirectionPolicy = DIRECTION_POLICY, changeDoubtAt: number = CHANGE_DOUBT_AT): EffectReading {
  const evidence = (query.evidence ?? '').trim();
  const { features, rules } = featuresOf({ ...query, evidence });
  const { probabilities } = scoreFeatures(model, features);
  let best = 0;
  for (let c = 1; c < probabilities.length; c++) if (probabilities[c]! > probabilities[best]!) best = c;
  const modelLabel = MODEL_CLASSES[best]!;
  const confidence = probabilities[best]!;
  let abstained: string | null = null;
  if (evidence.length === 0) abstained = 'no evidence text';
  else if (!isResultStatement(rules)) abstained = 'not a result statement: no statistic, comparison or direction words';
  else if (confidence < ABSTAIN_BELOW) abstained = `model not sure: top probability ${confidence.toFixed(2)} < ${ABSTAIN_BELOW}`;
  // The model decides whether there was a significant change; the direction is the rules' when they read
  // one (the arm-aware reading of the interval, the words or the arm values), else the model's.
  // A stated p-value decides significance: all p ≥ 0.05 (none below) is no significant change, whatever words.
  const s0 = rules.statistics;
  const pSaysNull = s0.pValues.length > 0 && s0.pValues.every((p) => !p.significant);
  // A sentence with no statistic and no no-difference or trend word that says which way the outcome went
  // ("X reduced disease activity compared with placebo") states a change: the model, which learned mostly
  // from sentences with statistics, does not overrule it.
  const statedChange = s0.pValues.length + s0.intervals.length === 0 && s0.armValues === null && !s0.statedNotSignificant
    && rules.words.noDifference.length === 0 && !rules.words.trend && rules.directionFrom === 'words'
    && !/\d\s*%|\d\.\d|±/.test(evidence) && !NEGATION.test(evidence.toLowerCase())
    && !/\bas \w+ as\b|\bboth (?:groups|arms)\b/i.test(evidence);
  // Words that say no significant difference ("did not differ significantly", "clinically insignificant"),
  // with no significant p-value or interval beside them, are not overruled by the model either.
  const wordsSayNull = rules.significance === 'not_significant' && !s0.pValues.some((p) => p.significant)
    && !s0.intervals.some((i) => i.relation === 'excludes_null');
  // A sentence that says the groups did not differ ("no significant difference between the groups") is a
  // null between the arms, whatever changed within each group (chosen by CV: no-difference read as
  // significant 4.3% -> 3.8%, macro-F1 0.827 -> 0.830).
  const betweenGroupsNull = rules.words.betweenGroupsNull !== null;
  const significantChange = (statedChange || modelLabel !== 'no_difference') && !pSaysNull && !wordsSayNull && !betweenGroupsNull;
  const trustRules = policy === 'rules' || (policy === 'by_kind' && RULE_DIRECTION_KINDS.has(directionKind(rules.directionFrom, rules.subjectArm)));
  const ruleDirection = trustRules && (rules.label === 'increased' || rules.label === 'decreased') ? rules.label : null;
  const directionProbabilities = model.direction ? scoreFeatures({ buckets: model.buckets, weights: model.direction }, directionFeatures(features)).probabilities : probabilities;
  const modelDirection: 'increased' | 'decreased' = directionProbabilities[0]! >= directionProbabilities[1]! ? 'increased' : 'decreased';
  // Only the model's own reading of a change is doubted: a change the words state outright (statedChange) stands.
  if (!abstained && significantChange && !statedChange && probabilities[2]! >= changeDoubtAt) {
    abstained = `a change, but the model gives no difference ${probabilities[2]!.toFixed(2)} ≥ ${changeDoubtAt}`;
  }
  const label: EffectLabel = abstained ? 'none' : !significantChange ? 'no_difference' : ruleDirection ?? modelDirection;
  const s = rules.statistics;
  return {
    label,
    // An abstention has no confidence in a label: 0.
    confidence: abstained ? 0 : Number(confidence.toFixed(3)),
    explanation: {
      deciding: betweenGroupsNull && label === 'no_difference' ? [rules.words.betweenGroupsNull!, ...rules.deciding] : rules.deciding,
      statistics: { pValues: s.pValues, intervals: s.intervals, armValues: s.armValues, statedNotSignificant: s.statedNotSignificant },
      arms: { firstNamed: rules.arms.firstNamed, subject: rules.subjectArm },
      significance: rules.significance,
      directionFrom: rules.directionFrom,
      ruleLabel: rules.label,
      modelLabel,
      modelDirection,
      probabilities: { increased: round(probabilities[0]!), decreased: round(probabilities[1]!), no_difference: round(probabilities[2]!) },
      topFeatures: topFeatures(model, features, best, 6),
      trend: rules.words.trend,
      nonInferiority: rules.words.nonInferiority,
      abstained,
    },
  };
}

function round(x: number): number {
  return Number(x.toFixed(3));
}
