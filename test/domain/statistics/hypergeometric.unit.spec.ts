// The hypergeometric upper tail against values worked by hand and against an exact rational computation
// with BigInt binomial coefficients (a second, naive implementation: Σ_{i≥k} C(K,i)·C(N−K,n−i) / C(N,n)).
import { expect } from 'chai';
import { hypergeometricUpperTail } from '../../../domain/statistics/hypergeometric';

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0n; i < BigInt(k); i++) r = (r * (BigInt(n) - i)) / (i + 1n);
  return r;
}

/** The exact tail as a double: numerator and denominator as BigInt, divided with 30 significant digits kept. */
function exactTail(N: number, K: number, n: number, k: number): number {
  let num = 0n;
  for (let i = Math.max(k, 0); i <= Math.min(n, K); i++) num += choose(K, i) * choose(N - K, n - i);
  const den = choose(N, n);
  if (num === 0n) return 0;
  // Scale so the quotient has ≥ 30 digits, then read it back as mantissa × 10^exponent.
  const shift = Math.max(0, den.toString().length - num.toString().length + 30);
  const q = (num * 10n ** BigInt(shift)) / den;
  const digits = q.toString();
  return Number(`${digits.slice(0, 17)}e${digits.length - 17 - shift}`);
}

describe('statistics: hypergeometric upper tail P(X ≥ k)', () => {
  it('matches small cases worked by hand', () => {
    // N=10, K=4, n=3: P(X ≥ 2) = [C(4,2)·C(6,1) + C(4,3)·C(6,0)] / C(10,3) = (6·6 + 4·1) / 120 = 1/3.
    expect(hypergeometricUpperTail(10, 4, 3, 2)).to.be.closeTo(1 / 3, 1e-15);
    // N=5, K=2, n=2: P(X ≥ 2) = C(2,2) / C(5,2) = 1/10.
    expect(hypergeometricUpperTail(5, 2, 2, 2)).to.be.closeTo(0.1, 1e-15);
    // N=10, K=3, n=3, k=3: every drawn gene is one of the three = 1 / C(10,3) = 1/120.
    expect(hypergeometricUpperTail(10, 3, 3, 3)).to.be.closeTo(1 / 120, 1e-17);
    // k = 0, and k at the lowest possible count (N=5, K=4, n=3: at least 2 successes always): 1.
    expect(hypergeometricUpperTail(10, 4, 3, 0)).to.equal(1);
    expect(hypergeometricUpperTail(5, 4, 3, 2)).to.equal(1);
    // More successes than can be drawn: 0.
    expect(hypergeometricUpperTail(10, 4, 3, 4)).to.equal(0);
    expect(hypergeometricUpperTail(10, 2, 3, 3)).to.equal(0);
  });

  it('agrees with the exact BigInt computation to 1e-12 relative, down to p ≈ 1e-49', () => {
    const cases: [number, number, number, number][] = [
      [20, 5, 4, 2], [50, 10, 12, 5], [100, 30, 40, 20], [1000, 50, 60, 10], [10_000, 200, 150, 12], [10_000, 200, 150, 40],
      [19_000, 2000, 300, 60], [19_000, 50, 300, 1], [5000, 1000, 2600, 600], [11_000, 19, 300, 19], [12_000, 1500, 120, 45],
      [800, 450, 500, 300], [300, 299, 200, 199], [12_000, 150, 400, 60],
    ];
    for (const [N, K, n, k] of cases) {
      const exact = exactTail(N, K, n, k);
      const got = hypergeometricUpperTail(N, K, n, k);
      expect(Math.abs(got - exact) / exact, `N=${N} K=${K} n=${n} k=${k}: ${got} vs ${exact}`).to.be.below(1e-12);
    }
    // A tail far below what 1 − cdf can represent (1 − 0.99999… is 0 or rounding noise at ~1e-16).
    expect(exactTail(10_000, 200, 150, 40)).to.be.below(1e-33);
  });

  it('is symmetric in the set size and the number drawn (an independent identity)', () => {
    for (const [N, K, n, k] of [[500, 40, 90, 12], [2000, 700, 30, 15], [60, 25, 35, 20]] as const) {
      expect(hypergeometricUpperTail(N, K, n, k)).to.be.closeTo(hypergeometricUpperTail(N, n, K, k), 1e-13 * hypergeometricUpperTail(N, K, n, k));
    }
  });

  it('refuses counts that are not a hypergeometric draw', () => {
    expect(() => hypergeometricUpperTail(10, 11, 3, 1)).to.throw(RangeError);
    expect(() => hypergeometricUpperTail(10, 4, 3.5, 1)).to.throw(RangeError);
    expect(() => hypergeometricUpperTail(10, 4, 3, -1)).to.throw(RangeError);
  });
});
