// HSA, Bliss, Loewe and ZIP (Yadav et al., CSBJ 2015; SynergyFinder). No published example matrix with its four
// scores could be found in the searchable SynergyFinder documentation, so the scores are checked against
// hand computation (comments), the models' defining invariants (a sham combination is Loewe-additive; Bliss
// independence of two Hill curves has zero Bliss and ZIP scores), and a naive second ZIP implementation that
// fits its rows and columns by grid search.
import { expect } from 'chai';
import { synergyScores, loeweExpected } from '../../../domain/synergy/synergy-scores';

const hill = (x: number, ec50: number, h: number) => (x <= 0 ? 0 : (100 * Math.pow(x / ec50, h)) / (1 + Math.pow(x / ec50, h)));
const DA = [0, 0.25, 0.5, 1, 2, 4];
const DB = [0, 0.5, 1, 2, 4, 8];

describe('dose-response synergy scores', () => {
  it('HSA and Bliss as worked by hand', () => {
    // Row 0 / column 0 are the single drugs: A = 0, 10, 20, 40; B = 0, 30, 50, 60.
    const responses = [
      [0, 30, 50, 60],
      [10, 45, 50, 70],
      [20, 40, 70, 80],
      [40, 60, 70, 95],
    ];
    const s = synergyScores({ dosesA: [0, 1, 2, 4], dosesB: [0, 1, 2, 4], responses });
    // Cell (A=10, B=30), observed 45: HSA expected max(10, 30) = 30 -> 15; Bliss expected 10 + 30 - 3 = 37 -> 8.
    expect(s.hsa.expected[0]![0]).to.equal(30);
    expect(s.hsa.synergy[0]![0]).to.equal(15);
    expect(s.bliss.expected[0]![0]).to.be.closeTo(37, 1e-12);
    expect(s.bliss.synergy[0]![0]).to.be.closeTo(8, 1e-12);
    // Cell (A=40, B=60), observed 95: HSA 95 - 60 = 35; Bliss 40 + 60 - 24 = 76 -> 19.
    expect(s.hsa.synergy[2]![2]).to.equal(35);
    expect(s.bliss.synergy[2]![2]).to.be.closeTo(19, 1e-12);
    // HSA summary: mean of (15, 0, 10; 10, 20, 20; 20, 20, 35) = 150/9.
    expect(s.hsa.score).to.be.closeTo(150 / 9, 1e-12);
  });

  it('Loewe: for two Hill curves of slope 1 and top 100, the additive response is 100 s / (1 + s), s = x_A/EC50_A + x_B/EC50_B', () => {
    // From x_A/X_A(y) + x_B/X_B(y) = 1 with X_i(y) = EC50_i y / (100 - y): (100 - y)/y * s = 1.
    // EC50 1 and 2; at x_A = 1, x_B = 2: s = 2, y = 66.667; an observed 80 gives a Loewe score of 13.333.
    const fa = { b: -1, c: 0, d: 100, e: 1 }, fb = { b: -1, c: 0, d: 100, e: 2 };
    expect(loeweExpected(fa, fb, 1, 2)).to.be.closeTo(200 / 3, 1e-9);
    const responses = DA.map((a) => DB.map((b) => (a === 0 || b === 0 ? hill(a, 1, 1) + hill(b, 2, 1) : 80)));
    const s = synergyScores({ dosesA: DA, dosesB: DB, responses });
    const i = DA.indexOf(1) - 1, j = DB.indexOf(2) - 1;
    expect(s.loewe.expected[i]![j]).to.be.closeTo(200 / 3, 1e-4); // through the fitted single-drug curves
    expect(s.loewe.synergy[i]![j]).to.be.closeTo(80 - 200 / 3, 1e-4);
    expect(s.loewe.fallback_cells).to.equal(0);
    DA.slice(1).forEach((a, ii) => DB.slice(1).forEach((b, jj) => {
      const sum = a / 1 + b / 2;
      expect(s.loewe.expected[ii]![jj]).to.be.closeTo((100 * sum) / (1 + sum), 1e-4);
    }));
  });

  it('Loewe: a drug combined with itself (sham) is additive, score 0 everywhere', () => {
    const doses = [0, 0.25, 0.5, 1, 2];
    const responses = doses.map((a) => doses.map((b) => hill(a + b, 1, 1.5)));
    const s = synergyScores({ dosesA: doses, dosesB: doses, responses });
    for (const row of s.loewe.synergy) for (const v of row) expect(v).to.be.closeTo(0, 1e-6);
  });

  it('Bliss and ZIP: two Hill curves acting independently score 0', () => {
    const responses = DA.map((a) => DB.map((b) => { const ya = hill(a, 1, 1.2), yb = hill(b, 2, 0.8); return ya + yb - (ya * yb) / 100; }));
    const s = synergyScores({ dosesA: DA, dosesB: DB, responses });
    expect(s.bliss.score).to.be.closeTo(0, 1e-9);
    for (const row of s.zip.synergy) for (const v of row) expect(v).to.be.closeTo(0, 1e-5);
    expect(s.zip.refit_failures).to.equal(0);
  });

  it('ZIP agrees with a naive implementation whose row and column fits are grid searches', () => {
    // Single drugs: exact Hill curves (so the single fits are known: bottom 0, top 100); combinations: drug B's
    // potency doubled by drug A (synergy), plus a fixed pattern of noise.
    const EA = 1, HA = 1.2, EB = 2, HB = 0.8;
    const responses = DA.map((a, i) => DB.map((b, j) => {
      if (a === 0 || b === 0) return hill(a, EA, HA) + hill(b, EB, HB);
      const ya = hill(a, EA, HA), yb = hill(b, EB / 2, HB);
      return ya + yb - (ya * yb) / 100 + ((i * 7 + j * 3) % 5) - 2;
    }));
    const s = synergyScores({ dosesA: DA, dosesB: DB, responses });

    // Naive ZIP: fit y = y0 + (100 - y0) / (1 + (x/e)^b) over the non-zero doses by grid search over (b, ln e).
    const fitRow = (xs: number[], ys: number[], y0: number) => {
      let best = { sse: Infinity, b: 0, le: 0 };
      const tryAt = (b: number, le: number) => {
        const e = Math.exp(le);
        const sse = xs.reduce((acc, x, k) => acc + (ys[k]! - (y0 + (100 - y0) / (1 + Math.pow(x / e, b)))) ** 2, 0);
        if (sse < best.sse) best = { sse, b, le };
      };
      for (let b = -5; b <= -0.05; b += 0.05) for (let le = -6; le <= 6; le += 0.05) tryAt(b, le);
      for (let step = 0.01; step >= 1e-5; step /= 10) {
        const { b: b0, le: l0 } = best;
        for (let b = b0 - 10 * step; b <= b0 + 10 * step; b += step) for (let le = l0 - 10 * step; le <= l0 + 10 * step; le += step) tryAt(b, le);
      }
      return xs.map((x) => y0 + (100 - y0) / (1 + Math.pow(x / Math.exp(best.le), best.b)));
    };
    const fA = DA.map((a) => hill(a, EA, HA)), fB = DB.map((b) => hill(b, EB, HB));
    const obs = (i: number, j: number) => responses[i]![j]!;
    const byRow = DA.slice(1).map((_a, i) => fitRow(DB.slice(1), DB.slice(1).map((_b, j) => obs(i + 1, j + 1)), fA[i + 1]!));
    const byCol = DB.slice(1).map((_b, j) => fitRow(DA.slice(1), DA.slice(1).map((_a, i) => obs(i + 1, j + 1)), fB[j + 1]!));
    DA.slice(1).forEach((_a, i) => DB.slice(1).forEach((_b, j) => {
      const fitted = (byRow[i]![j]! + byCol[j]![i]!) / 2;
      const expected = fA[i + 1]! + fB[j + 1]! - (fA[i + 1]! * fB[j + 1]!) / 100;
      expect(s.zip.synergy[i]![j], `cell ${i + 1},${j + 1}`).to.be.closeTo(fitted - expected, 0.02);
    }));
    expect(s.zip.score).to.be.greaterThan(0); // doubled potency: synergy
  });
});
