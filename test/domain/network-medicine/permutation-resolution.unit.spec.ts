// The permutations a test needs before its empirical p can pass Benjamini–Hochberg, worked by hand.
import { expect } from 'chai';
import { nextResolutionStep, permutationsNeeded } from '../../../domain/network-medicine/permutation-resolution';

describe('permutation resolution for a BH false discovery rate', () => {
  it('needs P >= m/(k·alpha) − 1 so that k candidates at the floor 1/(1+P) pass BH', () => {
    // m = 2,062 compounds, one at the floor, alpha 0.05: 1/(1+P) <= 0.05/2062 = 2.4248e-5 -> 1+P >= 41,240 -> P = 41,239.
    expect(permutationsNeeded(2062, 1, 0.05)).to.equal(41239);
    // m = 20, one at the floor: 1/(1+P) <= 0.0025 -> P >= 399.
    expect(permutationsNeeded(20, 1, 0.05)).to.equal(399);
    // m = 20, four tied at the floor: their step-up threshold is 4·0.05/20 = 0.01 -> P >= 99.
    expect(permutationsNeeded(20, 4, 0.05)).to.equal(99);
    // Check by the definition: at P = 399 the floor 1/400 = 0.0025 passes, at 398 (1/399 > 0.0025) it does not.
    expect(1 / 400 <= 0.05 / 20).to.equal(true);
    expect(1 / 399 <= 0.05 / 20).to.equal(false);
  });

  it('extends up to the cap, stops when it has enough, and says when the cap cannot reach the FDR', () => {
    expect(nextResolutionStep(1000, 20, 1, 0.05, 20000)).to.deep.equal({ extendTo: null, reachable: true, needed: 399 });
    expect(nextResolutionStep(100, 20, 1, 0.05, 20000)).to.deep.equal({ extendTo: 399, reachable: true, needed: 399 });
    expect(nextResolutionStep(1000, 2062, 1, 0.05, 20000)).to.deep.equal({ extendTo: null, reachable: false, needed: 41239 });
    expect(nextResolutionStep(1000, 2062, 0, 0.05, 20000)).to.deep.equal({ extendTo: null, reachable: true, needed: null });
  });
});
