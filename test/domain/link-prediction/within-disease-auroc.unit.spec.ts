// Within-disease AUROC beside the pooled one (issue 29: the 0.963 headline pooled pairs across diseases; the
// ranking a user reads is one disease's). Worked by hand.
import { expect } from 'chai';
import { auroc, withinGroupAuroc } from '../../../domain/link-prediction/classification-metrics';

describe('within-disease AUROC', () => {
  it('averages each disease\'s own AUROC, which the pooled AUROC can overstate', () => {
    // Disease 1: scores high overall (0.9, 0.8 positive; 0.85 negative) -> within AUROC: positives above the
    // negative in 1 of 2 comparisons... 0.9 > 0.85 (1), 0.8 < 0.85 (0): 1/2.
    // Disease 2: scores low overall (0.2 positive; 0.1, 0.3 negatives): 0.2 > 0.1 (1), 0.2 < 0.3 (0): 1/2.
    const scores = [0.9, 0.8, 0.85, 0.2, 0.1, 0.3];
    const labels = [1, 1, 0, 1, 0, 0];
    const groups = [1, 1, 1, 2, 2, 2];
    const within = withinGroupAuroc(scores, labels, groups);
    expect(within).to.deep.equal({ mean: 0.5, median: 0.5, groups: 2 });
    // Pooled: positives 0.9, 0.8, 0.2 vs negatives 0.85, 0.1, 0.3: 2 + 1 + 2 ... 0.9 beats 3, 0.8 beats 2, 0.2 beats 1 = 6 of 9.
    expect(auroc(scores, labels)).to.be.closeTo(6 / 9, 1e-15);
  });

  it('leaves out a disease with one class only', () => {
    expect(withinGroupAuroc([0.3, 0.1, 0.5, 0.4], [1, 0, 1, 1], [1, 1, 2, 2])).to.deep.equal({ mean: 1, median: 1, groups: 1 });
  });
});
