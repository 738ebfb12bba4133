// Abstracts read in the right order (issue 27, item 3), each expectation worked out by hand from the text:
// conclusions, then results, decide; a BACKGROUND sentence or the title never does (the old "most severe
// sentence wins" let a background harm sentence decide); several outcomes give several readings; a null
// against an active drug is "no better than the comparator".
import { expect } from 'chai';
import { activeComparatorOf, decidingOrder, readAbstractEffects } from '../../../domain/effects/abstract-effect';
import { readRecordText, outcomeClassOfEffect } from '../../../domain/workspace/effect-outcome';
import { decidingStatement } from '../../../domain/workspace/evidence-outcome';

const ABSTRACT = 'BACKGROUND: Lupus nephritis increases mortality and excess deaths occurred in earlier cohorts. '
  + 'METHODS: We randomised 200 patients to drug A or placebo. '
  + 'RESULTS: Complete renal response was higher with drug A than with placebo (43% vs 32%, p = 0.02). Proteinuria decreased significantly with drug A (p < 0.001). '
  + 'CONCLUSIONS: Drug A significantly increased complete renal response compared with placebo.';

describe('abstracts read in the right order', () => {
  it('a BACKGROUND harm sentence no longer decides: the conclusions do (the old reading called it harm)', function () {
    expect(decidingStatement([ABSTRACT.split('METHODS')[0]!, ...ABSTRACT.split(/(?<=\.) /)])!.call.class).to.equal('harm');
    const effects = readAbstractEffects(ABSTRACT, 'drug A');
    expect(effects[0]!.section).to.equal('conclusions');
    expect(effects[0]!.sentence).to.contain('significantly increased complete renal response');
    expect(effects[0]!.favourability).to.equal('favourable');
    expect(outcomeClassOfEffect(effects[0]!)).to.equal('positive');
  });

  it('never reads background, methods or objectives; conclusions come before results', function () {
    const order = decidingOrder(ABSTRACT).map((s) => s.section);
    expect(order).to.deep.equal(['conclusions', 'results', 'results']);
    expect(decidingOrder(ABSTRACT).some((s) => /Lupus nephritis increases mortality/.test(s.sentence))).to.equal(false);
  });

  it('several outcomes give several readings, the deciding one first', function () {
    const effects = readAbstractEffects(ABSTRACT, 'drug A');
    expect(effects.length).to.be.greaterThanOrEqual(2);
    expect(effects.map((e) => e.sentence)).to.include('Proteinuria decreased significantly with drug A (p < 0.001).');
  });

  it('an unstructured abstract is read from its end, its first (background) sentence excluded', function () {
    const text = 'Deaths from lupus remain frequent and excess mortality was reported. We compared drug A with placebo in 120 patients. '
      + 'Flares were significantly fewer with drug A than with placebo (p = 0.01).';
    // The old abstract classifier (deleted with issue 27) let the most severe sentence (the first, about deaths) decide: harm.
    const reading = readRecordText(text, 'drug A');
    expect(reading.effects[0]!.sentence).to.contain('Flares were significantly fewer');
    expect(outcomeClassOfEffect(reading.effects[0]!)).to.equal('positive');
  });

  it('a null against an active drug is "no better than the comparator", not a null in the disease', function () {
    const text = 'RESULTS: Remission rates did not differ significantly between drug A and methotrexate (41% vs 39%, p = 0.62).';
    const [effect] = readAbstractEffects(text, 'drug A');
    expect(effect!.reading.label).to.equal('no_difference');
    expect(effect!.activeComparator).to.equal('methotrexate');
    expect(outcomeClassOfEffect(effect!)).to.equal('unknown');
    expect(activeComparatorOf('Flares did not differ compared with placebo.')).to.equal(null);
  });
});
