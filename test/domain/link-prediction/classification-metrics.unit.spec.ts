// AUROC (Mann–Whitney) and AUPRC (average precision) against values worked by hand.
import { expect } from 'chai';
import { auroc, averagePrecision } from '../../../domain/link-prediction/classification-metrics';

describe('link prediction: AUROC and AUPRC', () => {
  it('AUROC: positives {0.9, 0.4}, negatives {0.5, 0.1} — 3 of the 4 positive–negative pairs ordered right: 0.75', () => {
    expect(auroc([0.9, 0.5, 0.4, 0.1], [1, 0, 1, 0])).to.equal(0.75);
  });

  it('AUROC counts a tie as one half: positive 0.5 vs negatives 0.5 and 0.2 → (0.5 + 1) / 2 = 0.75', () => {
    expect(auroc([0.5, 0.5, 0.2], [1, 0, 0])).to.equal(0.75);
  });

  it('AUROC is 1 for a perfect ranking, 0 for a reversed one, NaN without one class', () => {
    expect(auroc([3, 2, 1], [1, 1, 0])).to.equal(1);
    expect(auroc([1, 2, 3], [1, 1, 0])).to.equal(0);
    expect(auroc([1, 2], [1, 1])).to.be.NaN;
  });

  it('AUROC equals the brute-force pair count on a larger example', () => {
    const scores = [0.3, 0.8, 0.8, 0.1, 0.55, 0.9, 0.3, 0.2, 0.7, 0.3];
    const labels = [1, 0, 1, 0, 1, 1, 0, 0, 0, 1];
    let wins = 0;
    let pairs = 0;
    scores.forEach((s, i) => scores.forEach((t, j) => {
      if (labels[i] === 1 && labels[j] === 0) { pairs++; wins += s > t ? 1 : s === t ? 0.5 : 0; }
    }));
    expect(auroc(scores, labels)).to.be.closeTo(wins / pairs, 1e-15);
  });

  it('AUPRC: ranking P N P N — precision 1 at the first positive, 2/3 at the second: (1 + 2/3) / 2 = 0.8333', () => {
    expect(averagePrecision([0.9, 0.5, 0.4, 0.1], [1, 0, 1, 0])).to.be.closeTo(5 / 6, 1e-15);
  });

  it('AUPRC treats tied scores as one threshold: P and N tied at the top, then P → 1/2 · 1/2 + 1/2 · 2/3 = 0.5833', () => {
    // Threshold 0.9: recall 1/2, precision 1/2; threshold 0.3: recall 1, precision 2/3.
    expect(averagePrecision([0.9, 0.9, 0.3], [1, 0, 1])).to.be.closeTo(0.5 * 0.5 + 0.5 * (2 / 3), 1e-15);
    expect(averagePrecision([0.9, 0.9, 0.3], [0, 1, 1])).to.be.closeTo(0.5 * 0.5 + 0.5 * (2 / 3), 1e-15);
  });

  it('AUPRC is 1 for a perfect ranking and the prevalence-like value for the worst', () => {
    expect(averagePrecision([3, 2, 1], [1, 1, 0])).to.equal(1);
    // Worst: N N P — precision at the only positive 1/3.
    expect(averagePrecision([3, 2, 1], [0, 0, 1])).to.be.closeTo(1 / 3, 1e-15);
  });
});
