// `evidence effect read`'s use case (issue 27, item 5): one output per input line with `label` and the
// explanation; a bad line gets "none" and an error instead of stopping the stream.
import { expect } from 'chai';
import { readEffectLine } from '../../../commands/effects/read-effect';

describe('evidence effect read (use case)', () => {
  it('returns label, explanation, polarity and favourability for one JSON line', function () {
    const out = readEffectLine(JSON.stringify({ evidence: 'All-cause mortality was significantly lower with drug A than with placebo (8% vs 12%, p = 0.01).', intervention: 'drug A', comparator: 'placebo', outcome: 'all-cause mortality' }));
    expect(out.label).to.equal('decreased');
    expect(out.favourability).to.equal('favourable');
    expect(out.explanation!.statistics.pValues[0]).to.include({ value: 0.01, significant: true });
  });

  it('answers a line that is not JSON, or has no evidence, with label none and an error', function () {
    expect(readEffectLine('not json')).to.deep.equal({ label: 'none', error: 'not valid JSON' });
    expect(readEffectLine('{"intervention":"x"}')).to.deep.include({ label: 'none', error: '"evidence" must be a string' });
    expect(readEffectLine('{"evidence":"x","outcome":3}')).to.deep.include({ label: 'none' });
  });
});
