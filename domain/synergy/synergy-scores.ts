// Synergy of a two-drug dose-response matrix by the four reference models SynergyFinder implements (Ianevski,
// He, Aittokallio & Tang, Bioinformatics 2017, doi:10.1093/bioinformatics/btx162), as defined in Yadav,
// Wennerberg, Aittokallio & Tang (Comput Struct Biotechnol J 2015, doi:10.1016/j.csbj.2015.09.001). Responses
// are % inhibition (0 none, 100 full); rows are drug A's doses, columns drug B's, and the first row and column
// are the zero doses (each drug alone). Every score is observed (or, for ZIP, fitted) minus expected, in
// percentage points, for each combination cell; positive = synergy. Pure.
//   HSA   expected = max(y_A, y_B), the better single agent (Berenbaum 1989);
//   Bliss expected = y_A + y_B - y_A y_B / 100, independent action (Bliss 1939);
//   Loewe expected = the y solving x_A / X_A(y) + x_B / X_B(y) = 1, X_i the dose of drug i alone giving y
//         on its fitted LL.4 curve (Loewe 1953; Yadav et al. Eq. 8); where the curves cannot give a solution
//         (a flat or falling curve), SynergyFinder's fallback: the larger of the two drugs' fitted responses at
//         the total dose x_A + x_B; capped at 100 as SynergyFinder does;
//   ZIP   delta = fitted combination response - (y'_A + y'_B - y'_A y'_B / 100) with y' the single-drug fits:
//         each row (drug A fixed) is refitted as an LL.4 curve in drug B's dose with its zero-dose end fixed at
//         y'_A and its top at 100, each column likewise, and the two fits are averaged (Yadav et al.;
//         SynergyFinder's CalculateZIP). A row whose fit fails keeps its observed responses.
// The summary of each model is the mean over the combination cells (SynergyFinder's summary score).
import { asymptotes, fitLogLogistic, FitResult, inverse, predict, LogLogistic } from './dose-response-fit';

export interface DoseResponseMatrix {
  /** Drug A's doses, rows; dosesA[0] = 0. */
  dosesA: readonly number[];
  /** Drug B's doses, columns; dosesB[0] = 0. */
  dosesB: readonly number[];
  /** responses[i][j] at dosesA[i], dosesB[j], in % inhibition. */
  responses: readonly (readonly number[])[];
}

export interface ModelSurface {
  /** Expected (reference) response per combination cell: [i-1][j-1] for dosesA[i], dosesB[j]. */
  expected: number[][];
  /** Observed (ZIP: fitted) minus expected. */
  synergy: number[][];
  /** Mean synergy over the combination cells. */
  score: number;
}

export interface SynergyResult {
  hsa: ModelSurface;
  bliss: ModelSurface;
  loewe: ModelSurface & { fallback_cells: number };
  zip: ModelSurface & { fitted: number[][]; refit_failures: number };
  fits: { drug_a: FitResult; drug_b: FitResult };
}

const mean = (m: number[][]) => m.flat().reduce((s, x) => s + x, 0) / m.flat().length;

function surface(observed: number[][], expected: number[][]): ModelSurface {
  const synergy = observed.map((row, i) => row.map((y, j) => y - expected[i]![j]!));
  return { expected, synergy, score: mean(synergy) };
}

/** The Loewe-additive response at (xA, xB), or null when the two fitted curves give no solution. */
export function loeweExpected(fa: LogLogistic, fb: LogLogistic, xA: number, xB: number): number | null {
  const a = asymptotes(fa), b = asymptotes(fb);
  if (!(a.infinite > a.zero) || !(b.infinite > b.zero)) return null; // Loewe additivity needs rising curves
  const lo = Math.max(xA > 0 ? a.zero : -Infinity, xB > 0 ? b.zero : -Infinity);
  const hi = Math.max(a.infinite, b.infinite);
  if (!(hi > lo)) return null;
  // g(y) = xA / X_A(y) + xB / X_B(y) - 1 falls from +inf (y at the higher zero-dose end) to -1 (y at the
  // higher top): one root, found by bisection to machine precision.
  const g = (y: number) => (xA > 0 ? xA / inverse(fa, y) : 0) + (xB > 0 ? xB / inverse(fb, y) : 0) - 1;
  let left = lo, right = hi;
  for (let k = 0; k < 200; k++) {
    const mid = (left + right) / 2;
    if (mid === left || mid === right) break;
    const v = g(mid);
    if (Number.isNaN(v)) return null;
    if (v > 0) left = mid; else right = mid;
  }
  return (left + right) / 2;
}

export function synergyScores(m: DoseResponseMatrix): SynergyResult {
  const nB = m.dosesB.length;
  const yA = m.dosesA.map((_x, i) => m.responses[i]![0]!);
  const yB = m.dosesB.map((_x, j) => m.responses[0]![j]!);
  const observed = m.dosesA.slice(1).map((_x, i) => m.dosesB.slice(1).map((_y, j) => m.responses[i + 1]![j + 1]!));
  const cells = (f: (i: number, j: number) => number) => m.dosesA.slice(1).map((_x, i) => m.dosesB.slice(1).map((_y, j) => f(i + 1, j + 1)));

  const hsa = surface(observed, cells((i, j) => Math.max(yA[i]!, yB[j]!)));
  const bliss = surface(observed, cells((i, j) => yA[i]! + yB[j]! - (yA[i]! * yB[j]!) / 100));

  const fitA = fitLogLogistic(m.dosesA, yA);
  const fitB = fitLogLogistic(m.dosesB, yB);
  let fallback = 0;
  const loeweRef = cells((i, j) => {
    const xA = m.dosesA[i]!, xB = m.dosesB[j]!;
    let y = fitA.converged && fitB.converged ? loeweExpected(fitA.params, fitB.params, xA, xB) : null;
    if (y === null) {
      fallback++;
      y = Math.max(predict(fitA.params, xA + xB), predict(fitB.params, xA + xB));
    }
    return Math.min(y, 100);
  });
  const loewe = { ...surface(observed, loeweRef), fallback_cells: fallback };

  // ZIP: single-drug fitted responses at every dose (zero included), then the row and column refits.
  const fA = m.dosesA.map((x) => predict(fitA.params, x));
  const fB = m.dosesB.map((x) => predict(fitB.params, x));
  let failures = 0;
  const refit = (doses: readonly number[], ys: number[], bottom: number): number[] => {
    if (doses.length === 1) return ys.map((y) => y - 1e-10);
    const fit = fitLogLogistic(doses, ys, { c: bottom, d: 100 });
    if (!fit.converged) { failures++; return ys; }
    return doses.map((x) => predict(fit.params, x));
  };
  const byColumn: number[][] = observed.map((row) => row.map(() => 0));
  for (let j = 1; j < nB; j++) {
    const fitted = refit(m.dosesA.slice(1), observed.map((row) => row[j - 1]!), fB[j]!);
    fitted.forEach((y, i) => { byColumn[i]![j - 1] = y; });
  }
  const byRow = observed.map((row, i) => refit(m.dosesB.slice(1), [...row], fA[i + 1]!));
  const fitted = byRow.map((row, i) => row.map((y, j) => (y + byColumn[i]![j]!) / 2));
  const zipRef = cells((i, j) => fA[i]! + fB[j]! - (fA[i]! * fB[j]!) / 100);
  const zip = { ...surface(fitted, zipRef), fitted, refit_failures: failures };
  return { hsa, bliss, loewe, zip, fits: { drug_a: fitA, drug_b: fitB } };
}
