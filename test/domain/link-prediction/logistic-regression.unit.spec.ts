// The ridge logistic regression against hand-derived optima and a naive second implementation (plain
// gradient descent on the same objective).
import { expect } from 'chai';
import { choleskySolve, fitLogisticL2, logits, sigmoid } from '../../../domain/link-prediction/logistic-regression';
import { seededRandom } from '../../../domain/shared/seeded-random';

/** Naive: full-batch gradient descent with a small fixed step, many iterations. */
function gradientDescent(x: number[][], y: number[], lambda: number): { b0: number; beta: number[] } {
  const p = x[0]!.length;
  let b0 = 0;
  const beta = new Array(p).fill(0);
  const rate = 0.5 / x.length;
  for (let it = 0; it < 60_000; it++) {
    let g0 = 0;
    const g = new Array(p).fill(0);
    x.forEach((row, i) => {
      const r = 1 / (1 + Math.exp(-(b0 + row.reduce((s, v, f) => s + v * beta[f], 0)))) - y[i]!;
      g0 += r;
      row.forEach((v, f) => { g[f] += r * v; });
    });
    b0 -= rate * g0;
    for (let f = 0; f < p; f++) beta[f] -= rate * (g[f] + lambda * beta[f]);
  }
  return { b0, beta };
}

describe('link prediction: L2 logistic regression', () => {
  it('with an all-zero feature the intercept is the log-odds of the positive rate and β = 0', () => {
    // 3 positives of 10: the optimum has σ(b0) = 0.3, b0 = log(3/7).
    const y = Uint8Array.from([1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    const fit = fitLogisticL2(new Float64Array(10), y, 10, 1, 1);
    expect(fit.converged).to.equal(true);
    expect(fit.intercept).to.be.closeTo(Math.log(3 / 7), 1e-9);
    expect(fit.beta[0]).to.be.closeTo(0, 1e-12);
  });

  it('one binary feature, λ → 0: the fitted probabilities are the two groups\' positive rates', () => {
    // x = 1: 3 of 4 positive; x = 0: 1 of 4. Unpenalised optimum: σ(b0) = 1/4, σ(b0 + β) = 3/4.
    const x = Float64Array.from([1, 1, 1, 1, 0, 0, 0, 0]);
    const y = Uint8Array.from([1, 1, 1, 0, 1, 0, 0, 0]);
    const fit = fitLogisticL2(x, y, 8, 1, 1e-9);
    expect(sigmoid(fit.intercept)).to.be.closeTo(0.25, 1e-6);
    expect(sigmoid(fit.intercept + fit.beta[0]!)).to.be.closeTo(0.75, 1e-6);
  });

  it('equals plain gradient descent on random data (three features, λ = 2)', () => {
    const random = seededRandom(42);
    const rows = 60;
    const x: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < rows; i++) {
      const row = [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1];
      x.push(row);
      y.push(random() < sigmoid(1.5 * row[0]! - row[1]! + 0.3) ? 1 : 0);
    }
    const fit = fitLogisticL2(Float64Array.from(x.flat()), Uint8Array.from(y), rows, 3, 2);
    const naive = gradientDescent(x, y, 2);
    expect(fit.intercept).to.be.closeTo(naive.b0, 1e-6);
    fit.beta.forEach((b, f) => expect(b).to.be.closeTo(naive.beta[f]!, 1e-6));
    // And the linear predictor is b0 + x·β.
    const eta = logits(fit, Float64Array.from(x[0]!), 1, 3);
    expect(eta[0]).to.be.closeTo(fit.intercept + x[0]!.reduce((s, v, f) => s + v * fit.beta[f]!, 0), 1e-12);
  });

  it('shrinks coefficients as λ grows', () => {
    const x = Float64Array.from([1, 1, 1, 1, 0, 0, 0, 0]);
    const y = Uint8Array.from([1, 1, 1, 0, 1, 0, 0, 0]);
    const small = fitLogisticL2(x, y, 8, 1, 0.1).beta[0]!;
    const large = fitLogisticL2(x, y, 8, 1, 100).beta[0]!;
    expect(Math.abs(large)).to.be.lessThan(Math.abs(small));
  });

  it('Cholesky solves a 2×2 system: [[4, 2], [2, 3]] s = [2, 1] → s = [0.5, 0]', () => {
    const s = choleskySolve(Float64Array.from([4, 2, 2, 3]), Float64Array.from([2, 1]), 2);
    expect(s[0]).to.be.closeTo(0.5, 1e-15);
    expect(s[1]).to.be.closeTo(0, 1e-15);
  });
});
