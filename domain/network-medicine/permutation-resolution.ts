// How many permutations a permutation test needs before its empirical p-values can pass Benjamini–Hochberg.
// With P permutations the smallest empirical p is 1/(1+P) (Phipson & Smyth 2010). If k of m candidates sit at
// that floor (no random set matched them), BH rejects them at level alpha only when 1/(1+P) <= k·alpha/m
// (the k-th smallest of m p-values against its step-up threshold), i.e. P >= m/(k·alpha) − 1. More
// permutations can only move candidates off the floor (k never grows), so the need never shrinks: when the
// cap is below it now, no run up to the cap can reach the FDR, and the caller says so instead of spending it.
// Pure.

export interface ResolutionStep {
  /** Permutations to run next (> done), or null: stop. */
  extendTo: number | null;
  /** Whether the p resolution can reach the FDR within the cap. */
  reachable: boolean;
  /** Permutations the floor candidates need (null when none is at the floor: resolution is not what limits them). */
  needed: number | null;
}

/** Smallest P with 1/(1+P) <= k·alpha/m: P = ceil(m / (k·alpha)) − 1 (k >= 1 candidates at the floor). */
export function permutationsNeeded(tests: number, atFloor: number, alpha: number): number {
  // Integer-safe form of ceil(m / (k alpha)): a small epsilon keeps 0.05 * 20 from rounding up past 1.
  return Math.max(0, Math.ceil(tests / (atFloor * alpha) - 1e-9) - 1);
}

export function nextResolutionStep(done: number, tests: number, atFloor: number, alpha: number, cap: number): ResolutionStep {
  if (atFloor === 0 || tests === 0) return { extendTo: null, reachable: true, needed: null };
  const needed = permutationsNeeded(tests, atFloor, alpha);
  if (needed <= done) return { extendTo: null, reachable: true, needed };
  if (needed > cap) return { extendTo: null, reachable: false, needed };
  return { extendTo: needed, reachable: true, needed };
}
