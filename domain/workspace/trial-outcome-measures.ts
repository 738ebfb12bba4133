// A ClinicalTrials.gov record's posted results read one outcome at a time (pure), so that a trial gives one
// claim per reported outcome (docs/outcome-classification.md, "One claim per outcome"):
//   - an outcome is an outcome measure as posted, identified by its type (PRIMARY / SECONDARY) and its title:
//     the registry names it, so two analyses of one measure (two doses against placebo) are one outcome;
//   - each outcome is read by the rule of the whole record (trial-outcome.ts resultsVerdict): a significantly
//     unfavourable analysis, else a significant one, else the first decided one decides it;
//   - direction: for a significant analysis, the side of the null value (1 for a ratio, else 0) its estimate
//     lies on (the CI's midpoint without an estimate); not significant → no_difference; an analysis with
//     neither p-value nor confidence interval (or a non-inferiority one without p) decides nothing, and an
//     outcome none of whose analyses decides gives no reading;
//   - favourability: favourabilityOf (the estimate's side and the outcome's polarity, outcome-polarity.ts);
//     not significant → null.
// Measures without a posted analysis (pharmacokinetic concentrations, adverse-event percentages) are not
// outcomes the registry compares between arms: they give nothing here.
import type { SourceRecord, TrialAnalysis } from './sources';
import { analysisVerdict, describeAnalysis, favourabilityOf, nullValueOf, postedP, resultsVerdict, type TrialOutcomeClass } from './trial-outcome';
import type { Favourability } from '../effects/outcome-polarity';

export interface TrialOutcomeMeasure {
  /** The outcome measure's title as posted. */
  outcome: string;
  rank: 'primary' | 'secondary';
  /** positive / null / negative by the registry rule applied to this outcome's analyses alone. */
  class: Extract<TrialOutcomeClass, 'positive' | 'null' | 'negative'>;
  /** Why, quoting the deciding analysis (describeAnalysis). */
  reason: string;
  /** The analysis that decided the outcome. */
  deciding: TrialAnalysis;
  /** Which way the estimate lies for a significant analysis; no_difference when not significant; null when unreadable. */
  direction: 'increased' | 'decreased' | 'no_difference' | null;
  favourability: Favourability;
  /** Effect estimate, confidence interval and p-value of the deciding analysis, as posted. */
  statistics: string[];
  /** The arms the deciding analysis compares, as posted. */
  arms: string[];
}

/** The record's outcomes with a deciding posted analysis, primary ones first, each in posted order. */
export function trialOutcomeMeasures(record: SourceRecord): TrialOutcomeMeasure[] {
  return [
    ...measuresOf(record.attributes.primaryAnalyses ?? [], 'primary'),
    ...measuresOf(record.attributes.secondaryAnalyses ?? [], 'secondary'),
  ];
}

function measuresOf(analyses: readonly TrialAnalysis[], rank: 'primary' | 'secondary'): TrialOutcomeMeasure[] {
  const byOutcome = new Map<string, TrialAnalysis[]>();
  for (const a of analyses) byOutcome.set(a.outcome, [...(byOutcome.get(a.outcome) ?? []), a]);
  const out: TrialOutcomeMeasure[] = [];
  for (const [outcome, group] of byOutcome) {
    const verdict = resultsVerdict(group, rank);
    if (!verdict || (verdict.class !== 'positive' && verdict.class !== 'null' && verdict.class !== 'negative')) continue;
    const a = verdict.deciding;
    const significant = analysisVerdict(a) === 'significant';
    out.push({
      outcome, rank, class: verdict.class, reason: verdict.reason, deciding: a,
      direction: significant ? directionOf(a) : 'no_difference',
      favourability: significant ? favourabilityOf(a) : 'null',
      statistics: statisticsOf(a),
      arms: a.groups ?? [],
    });
  }
  return out;
}

function directionOf(a: TrialAnalysis): 'increased' | 'decreased' | null {
  const estimate = a.paramValue ?? (a.ciLower !== undefined && a.ciUpper !== undefined ? (a.ciLower + a.ciUpper) / 2 : undefined);
  const nullValue = nullValueOf(a.paramType);
  if (estimate === undefined || estimate === nullValue) return null;
  return estimate > nullValue ? 'increased' : 'decreased';
}

function statisticsOf(a: TrialAnalysis): string[] {
  const out: string[] = [];
  if (a.paramValue !== undefined) out.push(`${a.paramType ?? 'estimate'} ${a.paramValue}`);
  if (a.ciLower !== undefined && a.ciUpper !== undefined) out.push(`${a.ciPct ?? 95}% CI ${a.ciLower} to ${a.ciUpper}`);
  if (a.pValue) out.push(postedP(a));
  return out;
}

/** The posted analysis as the claim quotes it. */
export function quotedAnalysis(m: TrialOutcomeMeasure): string {
  return describeAnalysis(m.deciding);
}
