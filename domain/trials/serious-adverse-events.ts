// Serious adverse events compared by arm (issue 27 §3, issue 28 §2): from a ClinicalTrials.gov results record's
// adverse-event groups as posted (resultsSection.adverseEventsModule.eventGroups: seriousNumAffected /
// seriousNumAtRisk per group), the proportion of participants with at least one serious adverse event on the
// drug against the concurrent placebo-type comparator, as a risk difference with Newcombe's hybrid score 95%
// interval (domain/statistics/proportion-difference.ts; Newcombe, Stat Med 1998, method 10).
// Which group is which is read from the group titles, since the adverse-event groups are titled on their own
// (NCT02552212: "CZP 200 mg Q2W (SS)", "Placebo (SS)") and need not match the protocol's arm labels:
//   comparator   placebo, vehicle, sham or dummy;
//   not compared groups after a switch or in an open-label phase ("Placebo->OL CZP", "SFE OL CZP"), totals:
//                they have no concurrent randomised comparator;
//   drug         every other group, pooled (dose arms together), counts summed.
// Verdicts: excess (the interval lies above 0), lower_on_drug (below 0), no_excess_shown (it spans 0). None is
// evidence of safety: a trial is powered for efficacy, and "no excess shown" is absence, not reassurance.
// Without a recognised comparator or drug group, or without counts, there is no comparison (null), never a verdict.
import { newcombeDifference } from '../statistics/proportion-difference';

/** One posted adverse-event group (the shape of domain/workspace/sources.ts TrialAdverseEvents). */
export interface AdverseEventGroup { arm: string; seriousAffected?: number; seriousAtRisk?: number }

export type SaeVerdict = 'excess' | 'no_excess_shown' | 'lower_on_drug';

export interface SaeComparison {
  drug_arms: string[];
  comparator_arms: string[];
  drug: { affected: number; at_risk: number };
  comparator: { affected: number; at_risk: number };
  /** Drug minus comparator proportion with ≥ 1 serious adverse event (−1..1). */
  risk_difference: number;
  ci_lower: number;
  ci_upper: number;
  verdict: SaeVerdict;
  method: string;
  statement: string;
}

export const SAE_METHOD = 'risk difference of the proportions with ≥ 1 serious adverse event, drug arm(s) pooled minus placebo-type comparator, with Newcombe\'s hybrid score 95% interval (Newcombe, Stat Med 1998;17:873-890, method 10)';

const COMPARATOR = /\b(?:placebo|vehicle|sham|dummy)\b/i;
const NOT_CONCURRENT = /->|→|\bswitch\w*|\bopen[- ]label\b|\bOL\b|\bextension\b|\bcross(?:ed)?[- ]?over\b|\btotal\b|\boverall\b|\ball (?:participants|patients|subjects)\b/i;

const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)}%`;
const pp = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`;

export function compareSeriousAdverseEvents(groups: readonly AdverseEventGroup[]): SaeComparison | null {
  const counted = groups.filter((g) => Number.isInteger(g.seriousAffected) && Number.isInteger(g.seriousAtRisk) && g.seriousAtRisk! > 0 && !NOT_CONCURRENT.test(g.arm));
  const comparators = counted.filter((g) => COMPARATOR.test(g.arm));
  const drugs = counted.filter((g) => !COMPARATOR.test(g.arm));
  if (comparators.length === 0 || drugs.length === 0) return null;
  const sum = (gs: AdverseEventGroup[]) => ({ affected: gs.reduce((s, g) => s + g.seriousAffected!, 0), at_risk: gs.reduce((s, g) => s + g.seriousAtRisk!, 0) });
  const drug = sum(drugs);
  const comparator = sum(comparators);
  const rd = newcombeDifference(drug.affected, drug.at_risk, comparator.affected, comparator.at_risk);
  if (rd === null) return null;
  const verdict: SaeVerdict = rd.lower > 0 ? 'excess' : rd.upper < 0 ? 'lower_on_drug' : 'no_excess_shown';
  const reading = verdict === 'excess'
    ? 'more participants had a serious adverse event on the drug (the interval lies above 0)'
    : verdict === 'lower_on_drug'
      ? 'fewer participants had a serious adverse event on the drug; this is not evidence of safety'
      : 'no excess shown at this trial\'s size (the interval spans 0): absence of a shown excess, not evidence of safety';
  const statement = `Serious adverse events: ${drug.affected}/${drug.at_risk} (${pct(drug.affected, drug.at_risk)}) on ${drugs.map((g) => g.arm).join(' + ')} `
    + `vs ${comparator.affected}/${comparator.at_risk} (${pct(comparator.affected, comparator.at_risk)}) on ${comparators.map((g) => g.arm).join(' + ')}; `
    + `risk difference ${pp(rd.difference)} percentage points (95% CI ${pp(rd.lower)} to ${pp(rd.upper)}, Newcombe hybrid score): ${reading}.`;
  return {
    drug_arms: drugs.map((g) => g.arm), comparator_arms: comparators.map((g) => g.arm), drug, comparator,
    risk_difference: rd.difference, ci_lower: rd.lower, ci_upper: rd.upper, verdict, method: SAE_METHOD, statement,
  };
}
