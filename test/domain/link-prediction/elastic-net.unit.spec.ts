// The elastic-net logistic regression against independent checks: the optimality (KKT) conditions of the
// penalised objective evaluated from scratch, the ridge fitted by Newton's method (a second implementation)
// when α = 0, a naive proximal-gradient fit (ISTA, a third) when α > 0, and hand-derived optima.
import { expect } from 'chai';
import { elasticNetObjective, fitElasticNet, fitElasticNetPath, lambdaMax, lambdaPath } from '../../../domain/link-prediction/elastic-net';
import { fitLogisticL2 } from '../../../domain/link-prediction/logistic-regression';
import { seededRandom } from '../../../domain/shared/seeded-random';

function toy(rows: number, p: number, seed: number): { x: Float64Array; y: Uint8Array } {
  const random = seededRandom(seed);
  const x = new Float64Array(rows * p);
  const y = new Uint8Array(rows);
  for (let i = 0; i < rows; i++) {
    let eta = -0.5;
    for (let f = 0; f < p; f++) {
      const v = random() * 2 - 1;
      x[i * p + f] = v;
      eta += (f === 0 ? 2 : f === 1 ? -1.5 : 0) * v; // only the first two features matter
    }
    y[i] = random() < 1 / (1 + Math.exp(-eta)) ? 1 : 0;
  }
  return { x, y };
}

/** Gradient of the mean loss, (1/n) Σ x_ij (p_i − y_i), and of the intercept. */
function lossGradient(x: Float64Array, y: Uint8Array, rows: number, p: number, b0: number, beta: number[]): { g0: number; g: number[] } {
  let g0 = 0;
  const g = new Array(p).fill(0);
  for (let i = 0; i < rows; i++) {
    let eta = b0;
    for (let f = 0; f < p; f++) eta += x[i * p + f]! * beta[f]!;
    const r = 1 / (1 + Math.exp(-eta)) - y[i]!;
    g0 += r;
    for (let f = 0; f < p; f++) g[f] += r * x[i * p + f]!;
  }
  return { g0: g0 / rows, g: g.map((v) => v / rows) };
}

/** ISTA: gradient step on the smooth part, then the L1 proximal step; many small steps. */
function ista(x: Float64Array, y: Uint8Array, rows: number, p: number, lambda: number, alpha: number): { b0: number; beta: number[] } {
  let b0 = 0;
  let beta = new Array(p).fill(0);
  const step = 0.5;
  for (let it = 0; it < 40_000; it++) {
    const { g0, g } = lossGradient(x, y, rows, p, b0, beta);
    b0 -= step * g0;
    beta = beta.map((v, f) => {
      const u = v - step * (g[f]! + lambda * (1 - alpha) * v);
      const t = step * lambda * alpha;
      return u > t ? u - t : u < -t ? u + t : 0;
    });
  }
  return { b0, beta };
}

describe('link prediction: elastic-net logistic regression', () => {
  const rows = 120;
  const p = 4;
  const { x, y } = toy(rows, p, 7);

  it('satisfies the KKT conditions: zero mean-loss gradient of the intercept; β_j ≠ 0 ⇒ gradient = −λ((1−α)β_j + α sign β_j); β_j = 0 ⇒ |gradient| ≤ λα', () => {
    for (const [lambda, alpha] of [[0.02, 0.5], [0.05, 1], [0.01, 0.2]] as const) {
      const fit = fitElasticNet(x, y, rows, p, lambda, alpha);
      expect(fit.converged).to.equal(true);
      const { g0, g } = lossGradient(x, y, rows, p, fit.intercept, fit.beta);
      expect(g0).to.be.closeTo(0, 1e-6);
      fit.beta.forEach((b, f) => {
        if (b !== 0) expect(g[f]! + lambda * ((1 - alpha) * b + alpha * Math.sign(b))).to.be.closeTo(0, 1e-6);
        else expect(Math.abs(g[f]!)).to.be.at.most(lambda * alpha + 1e-9);
      });
    }
  });

  it('drops the irrelevant features at a moderate λ with α = 1 (lasso), keeps the two that matter', () => {
    const fit = fitElasticNet(x, y, rows, p, 0.05, 1);
    expect(fit.beta[0]).to.be.greaterThan(0);
    expect(fit.beta[1]).to.be.lessThan(0);
    expect(fit.beta.slice(2).filter((b) => b !== 0)).to.have.length.at.most(1);
  });

  it('α = 0 equals the ridge fitted by Newton\'s method with λ_ridge = n·λ (its objective sums the loss)', () => {
    const lambda = 0.03;
    const en = fitElasticNet(x, y, rows, p, lambda, 0);
    const ridge = fitLogisticL2(x, y, rows, p, rows * lambda);
    expect(en.intercept).to.be.closeTo(ridge.intercept, 1e-6);
    en.beta.forEach((b, f) => expect(b).to.be.closeTo(ridge.beta[f]!, 1e-6));
  });

  it('equals a naive proximal-gradient fit (ISTA) and reaches an objective no higher', () => {
    const [lambda, alpha] = [0.02, 0.5];
    const fit = fitElasticNet(x, y, rows, p, lambda, alpha);
    const naive = ista(x, y, rows, p, lambda, alpha);
    expect(fit.intercept).to.be.closeTo(naive.b0, 1e-5);
    fit.beta.forEach((b, f) => expect(b).to.be.closeTo(naive.beta[f]!, 1e-5));
    expect(elasticNetObjective(x, y, rows, p, fit.intercept, fit.beta, lambda, alpha))
      .to.be.at.most(elasticNetObjective(x, y, rows, p, naive.b0, naive.beta, lambda, alpha) + 1e-12);
  });

  it('at λ_max every coefficient is 0 and the intercept is the log-odds of the positive rate; just below, one enters', () => {
    // Hand: y = (1, 1, 0, 0, 0), x = (1, 1, −1, −1, 0): ȳ = 0.4, (1/n) Σ x (y − ȳ) = (0.6 + 0.6 + 0.4 + 0.4 + 0)/5 = 0.4; α = 0.5 ⇒ λ_max = 0.8.
    const hx = Float64Array.from([1, 1, -1, -1, 0]);
    const hy = Uint8Array.from([1, 1, 0, 0, 0]);
    expect(lambdaMax(hx, hy, 5, 1, 0.5)).to.be.closeTo(0.8, 1e-12);
    const [atMax, below] = fitElasticNetPath(hx, hy, 5, 1, [0.8, 0.7], 0.5);
    expect(atMax!.beta[0]).to.equal(0);
    expect(atMax!.intercept).to.be.closeTo(Math.log(0.4 / 0.6), 1e-8);
    expect(below!.beta[0]).to.be.greaterThan(0);
    expect(lambdaPath(1, 3, 0.01)).to.deep.equal([1, 0.1, 0.01].map((v, k) => (k === 0 ? 1 : Math.pow(0.01, k / 2))));
  });
});
