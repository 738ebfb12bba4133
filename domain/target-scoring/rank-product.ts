// The rank product (Breitling et al., FEBS Lett 2004, doi:10.1016/j.febslet.2004.07.055): candidates ranked
// on each of k factors separately (rank 1 = best), combined as the geometric mean of their ranks,
// RP = (r_1 · … · r_k)^(1/k); smaller is better. It needs no weights and no common scale across factors, so
// heterogeneous evidence (a GESP score, a tissue count, a -log10 p) combines without invented conversions.
// Ties share the mean of the ranks they span (fractional ranking), so a factor on which many candidates tie
// moves none of them. Used here as a ranking statistic only; no p-value is derived.

export type Direction = 'higher_is_better' | 'lower_is_better';

export interface RankedFactor { values: readonly number[]; direction: Direction }

/** Fractional ranks (1 = best) of `values` in their order; equal values share the mean rank. */
export function fractionalRanks(values: readonly number[], direction: Direction): number[] {
  for (const v of values) if (Number.isNaN(v)) throw new RangeError('fractionalRanks: NaN value');
  const sign = direction === 'higher_is_better' ? -1 : 1;
  const order = values.map((_, i) => i).sort((a, b) => sign * (values[a]! - values[b]!) || a - b);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]!] === values[order[start]!]) end++;
    const mean = (start + end) / 2 + 1;
    for (let i = start; i <= end; i++) ranks[order[i]!] = mean;
    start = end + 1;
  }
  return ranks;
}

/** Per candidate: its rank on each factor and its rank product. Every factor has one value per candidate. */
export function rankProduct(factors: readonly RankedFactor[]): { ranks: number[][]; rp: number[] } {
  const n = factors[0]?.values.length ?? 0;
  if (factors.some((f) => f.values.length !== n)) throw new RangeError('rankProduct: factors of different lengths');
  const perFactor = factors.map((f) => fractionalRanks(f.values, f.direction));
  const ranks = Array.from({ length: n }, (_, i) => perFactor.map((r) => r[i]!));
  const rp = ranks.map((r) => Math.exp(r.reduce((s, x) => s + Math.log(x), 0) / r.length));
  return { ranks, rp };
}
