// QED measured with RDKit's WebAssembly build against the values RDKit's Python QED.qed() gives (descriptor
// version 1.1.0), as published in RDKit's own tests: rdkit/Chem/UnitTestQED.py `test_examples` (paroxetine 0.934,
// leflunomide 0.911, clomipramine 0.818, tegaserod 0.235), `test_properties` (famotidine's eight properties) and
// the doctest of rdkit/Chem/QED.py (famotidine 0.253, cimetidine 0.234). Tolerance ±0.01.
import { expect } from 'chai';
import type { MainModule } from '@rdkit/rdkit';
import { qed } from '../../../domain/screening/qed';
import { moleculeFeatures, rdkit } from '../../../infra/chem/rdkit';

const RDKIT_QED: Array<[string, string, number]> = [
  ['paroxetine', 'c1cc2OCOc2cc1OCC1CNCCC1c1ccc(F)cc1', 0.934],
  ['leflunomide', 'C1=NOC(C)=C1C(=O)Nc1ccc(cc1)C(F)(F)F', 0.911],
  ['clomipramine', 'CN(C)CCCN1c2ccccc2CCc2ccc(Cl)cc21', 0.818],
  ['tegaserod', 'CCCCCNC(=N)NN=CC1=CNc2ccc(CO)cc21', 0.235],
  ['famotidine', 'N=C(CCSCc1csc(N=C(N)N)n1)NS(N)(=O)=O', 0.253],
  ['cimetidine', 'CNC(=NCCSCc1nc[nH]c1C)NC#N', 0.234],
];

describe('QED properties measured with RDKit (WebAssembly)', function () {
  this.timeout(60_000);
  let R: MainModule;
  before(async () => { R = await rdkit(); });

  for (const [name, smiles, expected] of RDKIT_QED) {
    it(`${name}: QED ${expected} as RDKit's QED.qed() gives`, () => {
      const features = moleculeFeatures(R, smiles);
      expect(features).to.not.equal(null);
      expect(qed(features!.qed.properties).value).to.be.closeTo(expected, 0.01);
    });
  }

  it('measures famotidine\'s eight properties as RDKit\'s test_properties lists them', () => {
    const measured = moleculeFeatures(R, 'N=C(CCSCc1csc(N=C(N)N)n1)NS(N)(=O)=O')!.qed;
    const p = measured.properties;
    expect(p.MW).to.be.closeTo(337.456, 1e-3);
    expect(p.ALOGP).to.be.closeTo(-0.55833, 1e-4);
    expect(p.PSA).to.be.closeTo(173.33, 1e-2);
    expect({ HBA: p.HBA, HBD: p.HBD, ROTB: p.ROTB, AROM: p.AROM, ALERTS: p.ALERTS }).to.deep.equal({ HBA: 6, HBD: 5, ROTB: 7, AROM: 1, ALERTS: 3 });
    expect(measured.alerts).to.have.length(3);
  });

  it('finds alerts a chemist would name: a nitro group and an aldehyde in 4-nitrobenzaldehyde, none in benzene', () => {
    const alerts = moleculeFeatures(R, 'O=Cc1ccc(cc1)[N+](=O)[O-]')!.qed.alerts;
    expect(alerts).to.include('[N+](=O)[O-]');
    expect(alerts).to.include('[CH1](=O)');
    expect(moleculeFeatures(R, 'c1ccccc1')!.qed.properties.ALERTS).to.equal(0);
  });

  it('counts aromatic rings after deleting aliphatic ring atoms: naphthalene 2, cyclohexylbenzene 1', () => {
    expect(moleculeFeatures(R, 'c1ccc2ccccc2c1')!.qed.properties.AROM).to.equal(2);
    expect(moleculeFeatures(R, 'C1CCC(CC1)c1ccccc1')!.qed.properties.AROM).to.equal(1);
  });
});
