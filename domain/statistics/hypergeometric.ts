// The hypergeometric upper tail P(X ≥ k), X ~ Hypergeometric(population N, K successes in it, n drawn):
// the one-sided p-value of over-representation (equivalently the one-sided Fisher exact test on the 2×2
// table). Summed from the pmf upwards and never taken as 1 − cdf, which cancels to 0 (or to rounding noise)
// for the small p-values that matter. The first term is jStat.hypgeom.pdf (a partially normalised product:
// measured against exact BigInt ratios its relative error is ~1e-15, e.g. 1.4e-34 for N=10000, K=200,
// n=150, k=40, where 1 − cdf gives 7.8e-16); each later term follows from the exact ratio
// p(i+1)/p(i) = (K−i)(n−i) / ((i+1)(N−K−n+i+1)), so the sum costs O(min(n, K) − k) after one pdf call.
// jStat offers no upper tail of its own (its cdf is the lower tail).
const { jStat } = require('jstat') as { jStat: { hypgeom: { pdf(k: number, N: number, m: number, n: number): number } } };

function checkCounts(N: number, K: number, n: number, k: number): void {
  for (const [name, v] of [['N', N], ['K', K], ['n', n], ['k', k]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`hypergeometric: ${name} must be a non-negative integer (got ${v})`);
  }
  if (K > N || n > N) throw new RangeError(`hypergeometric: K (${K}) and n (${n}) cannot exceed N (${N})`);
}

/** P(X ≥ k): the probability of drawing k or more of the K successes in n draws without replacement from N. */
export function hypergeometricUpperTail(N: number, K: number, n: number, k: number): number {
  checkCounts(N, K, n, k);
  const lowest = Math.max(0, n + K - N);
  const highest = Math.min(n, K);
  if (k <= lowest) return 1; // every outcome has at least `lowest` successes
  if (k > highest) return 0;
  let term = jStat.hypgeom.pdf(k, N, K, n);
  if (term === 0) {
    // Below double range (< 1e-308). Right of the mode every later term is smaller still: the tail is 0 to
    // double precision. Left of it the whole lower tail is smaller than this term: the tail is 1.
    const mode = Math.floor(((n + 1) * (K + 1)) / (N + 2));
    return k >= mode ? 0 : 1;
  }
  let sum = 0;
  for (let i = k; i <= highest && term > 0; i++) {
    sum += term;
    term *= ((K - i) * (n - i)) / ((i + 1) * (N - K - n + i + 1));
  }
  return Math.min(1, sum);
}
