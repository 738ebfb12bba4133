// The bench's figures (domain/effects/evaluation.ts) against a hand computation on ten items.
import { expect } from 'chai';
import { scoreEffects } from '../../../domain/effects/evaluation';
import { softmax } from '../../../domain/effects/learned-model';

describe('effect reader evaluation', () => {
  it('computes accuracy, per-class P/R/F1, macro-F1, abstentions and no-difference-as-significant by hand', function () {
    const pairs = [
      { gold: 'increased', read: 'increased' }, { gold: 'increased', read: 'increased' }, { gold: 'increased', read: 'decreased' },
      { gold: 'decreased', read: 'decreased' }, { gold: 'decreased', read: 'none' },
      { gold: 'no_difference', read: 'no_difference' }, { gold: 'no_difference', read: 'no_difference' }, { gold: 'no_difference', read: 'no_difference' },
      { gold: 'no_difference', read: 'increased' }, { gold: 'no_difference', read: 'none' },
    ] as const;
    const s = scoreEffects(pairs);
    // Correct: 2 + 1 + 3 = 6 of 10.
    expect(s.accuracy).to.equal(0.6);
    // increased: read 3 times (2 right) → P 2/3; 3 gold (2 found) → R 2/3; F1 2/3.
    expect(s.perClass.increased.precision).to.be.closeTo(2 / 3, 1e-12);
    expect(s.perClass.increased.recall).to.be.closeTo(2 / 3, 1e-12);
    // decreased: read 2 times (1 right) → P 1/2; 2 gold (1 found) → R 1/2; F1 1/2.
    expect(s.perClass.decreased.f1).to.be.closeTo(0.5, 1e-12);
    // no_difference: read 3 times (3 right) → P 1; 5 gold → R 3/5; F1 = 2·1·0.6/1.6 = 0.75.
    expect(s.perClass.no_difference.f1).to.be.closeTo(0.75, 1e-12);
    expect(s.macroF1).to.be.closeTo((2 / 3 + 0.5 + 0.75) / 3, 1e-12);
    expect(s.abstentionRate).to.equal(0.2);
    // One of five no_difference items read as a significant change.
    expect(s.noDifferenceReadAsSignificant).to.equal(0.2);
  });

  it('softmax matches exp(l) / Σ exp(l) computed directly', function () {
    const [a, b, c] = softmax([1, 2, 3]);
    const z = Math.exp(1) + Math.exp(2) + Math.exp(3);
    expect(a).to.be.closeTo(Math.exp(1) / z, 1e-12);
    expect(b).to.be.closeTo(Math.exp(2) / z, 1e-12);
    expect(c).to.be.closeTo(Math.exp(3) / z, 1e-12);
  });
});
