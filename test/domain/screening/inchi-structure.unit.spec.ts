// Structures restored from InChI, checked independently: a structure written by hand as SMILES is turned into
// its standard InChI by RDKit, restored by restoreInchi, and RDKit must give back the same canonical SMILES
// (the same molecule, charges and tautomer); over the seed slice's DrugBank file, RDKit must regenerate each
// restored structure's InChI main layers.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { MainModule } from '@rdkit/rdkit';
import { inchiMainLayers, parseInchi } from '../../../domain/screening/inchi-parse';
import { restoreInchi } from '../../../domain/screening/inchi-structure';
import { rdkit } from '../../../infra/chem/rdkit';

const SEED_DRUGBANK = path.resolve(__dirname, '../../../../fixtures/seed/drugbank/drugbank-slim.seed.tsv');

describe('InChI structure restoration', function () {
  this.timeout(60_000);
  let R: MainModule;
  before(async () => { R = await rdkit(); });

  const canonical = (smiles: string) => {
    const mol = R.get_mol(smiles);
    if (!mol) throw new Error(`RDKit cannot read ${smiles}`);
    try { return mol.get_smiles(); } finally { mol.delete(); }
  };
  const inchiOf = (smiles: string) => {
    const mol = R.get_mol(smiles)!;
    try { return mol.get_inchi(); } finally { mol.delete(); }
  };
  const restored = (inchi: string) => {
    const r = restoreInchi(inchi);
    if (!r.ok) throw new Error(`not restored: ${r.reason}`);
    return canonical(r.smiles);
  };

  it('numbers atoms in Hill order and reads connections, fixed and mobile hydrogens (aspirin)', () => {
    const p = parseInchi('InChI=1S/C9H8O4/c1-6(10)13-8-5-3-2-4-7(8)9(11)12/h2-5H,1H3,(H,11,12)');
    const atoms = p.components[0]!.atoms;
    expect(atoms.map((a) => a.element).join('')).to.equal('CCCCCCCCCOOOO');
    expect([...atoms[5]!.neighbours].sort((a, b) => a - b)).to.deep.equal([0, 9, 12]); // C6: C1, O10, O13
    expect([...atoms[6]!.neighbours].sort((a, b) => a - b)).to.deep.equal([3, 7, 8]); // C7: C4, C8 (ring closure), C9
    expect(atoms[0]!.h).to.equal(3);
    expect(p.components[0]!.groups).to.deep.equal([{ atoms: [10, 11], h: 1, negative: 0 }]);
    expect(inchiMainLayers('InChI=1S/C3H7NO2/c1-2(4)3(5)6/h2H,4H2,1H3,(H,5,6)/t2-/m0/s1')).to.equal('C3H7NO2/c1-2(4)3(5)6/h2H,4H2,1H3,(H,5,6)');
  });

  for (const [name, smiles] of [
    ['aspirin', 'CC(=O)Oc1ccccc1C(=O)O'],
    ['acetaminophen: an amide, not an imidic acid', 'CC(=O)Nc1ccc(O)cc1'],
    ['2-pyridone: the lactam', 'O=c1cccc[nH]1'],
    ['methotrexate: amino groups, not imines', 'CN(Cc1cnc2nc(N)nc(N)c2n1)c1ccc(cc1)C(=O)NC(CCC(=O)O)C(=O)O'],
    ['sulfamethoxazole: a sulfonamide', 'Cc1cc(NS(=O)(=O)c2ccc(N)cc2)no1'],
    ['2-aminothiazole: divalent sulfur', 'Nc1nccs1'],
    ['nitrobenzene: charge-separated nitro', 'O=[N+]([O-])c1ccccc1'],
    ['pyridine N-oxide', '[O-][n+]1ccccc1'],
    ['choline: a quaternary cation', 'C[N+](C)(C)CCO'],
    ['choline chloride: HCl deprotonated by /p-1, not the alcohol', 'C[N+](C)(C)CCO.[Cl-]'],
    ['sodium acetate: the acid deprotonated by /p-1', 'CC(=O)[O-].[Na+]'],
    ['bethanechol: a mobile-H group with a negative charge, then /p+1', 'CC(C[N+](C)(C)C)OC(N)=O'],
    ['caffeine', 'Cn1c(=O)c2c(ncn2C)n(C)c1=O'],
    ['ibuprofen', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O'],
    ['phosphate ester', 'COP(=O)(O)OC'],
    ['nitrile and alkyne', 'N#CCC#CC'],
    ['azide', 'CN=[N+]=[N-]'],
    ['metformin', 'CN(C)C(=N)NC(=N)N'],
  ] as const) {
    it(`restores ${name}`, () => {
      expect(restored(inchiOf(smiles))).to.equal(canonical(smiles));
    });
  }

  it('restores adenine as an amino tautomer (7H or 9H), not an imine', () => {
    expect([canonical('Nc1ncnc2[nH]cnc12'), canonical('Nc1ncnc2nc[nH]c12')]).to.include(restored(inchiOf('Nc1ncnc2[nH]cnc12')));
  });

  it('says why when it cannot restore a structure', () => {
    expect(restoreInchi('not an InChI')).to.deep.include({ ok: false });
    expect(restoreInchi('InChI=1S/NO/c1-2')).to.deep.include({ ok: false }); // nitric oxide: a radical
    const r = restoreInchi('InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H2');
    expect(r).to.deep.include({ ok: false }); // the H layer disagrees with the formula
  });

  it('restores the seed slice\'s DrugBank structures so that RDKit regenerates their InChI main layers', () => {
    const rows = fs.readFileSync(SEED_DRUGBANK, 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split('\t')).filter((c) => c[7]?.startsWith('InChI='));
    let same = 0;
    for (const c of rows) {
      const r = restoreInchi(c[7]!);
      if (!r.ok) continue;
      const mol = R.get_mol(r.smiles);
      if (!mol) continue;
      if (inchiMainLayers(mol.get_inchi()) === inchiMainLayers(c[7]!)) same++;
      mol.delete();
    }
    expect(rows.length).to.be.greaterThan(150);
    expect(same / rows.length).to.be.at.least(0.98);
  });
});
