// QED's combination step and the ring count behind AROM, against values from outside this code: RDKit's own
// QED tests (rdkit/Chem/UnitTestQED.py `test_properties` and the doctest of rdkit/Chem/QED.py, version 1.1.0)
// give famotidine's eight properties and its QED 0.253; the ring counts are counted by hand on the drawn graphs.
import { expect } from 'chai';
import { qed, ringCountWithout } from '../../../domain/screening/qed';
import { STRUCTURAL_ALERT_SMARTS } from '../../../domain/screening/qed-patterns';

describe('QED (Bickerton et al. 2012)', () => {
  it('gives RDKit\'s published QED for famotidine from RDKit\'s published properties', () => {
    // UnitTestQED.test_properties: MW 337.456, ALOGP −0.55833, HBA 6, HBD 5, PSA 173.33, ROTB 7, AROM 1, ALERTS 3;
    // QED.py doctest: qed(famotidine) = 0.253…
    const q = qed({ MW: 337.456, ALOGP: -0.55833, HBA: 6, HBD: 5, PSA: 173.33, ROTB: 7, AROM: 1, ALERTS: 3 });
    expect(q.value).to.be.within(0.253, 0.254);
    expect(Object.keys(q.desirabilities)).to.deep.equal(['MW', 'ALOGP', 'HBA', 'HBD', 'PSA', 'ROTB', 'AROM', 'ALERTS']);
  });

  it('penalises structural alerts: each alert lowers QED, none leaves the other seven terms', () => {
    // ADS(ALERTS) by hand: x = 0 → (0.01 + 1199.094025·σ((0+0.09002883)/0.185904477)·(1 − σ((0+0.09002883)/0.875193782)))/417.7253140
    //   σ(0.48428) = 0.61876, 1 − σ(0.10287) = 0.47431 → (0.01 + 352.03)/417.725 = 0.8428
    const base = { MW: 300, ALOGP: 2.5, HBA: 4, HBD: 1, PSA: 60, ROTB: 4, AROM: 2 };
    const none = qed({ ...base, ALERTS: 0 });
    expect(none.desirabilities.ALERTS).to.be.closeTo(0.8428, 1e-3);
    const one = qed({ ...base, ALERTS: 1 });
    const three = qed({ ...base, ALERTS: 3 });
    expect(one.value).to.be.below(none.value);
    expect(three.value).to.be.below(one.value);
  });

  it('holds RDKit\'s 116 structural alerts', () => {
    expect(STRUCTURAL_ALERT_SMARTS).to.have.length(116);
    expect(new Set(STRUCTURAL_ALERT_SMARTS).size).to.equal(116);
    expect(STRUCTURAL_ALERT_SMARTS[0]).to.equal('*1[O,S,N]*1');
    expect(STRUCTURAL_ALERT_SMARTS[115]).to.equal('[34S]');
  });

  it('counts the rings left after deleting atoms (cycle rank of the remaining graph)', () => {
    // Naphthalene: atoms 0–9, ring 0-1-2-3-4-5 and 4-5-6-7-8-9 sharing bond 4–5: 11 bonds − 10 atoms + 1 = 2.
    const naphthalene: Array<[number, number]> = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0], [4, 6], [6, 7], [7, 8], [8, 9], [9, 5]];
    expect(ringCountWithout(10, naphthalene, new Set())).to.equal(2);
    // Delete atom 7 (one ring opened): 9 bonds − 9 atoms + 1 = 1.
    expect(ringCountWithout(10, naphthalene, new Set([7]))).to.equal(1);
    // Cyclohexylbenzene: benzene 0–5, cyclohexane 6–11, bond 0–6. Deleting the cyclohexane leaves one ring.
    const chb: Array<[number, number]> = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0], [0, 6], [6, 7], [7, 8], [8, 9], [9, 10], [10, 11], [11, 6]];
    expect(ringCountWithout(12, chb, new Set())).to.equal(2);
    expect(ringCountWithout(12, chb, new Set([6, 7, 8, 9, 10, 11]))).to.equal(1);
    // Two separate benzenes (a salt-like two-component graph): 12 − 12 + 2 = 2.
    const two: Array<[number, number]> = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0], [6, 7], [7, 8], [8, 9], [9, 10], [10, 11], [11, 6]];
    expect(ringCountWithout(12, two, new Set())).to.equal(2);
  });
});
