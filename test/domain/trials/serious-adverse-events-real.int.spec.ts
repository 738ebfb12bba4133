// Serious adverse events by arm on real ClinicalTrials.gov v2 records (../shared/data/responses/clinicaltrials),
// read by the adapter's own parser; the counts in the comments were read by hand from the files.
import fs from 'node:fs';
import { expect } from 'chai';
import { adverseEventsByArm } from '../../../infra/sources/adapters/clinical-trials-results';
import { compareSeriousAdverseEvents } from '../../../domain/trials/serious-adverse-events';
import { requireSharedData, shared } from '../../biomed/support/biomed-env';

const study = (rel: string) => JSON.parse(fs.readFileSync(shared(rel), 'utf8')) as Record<string, unknown>;

describe('serious adverse events by arm on real posted trial results', function () {
  it('NCT02552212 (certolizumab pegol vs placebo, axSpA): 8/159 vs 4/158, +2.5 points (−2.0 to +7.3): no excess shown', function () {
    requireSharedData(this, 'responses/clinicaltrials/NCT02552212.json');
    // eventGroups: EG000 "Placebo (SS)" serious 4/158; EG001 "CZP 200 mg Q2W (SS)" 8/159; EG002 "Placebo->OL CZP (SS)"
    // 3/96; EG003 "CZP->OL CZP (SS)" 1/20; EG004 "SFE OL CZP 200 mg Q2W (SS)" 15/243 (the last three are after the
    // switch to open label: no concurrent comparator).
    // By hand: p1 = 8/159 = 0.050314, p2 = 4/158 = 0.025316, RD = 0.024998; Wilson 8/159 = 0.025713 to 0.096133,
    // Wilson 4/158 = 0.009888 to 0.063279 → lower 0.024998 − √(0.024601² + 0.037963²) = −0.020239,
    // upper 0.024998 + √(0.045819² + 0.015417²) = 0.073340.
    const c = compareSeriousAdverseEvents(adverseEventsByArm(study('responses/clinicaltrials/NCT02552212.json')))!;
    expect(c.drug_arms).to.deep.equal(['CZP 200 mg Q2W (SS)']);
    expect(c.comparator_arms).to.deep.equal(['Placebo (SS)']);
    expect(c.drug).to.deep.equal({ affected: 8, at_risk: 159 });
    expect(c.comparator).to.deep.equal({ affected: 4, at_risk: 158 });
    expect(c.risk_difference).to.be.closeTo(0.024998, 1e-5);
    expect(c.ci_lower).to.be.closeTo(-0.02024, 1e-4);
    expect(c.ci_upper).to.be.closeTo(0.07334, 1e-4);
    expect(c.verdict).to.equal('no_excess_shown');
  });

  it('NCT02210780 (dupilumab vs placebo, both arms typed EXPERIMENTAL): 3/97 vs 0/97 is no shown excess, not reassurance', function () {
    requireSharedData(this, 'responses/clinicaltrials/NCT02210780.json');
    // eventGroups: EG000 "Placebo qw" serious 0/97; EG001 "Dupilumab 300 mg qw" 3/97. By hand: RD = 3/97 = 0.030928;
    // Wilson 3/97 = 0.010573 to 0.087020, Wilson 0/97 = 0 to 0.038094 → lower 0.030928 − √(0.020355² + 0.038094²)
    // = −0.012263, upper 0.030928 + √(0.056092² + 0) = 0.087020.
    const c = compareSeriousAdverseEvents(adverseEventsByArm(study('responses/clinicaltrials/NCT02210780.json')))!;
    expect(c.drug).to.deep.equal({ affected: 3, at_risk: 97 });
    expect(c.comparator).to.deep.equal({ affected: 0, at_risk: 97 });
    expect(c.ci_lower).to.be.closeTo(-0.01226, 1e-4);
    expect(c.ci_upper).to.be.closeTo(0.08702, 1e-4);
    expect(c.verdict).to.equal('no_excess_shown');
  });

  it('NCT05594173 (one group of healthy participants) gives no comparison at all', function () {
    requireSharedData(this, 'responses/clinicaltrials/NCT05594173.json');
    expect(compareSeriousAdverseEvents(adverseEventsByArm(study('responses/clinicaltrials/NCT05594173.json')))).to.equal(null);
  });
});
