// Single-drug dose-response curves: the four-parameter log-logistic model (drc's LL.4; Ritz, Baty, Streibig &
// Gerhard, PLoS One 2015, doi:10.1371/journal.pone.0146021), which SynergyFinder fits before Loewe and ZIP:
//   f(x) = c + (d - c) / (1 + exp(b (ln x - ln e)))
// (b slope; c the response at zero dose and d at infinite dose when b < 0, the form reported when both are free;
// e the dose halfway between). Fitted by least squares with Levenberg–Marquardt (Marquardt, J Soc
// Indust Appl Math 1963) from several starting points, keeping the lowest residual sum of squares: one start
// can stall on a flat or one-sided curve, a handful of slopes and midpoints cannot all. c and d can be held
// fixed (ZIP fixes both). Dose 0 is taken as 1e-10, as SynergyFinder does, so it anchors the zero-dose end.
// Pure and deterministic.

export interface LogLogistic { b: number; c: number; d: number; e: number }

export interface FitResult {
  params: LogLogistic;
  /** Residual sum of squares at the fit. */
  sse: number;
  /** False when no start gave finite parameters (the caller falls back, as SynergyFinder does). */
  converged: boolean;
}

export const ZERO_DOSE = 1e-10;

const logDose = (x: number) => Math.log(x > 0 ? x : ZERO_DOSE);

/** 1 / (1 + exp(t)) without overflow. */
function logisticTail(t: number): number {
  if (t > 0) { const z = Math.exp(-t); return z / (1 + z); }
  return 1 / (1 + Math.exp(t));
}

export function predict(p: LogLogistic, dose: number): number {
  return p.c + (p.d - p.c) * logisticTail(p.b * (logDose(dose) - Math.log(p.e)));
}

/** Response at zero and at infinite dose. */
export function asymptotes(p: LogLogistic): { zero: number; infinite: number } {
  return p.b < 0 ? { zero: p.c, infinite: p.d } : { zero: p.d, infinite: p.c };
}

/**
 * The dose giving response y (the inverse of f), Infinity when y lies beyond the infinite-dose response and 0
 * when it lies before the zero-dose response (for a curve rising with dose); NaN for a flat curve.
 */
export function inverse(p: LogLogistic, y: number): number {
  const { zero, infinite } = asymptotes(p);
  if (zero === infinite) return Number.NaN;
  const rising = infinite > zero;
  if (rising ? y >= infinite : y <= infinite) return Number.POSITIVE_INFINITY;
  if (rising ? y <= zero : y >= zero) return 0;
  // (x/e)^b = (d - y) / (y - c)
  return p.e * Math.pow((p.d - y) / (y - p.c), 1 / p.b);
}

interface Fixed { c?: number; d?: number }

/** Solves the small symmetric system A x = v by Gaussian elimination with partial pivoting; null if singular. */
function solve(a: number[][], v: number[]): number[] | null {
  const n = v.length;
  const m = a.map((row, i) => [...row, v[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-300) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / m[col]![col]!;
      for (let k = col; k <= n; k++) m[r]![k]! -= f * m[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / m[r]![r]!;
  }
  return x.every(Number.isFinite) ? x : null;
}

/** Levenberg–Marquardt from one start over the free parameters among (b, c, d, ln e). */
function marquardt(doses: readonly number[], ys: readonly number[], start: LogLogistic, fixed: Fixed): FitResult {
  const lx = doses.map(logDose);
  const free: ('b' | 'c' | 'd' | 'le')[] = ['b', ...(fixed.c === undefined ? ['c' as const] : []), ...(fixed.d === undefined ? ['d' as const] : []), 'le'];
  let p = { b: start.b, c: fixed.c ?? start.c, d: fixed.d ?? start.d, le: Math.log(start.e) };
  const sseOf = (q: typeof p) => {
    let s = 0;
    for (let i = 0; i < lx.length; i++) { const r = ys[i]! - (q.c + (q.d - q.c) * logisticTail(q.b * (lx[i]! - q.le))); s += r * r; }
    return s;
  };
  let sse = sseOf(p);
  let lambda = 1e-3;
  let done = false;
  for (let iter = 0; iter < 500 && !done; iter++) {
    const k = free.length;
    const jtj = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const jtr = new Array<number>(k).fill(0);
    for (let i = 0; i < lx.length; i++) {
      const s = logisticTail(p.b * (lx[i]! - p.le));
      const r = ys[i]! - (p.c + (p.d - p.c) * s);
      const ds = s * (1 - s); // d s / d t, with t = b (ln x - ln e), up to sign
      const grad: Record<string, number> = { b: -(p.d - p.c) * ds * (lx[i]! - p.le), c: 1 - s, d: s, le: (p.d - p.c) * ds * p.b };
      const row = free.map((name) => grad[name]!);
      for (let u = 0; u < k; u++) { jtr[u]! += row[u]! * r; for (let w = 0; w < k; w++) jtj[u]![w]! += row[u]! * row[w]!; }
    }
    let improved = false;
    for (let attempt = 0; attempt < 30 && !improved; attempt++) {
      const damped = jtj.map((row, u) => row.map((value, w) => (u === w ? value + lambda * (value || 1e-12) : value)));
      const step = solve(damped, jtr);
      if (!step) { lambda *= 10; continue; }
      const next = { ...p };
      free.forEach((name, u) => { next[name] += step[u]!; });
      const nextSse = sseOf(next);
      if (Number.isFinite(nextSse) && nextSse < sse) {
        done = sse - nextSse <= 1e-12 * Math.max(sse, 1e-12); // no longer improving: converged
        p = next; sse = nextSse; improved = true;
        lambda = Math.max(lambda / 3, 1e-12);
      } else {
        lambda *= 4;
      }
    }
    if (!improved) done = true;
  }
  const params = { b: p.b, c: p.c, d: p.d, e: Math.exp(p.le) };
  const finite = [params.b, params.c, params.d, params.e, sse].every(Number.isFinite) && params.e > 0;
  return { params, sse, converged: finite };
}

/**
 * The least-squares LL.4 fit of (dose, response) pairs; `fixed` holds c and/or d. Starts: slopes
 * -1, -2, -0.5 and +1 (a falling curve) times midpoints at the median positive dose and at the dose whose
 * response is nearest halfway; c and d start at the responses of the lowest and highest dose.
 */
export function fitLogLogistic(doses: readonly number[], responses: readonly number[], fixed: Fixed = {}): FitResult {
  if (doses.length !== responses.length || doses.length === 0) throw new Error('doses and responses must pair up');
  const order = doses.map((_x, i) => i).sort((i, j) => doses[i]! - doses[j]!);
  const low = responses[order[0]!]!;
  const high = responses[order[order.length - 1]!]!;
  const positive = doses.filter((x) => x > 0).sort((a, b) => a - b);
  const median = positive.length ? positive[Math.floor((positive.length - 1) / 2)]! : 1;
  const half = (low + high) / 2;
  let halfway = median;
  let bestGap = Number.POSITIVE_INFINITY;
  doses.forEach((x, i) => { const gap = Math.abs(responses[i]! - half); if (x > 0 && gap < bestGap) { bestGap = gap; halfway = x; } });
  let best: FitResult | null = null;
  for (const b of [-1, -2, -0.5, 1]) {
    for (const e of [...new Set([median, halfway])]) {
      const fit = marquardt(doses, responses, { b, c: fixed.c ?? low, d: fixed.d ?? high, e }, fixed);
      if (fit.converged && (!best || fit.sse < best.sse - 1e-12)) best = fit;
    }
  }
  if (!best) return { params: { b: -1, c: fixed.c ?? low, d: fixed.d ?? high, e: median }, sse: Number.NaN, converged: false };
  // (b, c, d) and (-b, d, c) are the same curve: with c and d free, report b <= 0 so c is always the zero-dose end.
  if (best.params.b > 0 && fixed.c === undefined && fixed.d === undefined) {
    best = { ...best, params: { b: -best.params.b, c: best.params.d, d: best.params.c, e: best.params.e } };
  }
  return best;
}
