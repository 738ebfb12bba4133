// The XSwap permutation prior (domain/link-prediction/permutation-prior.ts) against an exact computation: on a
// small bipartite graph, every bipartite graph with the same degree sequences is ENUMERATED here (a second
// implementation, no swaps), and the exact prior of a degree class is the average over those graphs of the
// fraction of the class's pairs that are connected (XSwap's stationary distribution is uniform over them).
// Plus a hand case where every realization gives the same class fractions.
import { expect } from 'chai';
import { permutationPrior, PRIOR_CLIP, priorLogit, xswap } from '../../../domain/link-prediction/permutation-prior';
import { seededRandom } from '../../../domain/shared/seeded-random';

type Graph = { rows: number[]; cols: number[]; edges: [number, number][] };

/** Every 0/1 matrix with these row and column sums, by backtracking over rows (each row a column subset). */
function enumerate(rowSums: number[], colSums: number[]): number[][][] {
  const k = colSums.length;
  const subsets: number[][] = [];
  for (let mask = 0; mask < 1 << k; mask++) subsets.push([...Array(k).keys()].filter((j) => mask & (1 << j)));
  const out: number[][][] = [];
  const left = colSums.slice();
  const chosen: number[][] = [];
  const go = (r: number): void => {
    if (r === rowSums.length) { if (left.every((v) => v === 0)) out.push(chosen.map((c) => c.slice())); return; }
    for (const s of subsets) {
      if (s.length !== rowSums[r] || s.some((j) => left[j]! === 0)) continue;
      s.forEach((j) => left[j]!--);
      chosen.push(s);
      go(r + 1);
      chosen.pop();
      s.forEach((j) => left[j]!++);
    }
  };
  go(0);
  return out;
}

/** Exact class prior: mean over realizations of (edges between degree-a rows and degree-b columns) / (n_a n_b). */
function exactPrior(g: Graph): Map<string, number> {
  const realizations = enumerate(g.rows, g.cols);
  const out = new Map<string, number>();
  for (const a of new Set(g.rows)) {
    for (const b of new Set(g.cols)) {
      const ra = g.rows.map((d, i) => (d === a ? i : -1)).filter((i) => i >= 0);
      const cb = g.cols.map((d, j) => (d === b ? j : -1)).filter((j) => j >= 0);
      let sum = 0;
      for (const m of realizations) sum += ra.reduce((s, i) => s + m[i]!.filter((j) => cb.includes(j)).length, 0) / (ra.length * cb.length);
      out.set(`${a},${b}`, sum / realizations.length);
    }
  }
  return out;
}

/** The same class fractions on the observed graph alone (no permutation): what a prior without swaps would give. */
function observedFractions(g: Graph): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of new Set(g.rows)) {
    for (const b of new Set(g.cols)) {
      const na = g.rows.filter((d) => d === a).length;
      const nb = g.cols.filter((d) => d === b).length;
      out.set(`${a},${b}`, g.edges.filter(([i, j]) => g.rows[i] === a && g.cols[j] === b).length / (na * nb));
    }
  }
  return out;
}

function graph(rowCount: number, colCount: number, edges: [number, number][]): Graph {
  const rows = new Array<number>(rowCount).fill(0);
  const cols = new Array<number>(colCount).fill(0);
  for (const [i, j] of edges) { rows[i]!++; cols[j]!++; }
  return { rows, cols, edges };
}

const asArrays = (g: Graph) => ({ src: Int32Array.from(g.edges, ([i]) => i), dst: Int32Array.from(g.edges, ([, j]) => j) });

describe('link prediction: XSwap permutation prior (Rephetio) against enumeration of every graph with the degrees', () => {
  // Compounds of degrees 2, 2, 1, 1; diseases of degrees 3, 2, 1 (6 edges; the classes' fractions vary across realizations).
  const small = graph(4, 3, [[0, 0], [0, 1], [1, 0], [1, 2], [2, 0], [3, 1]]);
  // Compounds 3, 2, 2, 1, 1; diseases 3, 3, 2, 1 (9 edges).
  const larger = graph(5, 4, [[0, 0], [0, 1], [0, 2], [1, 0], [1, 3], [2, 1], [2, 2], [3, 0], [4, 1]]);

  for (const [name, g] of [['4 × 3, 6 edges', small], ['5 × 4, 9 edges', larger]] as const) {
    it(`matches the exact prior by enumeration (${name})`, () => {
      const exact = exactPrior(g);
      const observed = observedFractions(g);
      const { src, dst } = asArrays(g);
      const permutations = 20_000;
      const prior = permutationPrior(src, dst, g.cols.length, { permutations, multiplier: 10, seed: 7 });
      // Tolerance: each class estimate is a mean over the permutations of a fraction in [0, 1] (variance ≤ 1/4),
      // so with 20,000 independent networks its standard error is ≤ √(0.25 / 20,000) = 0.0035. Consecutive
      // networks are chained (10 × |E| = 60–90 swap attempts apart), which can inflate the variance a few times;
      // 0.02 is ≥ 5.7 independent SEs, or > 3 SEs with a three-fold variance inflation.
      const tolerance = 0.02;
      let largestGap = 0;
      for (const [key, p] of exact) {
        const [a, b] = key.split(',').map(Number) as [number, number];
        expect(prior.prior(a, b), `class ${key}`).to.be.closeTo(p, tolerance);
        largestGap = Math.max(largestGap, Math.abs(observed.get(key)! - p));
      }
      // The check can fail: the observed graph's own fractions (no swaps) miss the exact prior by far more than the tolerance.
      expect(largestGap).to.be.greaterThan(3 * tolerance);
    });
  }

  it('hand case: three one-indication compounds, diseases of degrees 2, 1, 0 — every realization gives 2/3 and 1/3', () => {
    // Row sums (1, 1, 1), column sums (2, 1): which compound takes the degree-1 disease — 3 realizations, in each
    // the degree-2 disease holds 2 of its 3 pairs (2/3) and the degree-1 disease 1 of 3 (1/3), whatever the swaps.
    const prior = permutationPrior(Int32Array.from([0, 1, 2]), Int32Array.from([0, 0, 1]), 3, { permutations: 50, multiplier: 10, seed: 1 });
    expect(prior.prior(1, 2)).to.be.closeTo(2 / 3, 1e-15);
    expect(prior.prior(1, 1)).to.be.closeTo(1 / 3, 1e-15);
    // A degree-0 side (the third disease has no treatment; a compound of degree 0): prior 0, logit at the clip.
    expect(prior.prior(1, 0)).to.equal(0);
    expect(prior.prior(0, 2)).to.equal(0);
    expect(priorLogit(0)).to.be.closeTo(Math.log(PRIOR_CLIP / (1 - PRIOR_CLIP)), 1e-12);
    expect(priorLogit(1)).to.be.closeTo(-Math.log(PRIOR_CLIP / (1 - PRIOR_CLIP)), 1e-9); // 1 − 1e-5 rounds in its last bits
    expect(priorLogit(2 / 3)).to.be.closeTo(Math.log(2), 1e-12);
  });

  it('XSwap keeps every degree and never creates a duplicate edge; same seed, same networks', () => {
    const { src, dst } = asArrays(larger);
    const run = (seed: number) => {
      const s = src.slice(); const d = dst.slice();
      const present = new Set(Array.from(s, (a, i) => a * 4 + d[i]!));
      const swaps = xswap(s, d, present, 4, 200, seededRandom(seed));
      return { s, d, present, swaps };
    };
    const r = run(3);
    expect(r.swaps).to.be.greaterThan(0);
    expect(r.present.size).to.equal(src.length);
    expect(new Set(Array.from(r.s, (a, i) => a * 4 + r.d[i]!)).size).to.equal(src.length);
    const degrees = (xs: Int32Array, n: number) => Array.from({ length: n }, (_, k) => xs.filter((x) => x === k).length);
    expect(degrees(r.s, 5)).to.deep.equal(degrees(src, 5));
    expect(degrees(r.d, 4)).to.deep.equal(degrees(dst, 4));
    expect(Array.from(run(3).d)).to.deep.equal(Array.from(r.d));
  });
});
