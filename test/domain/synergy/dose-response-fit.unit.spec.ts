// The four-parameter log-logistic fit (drc's LL.4), checked against known curves and a brute-force search.
import { expect } from 'chai';
import { asymptotes, fitLogLogistic, inverse, LogLogistic, predict } from '../../../domain/synergy/dose-response-fit';
import { seededRandom } from '../../../domain/shared/seeded-random';

// f(x) = c + (d - c) / (1 + (x/e)^b), written out here independently of the code under test.
const ll4 = (p: LogLogistic, x: number) => (x === 0 ? (p.b < 0 ? p.c : p.d) : p.c + (p.d - p.c) / (1 + Math.pow(x / p.e, p.b)));
const DOSES = [0, 0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30];

function sse(p: LogLogistic, xs: number[], ys: number[]) { return xs.reduce((s, x, i) => s + (ys[i]! - ll4(p, x)) ** 2, 0); }

describe('log-logistic dose-response fit', () => {
  it('recovers the parameters of exact curves, rising and falling (reported with b < 0: c at zero dose, d at infinite dose)', () => {
    // The falling curve b = 2.5, c = 10, d = 90 is the same function as b = -2.5, c = 90, d = 10.
    for (const [data, truth] of [
      [{ b: -1.3, c: 5, d: 85, e: 0.7 }, { b: -1.3, c: 5, d: 85, e: 0.7 }],
      [{ b: -0.6, c: 0, d: 100, e: 2 }, { b: -0.6, c: 0, d: 100, e: 2 }],
      [{ b: 2.5, c: 10, d: 90, e: 0.2 }, { b: -2.5, c: 90, d: 10, e: 0.2 }],
    ] as const) {
      const fit = fitLogLogistic(DOSES, DOSES.map((x) => ll4(data, x)));
      expect(fit.converged).to.equal(true);
      expect(fit.params.b).to.be.closeTo(truth.b, 1e-4);
      expect(fit.params.c).to.be.closeTo(truth.c, 1e-3);
      expect(fit.params.d).to.be.closeTo(truth.d, 1e-3);
      expect(fit.params.e).to.be.closeTo(truth.e, 1e-4);
    }
  });

  it('holds c and d fixed when asked (as ZIP does) and fits the rest', () => {
    const truth = { b: -1.7, c: 30, d: 100, e: 1.5 };
    const fit = fitLogLogistic(DOSES.slice(1), DOSES.slice(1).map((x) => ll4(truth, x)), { c: 30, d: 100 });
    expect(fit.params).to.deep.include({ c: 30, d: 100 });
    expect(fit.params.b).to.be.closeTo(-1.7, 1e-5);
    expect(fit.params.e).to.be.closeTo(1.5, 1e-5);
  });

  it('does at least as well as a brute-force grid search on noisy data', () => {
    const random = seededRandom(3);
    for (let trial = 0; trial < 5; trial++) {
      const truth = { b: -(0.5 + 2 * random()), c: 10 * random(), d: 70 + 30 * random(), e: 0.05 + 3 * random() };
      const ys = DOSES.map((x) => ll4(truth, x) + (random() - 0.5) * 8);
      const fit = fitLogLogistic(DOSES, ys);
      // Brute force: b and ln e on a grid; for each, c and d by linear least squares (the model is linear in them).
      let best = Number.POSITIVE_INFINITY;
      for (let b = -4; b <= -0.1; b += 0.02) {
        for (let le = Math.log(0.005); le <= Math.log(50); le += 0.02) {
          const s = DOSES.map((x) => (x === 0 ? 1 : 1 / (1 + Math.pow(x / Math.exp(le), b)))); // weight of d
          // y = c (1 - s) + d s: normal equations
          let a11 = 0, a12 = 0, a22 = 0, r1 = 0, r2 = 0;
          s.forEach((w, i) => { a11 += (1 - w) ** 2; a12 += (1 - w) * w; a22 += w * w; r1 += (1 - w) * ys[i]!; r2 += w * ys[i]!; });
          const det = a11 * a22 - a12 * a12;
          if (Math.abs(det) < 1e-12) continue;
          const c = (r1 * a22 - a12 * r2) / det, d = (a11 * r2 - a12 * r1) / det;
          best = Math.min(best, sse({ b, c, d, e: Math.exp(le) }, DOSES, ys));
        }
      }
      expect(fit.sse).to.be.at.most(best + 1e-6);
      expect(fit.sse).to.be.closeTo(sse(fit.params, DOSES, ys), 1e-6);
    }
  });

  it('inverts the fitted curve, with 0 and Infinity outside its range', () => {
    const p = { b: -1.2, c: 5, d: 90, e: 0.8 };
    for (const x of [0.01, 0.5, 3, 40]) expect(inverse(p, predict(p, x))).to.be.closeTo(x, x * 1e-9);
    expect(asymptotes(p)).to.deep.equal({ zero: 5, infinite: 90 });
    expect(inverse(p, 95)).to.equal(Number.POSITIVE_INFINITY);
    expect(inverse(p, 3)).to.equal(0);
    expect(Number.isNaN(inverse({ b: -1, c: 50, d: 50, e: 1 }, 50))).to.equal(true);
  });
});
