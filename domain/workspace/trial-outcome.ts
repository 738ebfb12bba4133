// What a registered clinical trial says about its intervention (pure), read in this order:
//   1. WITHDRAWN, or 0 participants enrolled                    → excluded (nobody was studied; no claim)
//   2. TERMINATED / SUSPENDED with a safety reason in whyStopped → harm
//      TERMINATED / SUSPENDED for lack of efficacy or futility (or outcomeMet false) → negative
//   3. posted primary-outcome analyses (ClinicalTrials.gov resultsSection):
//        any analysis significant at two-sided α = 0.05 → positive (for a non-inferiority analysis:
//        non-inferiority shown); p is read as posted ("<0.001", "0.12"); without a p-value, the confidence
//        interval decides: it excludes the null value (1 for a ratio — OR, HR, RR — else 0);
//        analyses present but none significant → null (the deciding analysis is quoted)
//   4. outcomeMet true / false (a provider that states it)       → positive / negative
//   5. anything else (completed without posted results, results without a primary analysis, ongoing,
//      terminated for other reasons)                           → unknown: "studied, outcome unknown"
// The direction of a significant difference cannot be read from the registry's numbers alone (whether a
// higher value is better depends on the outcome); a significant primary analysis of an efficacy trial is
// taken as its primary endpoint met, as ClinicalTrials.gov's own results summaries are read. Documented in
// docs/outcome-classification.md.
import type { SourceRecord, TrialAnalysis } from './sources';
import { trialStatus } from './quality';
import { favourability, outcomePolarity, type Favourability } from '../effects/outcome-polarity';

/** Benefit or harm of a significant posted analysis: the estimate's side of the null value and the outcome's polarity. */
export function favourabilityOf(a: TrialAnalysis): Favourability {
  if (/NON_INFERIORITY|EQUIVALENCE/.test(a.nonInferiorityType ?? '')) return 'unknown';
  const nullValue = nullValueOf(a.paramType);
  const estimate = a.paramValue ?? (a.ciLower !== undefined && a.ciUpper !== undefined ? (a.ciLower + a.ciUpper) / 2 : undefined);
  if (estimate === undefined || estimate === nullValue) return 'unknown';
  return favourability(estimate > nullValue ? 'increased' : 'decreased', outcomePolarity(a.outcome).polarity);
}

export type TrialOutcomeClass = 'positive' | 'null' | 'negative' | 'harm' | 'unknown' | 'excluded';

export interface TrialOutcome {
  class: TrialOutcomeClass;
  /** Why, in words a researcher can check against the registry record. */
  reason: string;
  /** The posted primary analysis that decided, when the posted results decided. */
  deciding?: TrialAnalysis;
}

export const TRIAL_ALPHA = 0.05;

const SAFETY_STOP = /\b(?:safety|adverse|toxicit\w*|hepatotoxic\w*|deaths?|died|fatal\w*|harm\w*|risk[- ]benefit|benefit[- ]risk|side effects?)\b/i;
const SAFETY_NEGATED = /\b(?:not|un)\s*(?:related|due|linked|connected|because|based)\b[^.;]{0,30}\b(?:safety|adverse|toxicit)/i;
const EFFICACY_STOP = /efficac|futil|ineffective|did not meet|not meet (?:its|the) primary|failed to (?:meet|show|demonstrate)|lack of (?:benefit|response)/i;
const EFFICACY_NEGATED = /\b(?:not|un)\s*(?:related|due|linked|connected|because|based)\b[^.;]{0,30}\b(?:efficacy|futility)\b/i;

/** A posted p-value: "<0.001" → {value 0.001, bound '<'}; "0.12" → {0.12, '='}; unreadable → null. */
export function parsePValue(text: string): { value: number; bound: '<' | '=' | '>' } | null {
  const match = /^\s*(<=|>=|≤|≥|<|>|=)?\s*(\d*\.?\d+(?:[eE][-+]?\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[2]);
  if (!Number.isFinite(value) || value < 0 || value > 1) return null;
  const op = match[1] ?? '=';
  return { value, bound: op.startsWith('<') || op === '≤' ? '<' : op.startsWith('>') || op === '≥' ? '>' : '=' };
}

/** The value of no effect for an estimated parameter: 1 for a ratio (OR, HR, RR, rate ratio), else 0. */
export function nullValueOf(paramType: string | undefined): number {
  return /ratio|\((?:OR|HR|RR|IRR)\)/i.test(paramType ?? '') ? 1 : 0;
}

/** significant / not significant / no statistic to decide, for one posted analysis. */
export function analysisVerdict(a: TrialAnalysis): 'significant' | 'not_significant' | 'undecided' {
  const p = a.pValue !== undefined ? parsePValue(a.pValue) : null;
  if (p) {
    if (p.bound === '>') return p.value >= TRIAL_ALPHA ? 'not_significant' : 'undecided';
    return p.value < TRIAL_ALPHA || (p.bound === '<' && p.value <= TRIAL_ALPHA) ? 'significant' : 'not_significant';
  }
  // A non-inferiority or equivalence interval is judged against its margin, which the record does not carry:
  // an interval crossing the null value there is not "no difference" (a met margin is not a null result).
  if (/NON_INFERIORITY|EQUIVALENCE/.test(a.nonInferiorityType ?? '')) return 'undecided';
  if (a.ciLower !== undefined && a.ciUpper !== undefined && a.ciLower <= a.ciUpper) {
    const nullValue = nullValueOf(a.paramType);
    return a.ciLower > nullValue || a.ciUpper < nullValue ? 'significant' : 'not_significant';
  }
  return 'undecided';
}

/** The posted p-value as quoted: "p <0.001", "p = 0.12"; '' without one. */
export function postedP(a: TrialAnalysis): string {
  if (!a.pValue) return '';
  const text = a.pValue.trim();
  return `p ${/^[<>=≤≥]/.test(text) ? text : `= ${text}`}`;
}

/** "Odds Ratio (OR) 1.83 (95% CI 1.30 to 2.59), p <0.001, Cochran-Mantel-Haenszel" for a quoted analysis. */
export function describeAnalysis(a: TrialAnalysis): string {
  const parts: string[] = [];
  if (a.paramType || a.paramValue !== undefined) parts.push([a.paramType, a.paramValue].filter((x) => x !== undefined).join(' '));
  if (a.ciLower !== undefined && a.ciUpper !== undefined) parts.push(`(${a.ciPct ?? 95}% CI ${a.ciLower} to ${a.ciUpper})`);
  const stats = parts.join(' ');
  const p = postedP(a);
  const type = a.nonInferiorityType && a.nonInferiorityType !== 'SUPERIORITY' ? `${a.nonInferiorityType.toLowerCase().replace(/_/g, '-')} analysis` : '';
  return [`${a.outcome}:`, [stats, p].filter(Boolean).join(', '), a.statisticalMethod ? `(${a.statisticalMethod})` : '', type ? `[${type}]` : '']
    .filter(Boolean).join(' ');
}

/** A record without the attribute may still state its stop reason in its text (fixtures, other providers). */
const EFFICACY_STOP_IN_TEXT = /\b(?:lack of efficacy|futility|insufficient efficacy|ineffective|no efficacy|did not meet|not meet (?:its|the) primary)\b/i;

function stopVerdict(record: SourceRecord, status: string): TrialOutcome | null {
  if (status !== 'TERMINATED' && status !== 'SUSPENDED') return null;
  const why = record.attributes.whyStopped ?? /Why stopped:\s*(.+)$/i.exec(record.text)?.[1]?.trim() ?? '';
  const stoppedWord = status.toLowerCase();
  if (why && SAFETY_STOP.test(why) && !SAFETY_NEGATED.test(why)) return { class: 'harm', reason: `${stoppedWord} for safety: "${why}"` };
  // Without a stated reason only the specific phrases count: a summary "evaluates the efficacy and safety".
  const efficacyInText = !why && EFFICACY_STOP_IN_TEXT.test(`${record.title} ${record.text}`);
  if (record.attributes.outcomeMet === false || efficacyInText || (why && EFFICACY_STOP.test(why) && !EFFICACY_NEGATED.test(why))) {
    return { class: 'negative', reason: why ? `${stoppedWord} for lack of efficacy: "${why}"` : `${stoppedWord}, primary outcome not met` };
  }
  return null;
}

/**
 * The verdict of posted analyses (one outcome's, or all primary ones), with the analysis that decided it: a
 * significantly unfavourable one, else a significant one, else the first decided one; null when none decides.
 */
export function resultsVerdict(analyses: readonly TrialAnalysis[], rank: 'primary' | 'secondary' = 'primary'): (TrialOutcome & { deciding: TrialAnalysis }) | null {
  const decided = analyses.map((a) => ({ a, verdict: analysisVerdict(a) })).filter((x) => x.verdict !== 'undecided');
  const significant = decided.find((x) => x.verdict === 'significant');
  // A significant superiority analysis whose estimate lies on the unfavourable side of the null value for an
  // outcome of known polarity (outcome-polarity.ts) is a significantly worse result, not support.
  const worse = decided.find((x) => x.verdict === 'significant' && favourabilityOf(x.a) === 'unfavourable');
  if (worse) return { class: 'negative', reason: `posted results, ${rank} analysis significantly unfavourable: ${describeAnalysis(worse.a)}`, deciding: worse.a };
  if (significant) {
    const nonInferiority = /NON_INFERIORITY|EQUIVALENCE/.test(significant.a.nonInferiorityType ?? '');
    return { class: 'positive', reason: `posted results, ${rank} analysis ${nonInferiority ? 'shows non-inferiority' : 'significant'}: ${describeAnalysis(significant.a)}`, deciding: significant.a };
  }
  if (decided.length > 0) return { class: 'null', reason: `posted results, ${rank} analysis not significant: ${describeAnalysis(decided[0]!.a)}`, deciding: decided[0]!.a };
  return null;
}

/** The trial's outcome class with its reason (see the rules above). */
export function classifyTrialOutcome(record: SourceRecord): TrialOutcome {
  const status = trialStatus(record);
  if (status === 'WITHDRAWN') return { class: 'excluded', reason: `withdrawn before enrolling participants${record.attributes.whyStopped ? ` ("${record.attributes.whyStopped}")` : ''}` };
  if (record.attributes.enrollment === 0) return { class: 'excluded', reason: 'no participants enrolled' };
  const stopped = stopVerdict(record, status);
  if (stopped) return stopped;
  const fromResults = resultsVerdict(record.attributes.primaryAnalyses ?? []);
  if (fromResults) return { class: fromResults.class, reason: fromResults.reason, deciding: fromResults.deciding };
  if (record.attributes.outcomeMet === true) return { class: 'positive', reason: 'primary outcome met' };
  if (record.attributes.outcomeMet === false) return { class: 'negative', reason: 'primary outcome not met' };
  if (status === 'COMPLETED') {
    return { class: 'unknown', reason: record.attributes.hasResults ? 'completed; posted results hold no primary-outcome analysis: outcome unknown' : 'completed without posted results: studied, outcome unknown' };
  }
  if (status === 'TERMINATED' || status === 'SUSPENDED') return { class: 'unknown', reason: `${status.toLowerCase()}${record.attributes.whyStopped ? ` ("${record.attributes.whyStopped}")` : ''}: outcome unknown` };
  return { class: 'unknown', reason: 'no results yet: studied, outcome unknown' };
}
