// The scales of the dashboard's forest plot and heatmaps: where a ratio lands on a log axis, which
// domain and ticks the axis gets, the sequential colour ramp's ends and interpolation, and that the
// text written on any colour of the ramp keeps WCAG AA contrast (ratio recomputed here from the
// WCAG 2.1 definition, independently of the helper's own).
import { expect } from 'chai';
import { logDomain, logScale, logTicks, sequentialColour, SEQUENTIAL_STOPS, textOn } from '../../domain/charts/chart-scales';

function wcag(a: string, b: string): number {
  const lum = (c: string) => {
    const lin = [c.slice(1, 3), c.slice(3, 5), c.slice(5, 7)].map((x) => parseInt(x, 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4)));
    return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe('Dashboard chart scales', function () {
  it('maps ratios onto a log axis: equal ratios get equal distances, out-of-range values are clamped', function () {
    const x = logScale(1, 100, 0, 200);
    expect(x(1)).to.equal(0);
    expect(x(100)).to.equal(200);
    expect(x(10)).to.be.closeTo(100, 1e-9); // log10 10 = 1, half of log10 100 = 2
    expect(x(Math.sqrt(10))).to.be.closeTo(50, 1e-9);
    expect(x(0.5)).to.equal(0);
    expect(x(0)).to.equal(0);
    expect(x(1e6)).to.equal(200);
    expect(() => logScale(0, 10, 0, 1)).to.throw(RangeError);
    // Ratios below 1 sit left of the line at 1 as far as their inverses sit right of it.
    const y = logScale(0.1, 10, 0, 200);
    expect(y(1) - y(0.25)).to.be.closeTo(y(4) - y(1), 1e-9);
  });

  it('widens the axis to 1-2-5 steps that include the line at 1, with ticks on those steps', function () {
    expect(logDomain([0.3, 4.2])).to.deep.equal([0.2, 5]);
    expect(logDomain([1.5, 3])).to.deep.equal([1, 5]);
    expect(logDomain([12, 180])).to.deep.equal([1, 200]);
    expect(logDomain([])).to.deep.equal([1, 10]);
    expect(logTicks(0.2, 5)).to.deep.equal([0.2, 0.5, 1, 2, 5]);
    expect(logTicks(0.01, 1000)).to.deep.equal([0.01, 0.1, 1, 10, 100, 1000]);
  });

  it('runs the sequential scale from its lightest to its darkest stop, clamped, interpolated in between', function () {
    expect(sequentialColour(0)).to.equal(SEQUENTIAL_STOPS[0]);
    expect(sequentialColour(1)).to.equal(SEQUENTIAL_STOPS[SEQUENTIAL_STOPS.length - 1]);
    expect(sequentialColour(-3)).to.equal(SEQUENTIAL_STOPS[0]);
    expect(sequentialColour(7)).to.equal(SEQUENTIAL_STOPS[SEQUENTIAL_STOPS.length - 1]);
    expect(sequentialColour(Number.NaN)).to.equal(SEQUENTIAL_STOPS[0]);
    // Halfway between #f7fbff and #c6dbef (t = 0.125 of four segments): (247+198)/2 = 222.5 → 223 = df, 235 = eb, 247 = f7.
    expect(sequentialColour(0.125)).to.equal('#dfebf7');
    expect(sequentialColour(0.5)).to.equal('#6baed6');
  });

  it('writes cell text in black or white with at least 4.5:1 contrast on every colour of the scale', function () {
    for (let i = 0; i <= 200; i++) {
      const fill = sequentialColour(i / 200);
      const text = textOn(fill);
      expect(wcag(fill, text), `${text} on ${fill}`).to.be.at.least(4.5);
    }
    expect(textOn('#f7fbff')).to.equal('#000000');
    expect(textOn('#08306b')).to.equal('#ffffff');
  });
});
