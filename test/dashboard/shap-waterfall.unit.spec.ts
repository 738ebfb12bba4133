// The SHAP waterfall's steps, checked by hand.
import { expect } from 'chai';
import { probabilityOf, waterfallSteps } from '../../domain/charts/shap-waterfall';

describe('SHAP waterfall geometry', function () {
  it('starts at the base value, adds the largest |SHAP| first, groups the rest, and ends at the log-odds', function () {
    // base −2; SHAP a +1.5, b −0.5, c +0.25, d −0.125: shown 2 → a (−2 → −0.5), b (−0.5 → −1), 2 others +0.125 (→ −0.875).
    const steps = waterfallSteps(-2, { c: 0.25, a: 1.5, d: -0.125, b: -0.5 }, 2);
    expect(steps).to.deep.equal([
      { label: 'a', start: -2, end: -0.5, contribution: 1.5 },
      { label: 'b', start: -0.5, end: -1, contribution: -0.5 },
      { label: '2 other features', start: -1, end: -0.875, contribution: 0.125 },
    ]);
  });

  it('shows every feature when there are no more than asked for, and nothing to add is the base value', function () {
    expect(waterfallSteps(0.3, { x: -0.3 }, 5)).to.deep.equal([{ label: 'x', start: 0.3, end: 0, contribution: -0.3 }]);
    expect(waterfallSteps(0.3, {}, 5)).to.deep.equal([]);
  });

  it('reads a log-odds as a probability (logistic): 0 → ½, ln 3 → ¾', function () {
    expect(probabilityOf(0)).to.equal(0.5);
    expect(probabilityOf(Math.log(3))).to.be.closeTo(0.75, 1e-12);
  });
});
