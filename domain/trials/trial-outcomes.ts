// The per-drug summary of a disease's trials (pure). Each trial's outcome class comes from the Workspace's
// results-aware reader (domain/workspace/trial-outcome.ts: posted primary analyses, stop reasons, withdrawn
// and zero-enrolment trials excluded), so the trials module and the dossier never disagree about a trial.

export type TrialOutcome = 'positive' | 'null' | 'negative' | 'harm' | 'unknown';
export const PHASE_ORDER = ['NA', 'EARLY_PHASE1', 'PHASE1', 'PHASE2', 'PHASE3', 'PHASE4'] as const;

export function phaseRank(phase: string | null): number {
  return phase === null ? -1 : PHASE_ORDER.indexOf(phase as (typeof PHASE_ORDER)[number]);
}

export interface DrugTrialSummary {
  name: string; highest_phase: string | null; trials: number;
  outcomes: Record<TrialOutcome, number>; trial_ids: string[];
}

const emptyOutcomes = (): Record<TrialOutcome, number> => ({ positive: 0, null: 0, negative: 0, harm: 0, unknown: 0 });

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
