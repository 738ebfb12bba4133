// Serious adverse events compared by arm: which posted groups are compared, and the risk difference with
// Newcombe's interval, by hand.
import { expect } from 'chai';
import { compareSeriousAdverseEvents } from '../../../domain/trials/serious-adverse-events';

describe('serious adverse events compared by arm', function () {
  it('calls an excess only when the interval lies above 0: 20/200 on drug vs 5/200 on placebo', function () {
    // By hand: p1 = 0.10, p2 = 0.025, RD = 0.075. Wilson 20/200: centre (40 + 3.841459)/407.682918 = 0.107538,
    // half 1.959964·√(3.841459 + 72)/407.682918 = 0.041865 → 0.065670 to 0.149406. Wilson 5/200: centre
    // 13.841459/407.682918 = 0.033952, half 1.959964·√(3.841459 + 19.5)/407.682918 = 0.023227 → 0.010725 to 0.057179.
    // lower = 0.075 − √((0.1 − 0.065670)² + (0.057178 − 0.025)²) = 0.075 − 0.047053 = 0.027947;
    // upper = 0.075 + √((0.149406 − 0.1)² + (0.025 − 0.010725)²) = 0.075 + 0.051427 = 0.126427.
    const c = compareSeriousAdverseEvents([{ arm: 'Drug X 10 mg', seriousAffected: 20, seriousAtRisk: 200 }, { arm: 'Placebo', seriousAffected: 5, seriousAtRisk: 200 }])!;
    expect(c.risk_difference).to.be.closeTo(0.075, 1e-9);
    expect(c.ci_lower).to.be.closeTo(0.02795, 1e-4);
    expect(c.ci_upper).to.be.closeTo(0.12642, 1e-4);
    expect(c.verdict).to.equal('excess');
    expect(c.statement).to.contain('20/200 (10.0%) on Drug X 10 mg vs 5/200 (2.5%) on Placebo');
    expect(c.statement).to.contain('+7.5 percentage points (95% CI +2.8 to +12.6');
  });

  it('pools the dose arms and leaves out open-label and switched groups, which have no concurrent comparator', function () {
    const c = compareSeriousAdverseEvents([
      { arm: 'Placebo', seriousAffected: 2, seriousAtRisk: 50 },
      { arm: 'Drug 5 mg', seriousAffected: 3, seriousAtRisk: 50 },
      { arm: 'Drug 10 mg', seriousAffected: 4, seriousAtRisk: 50 },
      { arm: 'Placebo->Drug 10 mg', seriousAffected: 9, seriousAtRisk: 40 },
      { arm: 'OL extension Drug', seriousAffected: 30, seriousAtRisk: 90 },
      { arm: 'Total', seriousAffected: 48, seriousAtRisk: 280 },
    ])!;
    expect(c.drug_arms).to.deep.equal(['Drug 5 mg', 'Drug 10 mg']);
    expect(c.comparator_arms).to.deep.equal(['Placebo']);
    expect(c.drug).to.deep.equal({ affected: 7, at_risk: 100 });
    expect(c.comparator).to.deep.equal({ affected: 2, at_risk: 50 });
  });

  it('a comparison that shows no excess, or fewer events on drug, is worded as absence, never as safety', function () {
    const none = compareSeriousAdverseEvents([{ arm: 'Drug', seriousAffected: 3, seriousAtRisk: 60 }, { arm: 'Vehicle', seriousAffected: 2, seriousAtRisk: 60 }])!;
    expect(none.verdict).to.equal('no_excess_shown');
    expect(none.statement).to.contain('not evidence of safety');
    const fewer = compareSeriousAdverseEvents([{ arm: 'Drug', seriousAffected: 1, seriousAtRisk: 300 }, { arm: 'Placebo', seriousAffected: 30, seriousAtRisk: 300 }])!;
    expect(fewer.verdict).to.equal('lower_on_drug');
    expect(fewer.statement).to.contain('not evidence of safety');
    expect(`${none.statement} ${fewer.statement}`).to.not.match(/\bis safe\b|\bwell tolerated\b/i);
  });

  it('makes no comparison without a placebo-type comparator, without a drug group, or without counts', function () {
    expect(compareSeriousAdverseEvents([{ arm: 'Healthy Participants', seriousAffected: 0, seriousAtRisk: 18 }])).to.equal(null);
    expect(compareSeriousAdverseEvents([{ arm: 'Drug A', seriousAffected: 3, seriousAtRisk: 50 }, { arm: 'Drug B', seriousAffected: 1, seriousAtRisk: 50 }])).to.equal(null);
    expect(compareSeriousAdverseEvents([{ arm: 'Placebo', seriousAffected: 1, seriousAtRisk: 50 }])).to.equal(null);
    expect(compareSeriousAdverseEvents([{ arm: 'Drug' }, { arm: 'Placebo', seriousAffected: 1, seriousAtRisk: 50 }])).to.equal(null);
  });
});
