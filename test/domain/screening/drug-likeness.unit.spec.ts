// Lipinski's rule of five and QED without its alerts term, against values worked independently: the ADS
// desirabilities and weighted geometric mean below were computed with a separate Python script written from
// Bickerton et al. (Nat Chem 2012), Supplementary Table 1 and the mean weights of the paper.
import { expect } from 'chai';
import { desirability, lipinski, MolecularDescriptors, qedWithoutAlerts } from '../../../domain/screening/drug-likeness';

const base: MolecularDescriptors = {
  amw: 180.159, CrippenClogP: 1.3101, lipinskiHBA: 4, lipinskiHBD: 1, NumHBA: 3, NumHBD: 1, tpsa: 63.6, NumRotatableBonds: 2, NumAromaticRings: 1,
};

describe('drug-likeness', () => {
  it('counts the rule-of-five violations and passes with at most one (Lipinski et al. 1997)', () => {
    expect(lipinski(base)).to.deep.include({ violations: [], passes: true, molecular_weight: 180.16, h_bond_donors: 1, h_bond_acceptors: 4 });
    const one = lipinski({ ...base, amw: 501 });
    expect(one.violations).to.deep.equal(['molecular_weight > 500']);
    expect(one.passes).to.equal(true);
    const two = lipinski({ ...base, amw: 650, CrippenClogP: 5.01 });
    expect(two.violations).to.deep.equal(['molecular_weight > 500', 'logp > 5']);
    expect(two.passes).to.equal(false);
    // Boundaries are inclusive: 500, 5, 5 and 10 are allowed.
    expect(lipinski({ ...base, amw: 500, CrippenClogP: 5, lipinskiHBD: 5, lipinskiHBA: 10 }).violations).to.deep.equal([]);
    expect(lipinski({ ...base, lipinskiHBD: 6, lipinskiHBA: 11 }).violations).to.deep.equal(['h_bond_donors > 5', 'h_bond_acceptors > 10']);
  });

  it('maps each property through the ADS function as the paper defines it', () => {
    // Python: (a + b/(1+exp(-(x-c+d/2)/e)) * (1 - 1/(1+exp(-(x-c-d/2)/f)))) / dmax
    const mw = [2.817065973, 392.5754953, 290.7489764, 2.419764353, 49.22325677, 65.37051707, 104.9805561];
    expect(desirability(180.159, mw)).to.be.closeTo(0.336495, 1e-6);
    expect(desirability(600, mw)).to.be.closeTo(0.060073, 1e-6);
  });

  it('combines seven desirabilities with the mean weights (alerts term left out)', () => {
    const q = qedWithoutAlerts(base);
    expect(q.desirabilities).to.deep.equal({ MW: 0.3365, ALOGP: 0.8465, HBA: 0.9848, HBD: 0.9866, PSA: 0.9764, ROTB: 0.8704, AROM: 0.8273 });
    expect(q.value).to.be.closeTo(0.717222, 1e-4);
    const heavy = qedWithoutAlerts({ ...base, amw: 600, CrippenClogP: 6.5, NumHBA: 12, NumHBD: 6, tpsa: 160, NumRotatableBonds: 12, NumAromaticRings: 4 });
    expect(heavy.value).to.be.closeTo(0.053942, 1e-4);
  });
});
