// The effect reader (domain/effects) on the defects issue 27 names, each with its expected reading worked out
// by hand from the sentence: PubMed's exponent p-values, intervals in every notation, which arm a sentence is
// about, per-arm rates, "NS", trend and non-inferiority wording, abstentions, and the explanation each call
// returns. (The old classifier, domain/workspace/outcome-classifier.ts, misread the exponent p-value: tested below
// against it so the contrast stays visible.)
import { expect } from 'chai';
import { readEffect } from '../../../domain/effects/default-reader';
import { parseIntervals, parsePValues, parseStatistics } from '../../../domain/effects/statistics';
import { favourability, outcomePolarity } from '../../../domain/effects/outcome-polarity';
import { classifyOutcomeSentence } from '../../../domain/workspace/outcome-classifier';

describe('effect reader: statistics', () => {
  it('reads PubMed\'s p=1.0×10(-26) as p = 1e-26 (significant), where the old classifier read p = 1', function () {
    const [p] = parsePValues('Response was higher with drug A than placebo (p=1.0×10(-26)).');
    expect(p!.value).to.be.closeTo(1e-26, 1e-30);
    expect(p!.significant).to.equal(true);
    // The old reader stops at "1.0" and calls the statement null.
    expect(classifyOutcomeSentence('Response was higher with drug A than placebo (p=1.0×10(-26)).').class).to.equal('null');
  });

  it('reads p in PubMed\'s other notations: P < .001, P = 0.03, p=2e-5, P > 0.05', function () {
    const ps = parsePValues('P < .001; P = 0.03; p=2e-5; P > 0.05');
    expect(ps.map((p) => [Number(p.value.toPrecision(6)), p.bound, p.significant])).to.deep.equal([[0.001, '<', true], [0.03, '=', true], [2e-5, '=', true], [0.05, '>', false]]);
  });

  it('reads intervals in every common notation and which side of the null value they lie', function () {
    // 0.76 (0.59–0.98): an unlabelled interval, lower > 0 → null value unknown; labelled HR → below 1.
    expect(parseIntervals('HR 0.76 (0.59–0.98)')[0]).to.include({ estimate: 0.76, lower: 0.59, upper: 0.98, nullValue: 1, relation: 'excludes_null', side: 'below' });
    expect(parseIntervals('odds ratio 1.20, 95% CI, 0.90 to 1.60')[0]).to.include({ lower: 0.9, upper: 1.6, relation: 'includes_null' });
    // A difference interval reaching below zero: the null value is 0, and [-1.2, 0.3] contains it.
    expect(parseIntervals('mean difference -0.4 [-1.2, 0.3]')[0]).to.include({ lower: -1.2, upper: 0.3, nullValue: 0, relation: 'includes_null' });
    // A range is not an interval.
    expect(parseIntervals('aged 40 (range 18-65) years')).to.deep.equal([]);
  });

  it('reads per-arm rates in order of mention: "4.9% vs 6.5%" and "98/2006 (4.9%) … 132/2027 (6.5%)"', function () {
    expect(parseStatistics('Mortality 4.9% vs 6.5%').armValues).to.include({ first: 4.9, second: 6.5 });
    expect(parseStatistics('Total mortality\n98/2006 (4.9%)\n132/2027 (6.5%)\n0.76 (0.59-0.98)\n0.03').armValues).to.include({ first: 4.9, second: 6.5 });
    // The table row's last cell is its p-value.
    expect(parseStatistics('Total mortality\n98/2006 (4.9%)\n132/2027 (6.5%)\n0.76 (0.59-0.98)\n0.03').pValues[0]).to.include({ value: 0.03, significant: true });
  });
});

describe('effect reader: readings', () => {
  const q = (evidence: string) => ({ evidence, intervention: 'drug A', comparator: 'placebo', outcome: 'mortality' });

  it('turns the direction round when the sentence is about the comparator ("lower with placebo than with drug A")', function () {
    expect(readEffect(q('Mortality was significantly lower with drug A than with placebo (p = 0.01).')).label).to.equal('decreased');
    expect(readEffect(q('Mortality was significantly lower with placebo than with drug A (p = 0.01).')).label).to.equal('increased');
    expect(readEffect(q('Compared with placebo, drug A significantly reduced mortality (p = 0.01).')).label).to.equal('decreased');
  });

  it('reads a table row by its arm rates and p-value (LMWH 4.9% vs heparin 6.5%, p 0.03 → decreased)', function () {
    const r = readEffect({ evidence: 'Total mortality\n98/2006 (4.9%)\n132/2027 (6.5%)\n0.76 (0.59-0.98)\n0.03', intervention: 'LMWH', comparator: 'Unfractionated heparin', outcome: 'Total mortality' });
    expect(r.label).to.equal('decreased');
  });

  it('reads "NS", a non-significant p and a trend as no_difference, and flags the trend', function () {
    expect(readEffect(q('Mortality did not differ between drug A and placebo (12% vs 14%, NS).')).label).to.equal('no_difference');
    expect(readEffect(q('Mortality was 12% with drug A and 14% with placebo (p = 0.41).')).label).to.equal('no_difference');
    const trend = readEffect(q('There was a trend toward lower mortality with drug A (p = 0.08).'));
    expect(trend.label).to.equal('no_difference');
    expect(trend.explanation.trend).to.equal(true);
  });

  it('flags non-inferiority wording so a met margin is not taken for "no difference of efficacy"', function () {
    const r = readEffect(q('Drug A was non-inferior to placebo for mortality (difference 0.5%, 95% CI -1.0 to 2.0).'));
    expect(r.explanation.nonInferiority).to.equal(true);
  });

  it('abstains ("none") on a sentence that reports no result, and on empty evidence', function () {
    expect(readEffect({ evidence: 'Lupus is a chronic autoimmune disease affecting mainly women.' }).label).to.equal('none');
    expect(readEffect({ evidence: '' }).label).to.equal('none');
  });

  it('returns its explanation: deciding words, parsed statistics, which arm is which, top features', function () {
    const r = readEffect(q('Mortality was significantly lower with drug A than with placebo (HR 0.76, 95% CI 0.59 to 0.98; P = 0.03).'));
    expect(r.explanation.deciding).to.include('P = 0.03');
    expect(r.explanation.statistics.intervals[0]).to.include({ lower: 0.59, upper: 0.98, side: 'below' });
    expect(r.explanation.arms).to.deep.equal({ firstNamed: 'intervention', subject: 'intervention' });
    expect(r.explanation.topFeatures.length).to.be.greaterThan(0);
    expect(r.confidence).to.be.within(0, 1);
  });
});

describe('effect reader: benefit or harm', () => {
  it('reads "increased the likelihood of improvement (RR 1.75)" as favourable, not harm', function () {
    const sentence = 'Drug A increased the likelihood of improvement (RR 1.75, 95% CI 1.20 to 2.55).';
    const r = readEffect({ evidence: sentence, intervention: 'drug A' });
    expect(r.label).to.equal('increased');
    expect(favourability(r.label, outcomePolarity(sentence).polarity)).to.equal('favourable');
  });

  it('maps (outcome, direction) by polarity: fewer deaths and more remission favourable, more relapses unfavourable', function () {
    expect(outcomePolarity('all-cause mortality').polarity).to.equal('lower_is_better');
    expect(outcomePolarity('clinical remission at week 52').polarity).to.equal('higher_is_better');
    expect(outcomePolarity('progression-free survival').polarity).to.equal('higher_is_better');
    expect(outcomePolarity('FEV1').polarity).to.equal('higher_is_better');
    expect(favourability('decreased', 'lower_is_better')).to.equal('favourable');
    expect(favourability('increased', 'higher_is_better')).to.equal('favourable');
    expect(favourability('increased', outcomePolarity('relapse rate').polarity)).to.equal('unfavourable');
    expect(favourability('no_difference', 'lower_is_better')).to.equal('null');
  });

  it('keeps the direction and says favourability is unknown when the outcome\'s polarity is unknown', function () {
    expect(outcomePolarity('serum ferritin').polarity).to.equal('unknown');
    expect(favourability('increased', 'unknown')).to.equal('unknown');
  });
});
