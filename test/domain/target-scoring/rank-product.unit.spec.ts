// The rank product and the Jaccard index on small inputs worked out by hand.
import { expect } from 'chai';
import { jaccard } from '../../../domain/expression/jaccard';
import { fractionalRanks, rankProduct } from '../../../domain/target-scoring/rank-product';

describe('rank product (Breitling et al. 2004) and Jaccard index', () => {
  it('gives tied values the mean of the ranks they span, in either direction', () => {
    // 10 > 7 = 7 > 1: ranks 1, 2.5, 2.5, 4 (higher better); reversed: 4, 2.5, 2.5, 1.
    expect(fractionalRanks([7, 10, 7, 1], 'higher_is_better')).to.deep.equal([2.5, 1, 2.5, 4]);
    expect(fractionalRanks([7, 10, 7, 1], 'lower_is_better')).to.deep.equal([2.5, 4, 2.5, 1]);
    expect(fractionalRanks([5, 5, 5], 'higher_is_better')).to.deep.equal([2, 2, 2]);
    expect(() => fractionalRanks([1, Number.NaN], 'higher_is_better')).to.throw(RangeError);
  });

  it('is the geometric mean of the per-factor ranks', () => {
    // a: ranks (1, 3, 2) -> cbrt(6) = 1.8171; b: (2, 1, 1) -> cbrt(2) = 1.2599; c: (3, 2, 3) -> cbrt(18) = 2.6207.
    const { ranks, rp } = rankProduct([
      { values: [9, 5, 1], direction: 'higher_is_better' },
      { values: [4, 0, 2], direction: 'lower_is_better' },
      { values: [0.5, 0.9, 0.1], direction: 'higher_is_better' },
    ]);
    expect(ranks).to.deep.equal([[1, 3, 2], [2, 1, 1], [3, 2, 3]]);
    expect(rp[0]).to.be.closeTo(1.81712, 1e-5);
    expect(rp[1]).to.be.closeTo(1.25992, 1e-5);
    expect(rp[2]).to.be.closeTo(2.62074, 1e-5);
    expect(() => rankProduct([{ values: [1], direction: 'higher_is_better' }, { values: [1, 2], direction: 'higher_is_better' }])).to.throw(RangeError);
  });

  it('Jaccard: |A ∩ B| / |A ∪ B|, null for two empty sets', () => {
    expect(jaccard([1, 3, 5, 7], [3, 4, 5])).to.deep.equal({ intersection: 2, union: 5, index: 0.4 });
    expect(jaccard([2], [2])).to.deep.equal({ intersection: 1, union: 1, index: 1 });
    expect(jaccard([1], [])).to.deep.equal({ intersection: 0, union: 1, index: 0 });
    expect(jaccard([], [])).to.deep.equal({ intersection: 0, union: 0, index: null });
  });
});
