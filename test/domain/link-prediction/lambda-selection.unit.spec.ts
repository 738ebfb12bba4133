// The elastic net's λ chosen by cross-validation (train-model.ts) against a second computation: each fold's fit
// at each λ started cold (no warm start along the path) and its held-out log-loss summed by hand.
import { expect } from 'chai';
import { fitElasticNet, lambdaMax, lambdaPath } from '../../../domain/link-prediction/elastic-net';
import { FEATURE_COUNT } from '../../../domain/link-prediction/feature-set';
import { selectLambda } from '../../../domain/link-prediction/train-model';
import { seededRandom } from '../../../domain/shared/seeded-random';

describe('link prediction: λ of the elastic net by cross-validation', () => {
  it('scores every λ of the path by the mean held-out log-loss of cold-started fits, and picks the lowest', () => {
    const p = FEATURE_COUNT;
    const rows = 150;
    const random = seededRandom(11);
    const z = new Float64Array(rows * p);
    const y = new Uint8Array(rows);
    const fold = new Int32Array(rows);
    for (let i = 0; i < rows; i++) {
      for (let f = 0; f < p; f++) z[i * p + f] = random() * 2 - 1;
      y[i] = random() < 1 / (1 + Math.exp(-(1.5 * z[i * p]! - z[i * p + 1]!))) ? 1 : 0;
      fold[i] = i % 3;
    }
    const penalty = { alpha: 0.2, count: 6, ratio: 0.01 };
    const { lambda, path, table } = selectLambda(z, y, fold, penalty);
    const expectedPath = lambdaPath(lambdaMax(z, y, rows, p, 0.2), 6, 0.01);
    expect(table.map((t) => t.lambda)).to.deep.equal(expectedPath);
    for (const [q, lam] of expectedPath.entries()) {
      let loss = 0;
      for (const k of [0, 1, 2]) {
        const train = [...Array(rows).keys()].filter((i) => fold[i] !== k);
        const test = [...Array(rows).keys()].filter((i) => fold[i] === k);
        const xs = Float64Array.from(train.flatMap((i) => [...z.subarray(i * p, i * p + p)]));
        const fit = fitElasticNet(xs, Uint8Array.from(train, (i) => y[i]!), train.length, p, lam, 0.2);
        for (const i of test) {
          let eta = fit.intercept;
          for (let f = 0; f < p; f++) eta += z[i * p + f]! * fit.beta[f]!;
          loss += Math.log(1 + Math.exp(eta)) - y[i]! * eta;
        }
      }
      expect(table[q]!.mean_log_loss).to.be.closeTo(loss / rows, 1e-6);
    }
    const best = table.reduce((a, b) => (b.mean_log_loss < a.mean_log_loss ? b : a));
    expect(lambda).to.equal(best.lambda);
    expect(path[path.length - 1]).to.equal(lambda);
  });
});
