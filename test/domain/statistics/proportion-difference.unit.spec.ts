// Newcombe's hybrid score interval for a difference of proportions (method 10), checked against the values
// Newcombe published for it (Stat Med 1998;17:873-890, Table II, method 10), and Wilson's interval by hand.
import { expect } from 'chai';
import { newcombeDifference, wilsonInterval } from '../../../domain/statistics/proportion-difference';

describe('risk difference with Newcombe\'s hybrid score interval', function () {
  it('Wilson interval of 56/70 by hand: (2·56 + z² ± z·√(z² + 4·56·0.2)) / (2·(70 + z²)) = 0.6918 to 0.8770', function () {
    // z² = 3.841459; centre = 115.841459 / 147.682918 = 0.784394; half = 1.959964·√(3.841459 + 44.8) / 147.682918 = 0.092560.
    const w = wilsonInterval(56, 70);
    expect(w.lower).to.be.closeTo(0.6918, 1e-4);
    expect(w.upper).to.be.closeTo(0.8770, 1e-4);
  });

  const table2: [number, number, number, number, number, number][] = [
    // x1, n1, x2, n2, lower, upper (Newcombe 1998, Table II, method 10)
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.8090],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1.0000],
  ];
  for (const [x1, n1, x2, n2, lower, upper] of table2) {
    it(`${x1}/${n1} − ${x2}/${n2}: Newcombe's published interval ${lower} to ${upper}`, function () {
      const d = newcombeDifference(x1, n1, x2, n2)!;
      expect(d.difference).to.be.closeTo(x1 / n1 - x2 / n2, 1e-12);
      expect(d.lower).to.be.closeTo(lower, 1e-4);
      expect(d.upper).to.be.closeTo(upper, 1e-4);
    });
  }

  it('refuses counts no proportion can come from (more affected than at risk, no one at risk, fractions)', function () {
    expect(newcombeDifference(5, 4, 1, 10)).to.equal(null);
    expect(newcombeDifference(0, 0, 1, 10)).to.equal(null);
    expect(newcombeDifference(1.5, 10, 1, 10)).to.equal(null);
  });
});
