// Disproportionality of a drug–event pair in a spontaneous-report database, from the 2×2 table of reports:
//                 event   other events
//   the drug        a          b
//   other drugs     c          d
// - PRR = [a/(a+b)] / [c/(c+d)], 95% CI exp(ln PRR ± 1.96·SE), SE = √(1/a − 1/(a+b) + 1/c − 1/(c+d))
//   (Evans, Waller & Davis, Pharmacoepidemiol Drug Saf 2001;10:483-6);
// - ROR = (a/b) / (c/d) = ad/bc, 95% CI exp(ln ROR ± 1.96·SE), SE = √(1/a + 1/b + 1/c + 1/d)
//   (Rothman, Lanes & Sacks, Pharmacoepidemiol Drug Saf 2004;13:519-23);
// - Pearson's χ² with Yates' continuity correction (1 df): N·(max(0, |ad − bc| − N/2))² / [(a+b)(c+d)(a+c)(b+d)];
// - Evans' signal criteria: PRR ≥ 2, χ² ≥ 4 and a ≥ 3.
// A table with an empty cell the formulas divide by gives null statistics (not a signal), never Infinity.

import { Z95 } from '../statistics/proportion-difference';

export interface TwoByTwo { a: number; b: number; c: number; d: number }
export interface RatioWithCi { value: number; ci_lower: number; ci_upper: number }
export interface Disproportionality {
  prr: RatioWithCi | null;
  ror: RatioWithCi | null;
  chi_square_yates: number | null;
  /** PRR ≥ 2, χ² ≥ 4, a ≥ 3 (Evans et al. 2001). */
  evans_signal: boolean;
}


function withCi(value: number, se: number): RatioWithCi {
  const log = Math.log(value);
  return { value, ci_lower: Math.exp(log - Z95 * se), ci_upper: Math.exp(log + Z95 * se) };
}

export function isValidTable(t: TwoByTwo): boolean {
  return [t.a, t.b, t.c, t.d].every((x) => Number.isInteger(x) && x >= 0);
}

export function prr(t: TwoByTwo): RatioWithCi | null {
  const { a, b, c, d } = t;
  if (a === 0 || c === 0) return null;
  return withCi((a / (a + b)) / (c / (c + d)), Math.sqrt(1 / a - 1 / (a + b) + 1 / c - 1 / (c + d)));
}

export function ror(t: TwoByTwo): RatioWithCi | null {
  const { a, b, c, d } = t;
  if (a === 0 || b === 0 || c === 0 || d === 0) return null;
  return withCi((a * d) / (b * c), Math.sqrt(1 / a + 1 / b + 1 / c + 1 / d));
}

export function chiSquareYates(t: TwoByTwo): number | null {
  const { a, b, c, d } = t;
  const n = a + b + c + d;
  const margins = (a + b) * (c + d) * (a + c) * (b + d);
  if (margins === 0) return null;
  const excess = Math.max(0, Math.abs(a * d - b * c) - n / 2);
  return (n * excess * excess) / margins;
}

export function disproportionality(t: TwoByTwo): Disproportionality {
  const p = prr(t);
  const chi = chiSquareYates(t);
  return { prr: p, ror: ror(t), chi_square_yates: chi, evans_signal: p !== null && chi !== null && p.value >= 2 && chi >= 4 && t.a >= 3 };
}

/** The 2×2 table from the database's counts: reports with the drug and event, the drug, the event, all reports. */
export function tableFromCounts(drugEvent: number, drugTotal: number, eventTotal: number, total: number): TwoByTwo | null {
  const t = { a: drugEvent, b: drugTotal - drugEvent, c: eventTotal - drugEvent, d: total - drugTotal - eventTotal + drugEvent };
  return isValidTable(t) ? t : null;
}
