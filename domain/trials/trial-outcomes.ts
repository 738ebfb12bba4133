// Results-aware reading of ClinicalTrials.gov records (pure). A trial's outcome class:
//   excluded  WITHDRAWN (never enrolled: no result of any kind)
//   negative  TERMINATED for lack of efficacy / futility (the record's outcomeMet = false) or for safety
//             (its why-stopped text names safety, adverse events or toxicity, not negated)
//   positive  the primary outcome was met (outcomeMet = true)
//   null      the primary outcome was not met (outcomeMet = false) and the trial was not stopped early
//   unknown   no result in the record (absent outcomeMet): not a failure, not a success
// Termination reasons as categorised by Williams et al., PLoS One 2015;10:e0127242 (efficacy/futility, safety,
// accrual, business...); only the efficacy and safety categories say anything about the drug.

export type TrialOutcome = 'positive' | 'null' | 'negative' | 'unknown';
export const PHASE_ORDER = ['NA', 'EARLY_PHASE1', 'PHASE1', 'PHASE2', 'PHASE3', 'PHASE4'] as const;

export interface TrialFacts { status: string | null; outcomeMet: boolean | null; whyStopped: string | null }

/** A why-stopped text naming safety ("not related to safety" does not count). */
export function stoppedForSafety(whyStopped: string | null): boolean {
  if (!whyStopped) return false;
  const text = whyStopped.toLowerCase();
  const mentioned = /safety|adverse (?:event|effect|reaction)|toxicit|serious (?:side|adverse)|harm|death/.test(text);
  const negated = /\b(?:not|un)\s*(?:related|due|linked|connected|because|based)\b[^.;]{0,30}\b(?:safety|adverse|toxicit)/.test(text)
    || /\bno (?:safety|adverse)/.test(text);
  return mentioned && !negated;
}

export function classifyTrial(t: TrialFacts): TrialOutcome | 'excluded' {
  if (t.status === 'WITHDRAWN') return 'excluded';
  if (t.status === 'TERMINATED' && (t.outcomeMet === false || stoppedForSafety(t.whyStopped))) return 'negative';
  if (t.outcomeMet === true) return 'positive';
  if (t.outcomeMet === false) return 'null';
  return 'unknown';
}

export function phaseRank(phase: string | null): number {
  return phase === null ? -1 : PHASE_ORDER.indexOf(phase as (typeof PHASE_ORDER)[number]);
}

export interface DrugTrialSummary {
  name: string; highest_phase: string | null; trials: number;
  outcomes: Record<TrialOutcome, number>; trial_ids: string[];
}

const emptyOutcomes = (): Record<TrialOutcome, number> => ({ positive: 0, null: 0, negative: 0, unknown: 0 });

/** Per intervention (case-insensitive name): highest phase reached, trial count, outcome counts; by phase then name. */
export function perDrug(trials: readonly { id: string; phase: string | null; outcome: TrialOutcome; drugs: readonly string[] }[]): DrugTrialSummary[] {
  const byName = new Map<string, DrugTrialSummary>();
  for (const t of trials) {
    for (const name of new Set(t.drugs)) {
      const key = name.toLowerCase();
      const row = byName.get(key) ?? { name, highest_phase: null, trials: 0, outcomes: emptyOutcomes(), trial_ids: [] };
      if (phaseRank(t.phase) > phaseRank(row.highest_phase)) row.highest_phase = t.phase;
      row.trials++;
      row.outcomes[t.outcome]++;
      row.trial_ids.push(t.id);
      byName.set(key, row);
    }
  }
  return [...byName.values()].sort((a, b) => phaseRank(b.highest_phase) - phaseRank(a.highest_phase) || b.trials - a.trials || (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
}

/** Counts of a key over items, keys sorted. */
export function tally<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)));
}
