// Drug versus placebo frequency of a side effect, as the label's trials report them (SIDER's meddra_freq:
// a frequency per arm, as an exact fraction or a range, e.g. "1-10%" -> 0.01..0.1). The comparison is the
// absolute risk difference drug − placebo with interval arithmetic on the bounds (a range minus a range):
// [drug.lower − placebo.upper, drug.upper − placebo.lower]. "higher on drug" only when the whole interval is
// above 0, "lower on drug" only when it is below 0, else "overlapping". Frequencies only, no trial sizes, so
// no test statistic: this says what the label says, nothing more.

export interface FrequencyRange { lower: number; upper: number }
export type PlaceboVerdict = 'higher_on_drug' | 'lower_on_drug' | 'overlapping';
export interface PlaceboComparison { risk_difference: FrequencyRange; verdict: PlaceboVerdict }

export function comparePlacebo(drug: FrequencyRange, placebo: FrequencyRange): PlaceboComparison {
  const risk_difference = { lower: drug.lower - placebo.upper, upper: drug.upper - placebo.lower };
  const verdict: PlaceboVerdict = risk_difference.lower > 0 ? 'higher_on_drug' : risk_difference.upper < 0 ? 'lower_on_drug' : 'overlapping';
  return { risk_difference, verdict };
}
