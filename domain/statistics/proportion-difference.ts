// The difference between two independent proportions (risk difference) with Newcombe's hybrid score
// interval, "method 10" of Newcombe, Stat Med 1998;17:873-890 ("Interval estimation for the difference between
// independent proportions: comparison of eleven methods"), built from each group's Wilson score interval
// (Wilson, J Am Stat Assoc 1927;22:209-212):
//   Wilson (l, u) for x/n:  (2x + z² ± z·√(z² + 4x(1 − x/n))) / (2(n + z²))
//   RD = p1 − p2;  lower = RD − √((p1 − l1)² + (u2 − p2)²);  upper = RD + √((u1 − p1)² + (p2 − l2)²)
// Assumptions: two independent binomial samples (e.g. the arms of a randomised trial), each participant
// counted once. Unlike the Wald interval it stays inside [−1, 1] and behaves with zero counts (0/10 vs 0/20),
// which is common for serious adverse events.

export const Z95 = 1.959963984540054;

export interface Interval { lower: number; upper: number }
export interface ProportionDifference { difference: number; lower: number; upper: number; level: 0.95 }

/** Wilson's score interval for x events among n (0 ≤ x ≤ n, n ≥ 1). */
export function wilsonInterval(x: number, n: number, z = Z95): Interval {
  const c = z * z;
  const p = x / n;
  const centre = (2 * x + c) / (2 * (n + c));
  const half = (z * Math.sqrt(c + 4 * x * (1 - p))) / (2 * (n + c));
  return { lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

/** True for counts a binomial proportion can be computed from. */
export function validCounts(x: number, n: number): boolean {
  return Number.isInteger(x) && Number.isInteger(n) && n >= 1 && x >= 0 && x <= n;
}

/** p1 − p2 with Newcombe's hybrid score 95% interval; null when either group's counts are not valid. */
export function newcombeDifference(x1: number, n1: number, x2: number, n2: number): ProportionDifference | null {
  if (!validCounts(x1, n1) || !validCounts(x2, n2)) return null;
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const w1 = wilsonInterval(x1, n1);
  const w2 = wilsonInterval(x2, n2);
  const difference = p1 - p2;
  return {
    difference,
    lower: difference - Math.sqrt((p1 - w1.lower) ** 2 + (w2.upper - p2) ** 2),
    upper: difference + Math.sqrt((w1.upper - p1) ** 2 + (p2 - w2.lower) ** 2),
    level: 0.95,
  };
}
