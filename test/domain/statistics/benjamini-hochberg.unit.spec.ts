// Benjamini–Hochberg adjusted p-values against a hand-worked example and the definition computed naively:
// q_i = min over j with p_j ≥ p_i of min(1, m·p_j / r_j), r_j = #{l : p_l ≤ p_j}.
import { expect } from 'chai';
import { benjaminiHochberg } from '../../../domain/statistics/benjamini-hochberg';
import { seededRandom } from '../../../domain/shared/seeded-random';

function naive(p: readonly number[]): number[] {
  const m = p.length;
  return p.map((pi) => Math.min(...p.filter((pj) => pj >= pi).map((pj) => Math.min(1, (m * pj) / p.filter((pl) => pl <= pj).length))));
}

describe('statistics: Benjamini–Hochberg FDR', () => {
  it('adjusts a small example worked by hand', () => {
    // Sorted: 0.005 (rank 1), 0.01 (2), 0.03 (3), 0.04 (4); m·p/rank = 0.02, 0.02, 0.04, 0.04; running minimum from the top keeps them.
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    expect(q.map((x) => Number(x.toFixed(12)))).to.deep.equal([0.02, 0.04, 0.04, 0.02]);
    // The step-up: p = 0.02, 0.021 with m = 2 → 0.04 and 0.021 → min(0.04, 0.021) = 0.021 for both.
    expect(benjaminiHochberg([0.02, 0.021]).map((x) => Number(x.toFixed(12)))).to.deep.equal([0.021, 0.021]);
    expect(benjaminiHochberg([0.9, 1])).to.deep.equal([1, 1]);
    expect(benjaminiHochberg([])).to.deep.equal([]);
  });

  it('equals the naive definition on random p-values with ties, and is monotone in p', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 20; trial++) {
      const p = Array.from({ length: 1 + Math.floor(random() * 60) }, () => (random() < 0.2 ? 0.05 : random() ** 3));
      const q = benjaminiHochberg(p);
      const expected = naive(p);
      q.forEach((x, i) => expect(x).to.be.closeTo(expected[i]!, 1e-12));
      const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]!);
      for (let r = 1; r < order.length; r++) expect(q[order[r]!]!).to.be.at.least(q[order[r - 1]!]!);
    }
  });
});
