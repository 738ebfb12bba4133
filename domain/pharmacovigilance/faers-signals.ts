// FAERS disproportionality signals of one drug, for the dossier's safety ranking (issue 28 §2), from openFDA's
// report counts as the FAERS adapter returns them (commands/analysis/drug-safety/openfda-faers.ts FaersOutcome;
// the same structural shape, restated here so the domain stays pure):
//   for each of the drug's most reported events, the 2×2 table of reports (drug & event, drug & other events,
//   other drugs & event, other drugs & other events) → PRR with its 95% CI and Yates' χ², and the signal
//   criteria of Evans, Waller & Davis (Pharmacoepidemiol Drug Saf 2001;10:483-6): PRR ≥ 2, χ² ≥ 4, ≥ 3 reports
//   (disproportionality.ts).
// What this is and is not: FAERS reports are spontaneous (voluntary, by patients, clinicians and manufacturers);
// a disproportionality signal says an event is reported for this drug more often than for others, a hypothesis
// to check, not a cause: reporting follows publicity, indication and time on the market, and report counts are
// not incidence (no denominator of patients exposed). Absent FAERS data (offline, provider failure, the drug not
// found) is absence: never a signal and never reassurance.
import { disproportionality, tableFromCounts, type RatioWithCi } from './disproportionality';

export interface FaersDrugCounts { reports: number; events: readonly { term: string; count: number }[] }
export interface FaersCountsInput { total: number; eventTotals: ReadonlyMap<string, number>; drugs: ReadonlyMap<string, FaersDrugCounts> }
export type FaersInput = { kind: 'ok'; counts: FaersCountsInput; retrieval_mode: string | null } | { kind: 'not_available'; reason: string };

export const FAERS_CAVEAT = 'FAERS reports are spontaneous: a disproportionality signal is a hypothesis, not a cause, and report counts are not incidence';
export const FAERS_METHOD = 'PRR with 95% CI and Yates χ², Evans et al. 2001 criteria (PRR ≥ 2, χ² ≥ 4, ≥ 3 reports), over openFDA FAERS report counts';

export interface FaersSignal { term: string; reports: number; prr: RatioWithCi; chi_square_yates: number }

export type FaersDrugSignals =
  | { status: 'signals'; drug: string; reports: number; events_tested: number; signals: FaersSignal[] }
  | { status: 'no_signal_met'; drug: string; reports: number; events_tested: number; signals: [] }
  | { status: 'not_available'; drug: string; reason: string; signals: [] };

/** The drug's events meeting the Evans criteria, strongest PRR first (ties by term); what could not be tested is absence. */
export function faersSignalsFor(faers: FaersInput, drug: string): FaersDrugSignals {
  if (faers.kind !== 'ok') return { status: 'not_available', drug, reason: faers.reason, signals: [] };
  const counts = faers.counts.drugs.get(drug);
  if (!counts) return { status: 'not_available', drug, reason: `FAERS counts were not retrieved for ${drug}`, signals: [] };
  if (counts.reports === 0) return { status: 'not_available', drug, reason: `no FAERS reports found under the generic name ${drug}`, signals: [] };
  const signals: FaersSignal[] = [];
  let tested = 0;
  for (const e of counts.events) {
    const eventTotal = faers.counts.eventTotals.get(e.term);
    const table = eventTotal === undefined ? null : tableFromCounts(e.count, counts.reports, eventTotal, faers.counts.total);
    if (table === null) continue;
    tested++;
    const d = disproportionality(table);
    if (d.evans_signal && d.prr && d.chi_square_yates !== null) signals.push({ term: e.term, reports: e.count, prr: d.prr, chi_square_yates: d.chi_square_yates });
  }
  signals.sort((a, b) => b.prr.value - a.prr.value || (a.term < b.term ? -1 : 1));
  return signals.length > 0
    ? { status: 'signals', drug, reports: counts.reports, events_tested: tested, signals }
    : { status: 'no_signal_met', drug, reports: counts.reports, events_tested: tested, signals: [] };
}
