// Calibration of the link-prediction probability on a toy set (issue 29: `probability` must be what it says).
// A population of 60,000 pairs whose true model is known — logit P(y = 1 | x) = −4 + 1.5 x, x ~ N(0, 1) — is
// subsampled as the training set is (every positive, 1 in 5 negatives), fitted by the same L2 logistic regression,
// and prior-corrected as train-model.ts does (King & Zeng 2001: offset = logit(population prevalence) −
// logit(sample prevalence)). The corrected probabilities must match the population's observed rates by decile.
import { expect } from 'chai';
import { fitLogisticL2, logits, sigmoid } from '../../../domain/link-prediction/logistic-regression';
import { seededRandom } from '../../../domain/shared/seeded-random';

const logit = (p: number) => Math.log(p / (1 - p));

describe('link prediction: calibration of the prior-corrected probability (toy set)', () => {
  it('matches the observed rate in every decile of the population after negative subsampling', () => {
    const random = seededRandom(29);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const N = 60_000;
    const x = new Float64Array(N);
    const y = new Uint8Array(N);
    for (let i = 0; i < N; i++) { x[i] = normal(); y[i] = random() < sigmoid(-4 + 1.5 * x[i]!) ? 1 : 0; }
    const kept = [...Array(N).keys()].filter((i) => y[i] === 1 || random() < 0.2);
    const xs = Float64Array.from(kept, (i) => x[i]!);
    const ys = Uint8Array.from(kept, (i) => y[i]!);
    const fit = fitLogisticL2(xs, ys, kept.length, 1, 1e-6);
    const populationPrevalence = y.reduce((s, v) => s + v, 0) / N;
    const samplePrevalence = ys.reduce((s, v) => s + v, 0) / ys.length;
    const offset = logit(populationPrevalence) - logit(samplePrevalence);
    const eta = logits(fit, x, N, 1);
    const p = Array.from(eta, (e) => sigmoid(e + offset));
    const order = [...Array(N).keys()].sort((a, b) => p[a]! - p[b]!);
    for (let d = 0; d < 10; d++) {
      const bin = order.slice((d * N) / 10, ((d + 1) * N) / 10);
      const predicted = bin.reduce((s, i) => s + p[i]!, 0) / bin.length;
      const observed = bin.reduce((s, i) => s + y[i]!, 0) / bin.length;
      // Binomial noise of 6,000 pairs at rate r is sqrt(r(1 − r)/6000) <= 0.006 for r <= 0.3; allow 3 SE + 0.005.
      expect(Math.abs(predicted - observed), `decile ${d + 1}: predicted ${predicted}, observed ${observed}`)
        .to.be.below(3 * Math.sqrt(Math.max(observed, 1e-3) * (1 - observed) / bin.length) + 0.005);
    }
    // Uncorrected, the sample's inflated prevalence would overstate every probability: the top decile by ~2x.
    const top = order.slice(0.9 * N);
    const uncorrected = top.reduce((s, i) => s + sigmoid(eta[i]!), 0) / top.length;
    const observedTop = top.reduce((s, i) => s + y[i]!, 0) / top.length;
    expect(uncorrected / observedTop).to.be.above(1.5);
  });
});
