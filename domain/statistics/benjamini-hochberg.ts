// Benjamini–Hochberg false discovery rate (Benjamini & Hochberg, J R Stat Soc B 1995, 57:289–300): the
// step-up adjusted p-value of the i-th smallest of m p-values is min over j ≥ i of (m / j)·p_(j), capped at
// 1, so adjusted values are monotone in p (ties get the same value). Valid for independent or positively
// dependent tests (Benjamini & Yekutieli 2001); overlapping gene sets are positively dependent at most.

/** BH-adjusted p-values, in the input order. m = the number of p-values given (every hypothesis tested). */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  for (const p of pValues) if (!(p >= 0 && p <= 1)) throw new RangeError(`benjaminiHochberg: p-value out of [0, 1]: ${p}`);
  const order = pValues.map((_, i) => i).sort((a, b) => pValues[a]! - pValues[b]! || a - b);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const i = order[rank - 1]!;
    running = Math.min(running, (m / rank) * pValues[i]!);
    adjusted[i] = running; // tied p-values get the same value: the running minimum already took the larger rank's
  }
  return adjusted;
}
