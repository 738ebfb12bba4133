// bench:ranking's yardstick (bench/chembl-indications.ts) on the real ChEMBL 36 files: an approved drug is known
// by the names the dossier uses. Before, the join was by ChEMBL's name only, and asthma's approved salbutamol
// (ChEMBL: ALBUTEROL), salmeterol and vilanterol (phase 4 held on their xinafoate / trifenatate salts) and
// beclometasone (BECLOMETHASONE DIPROPIONATE) counted as not approved. Expectations read by hand from
// ../shared/data/chembl/indications.csv (MONDO:0004979 "asthma": CHEMBL714 4.0, CHEMBL1082607 4.0,
// CHEMBL1084172 4.0, CHEMBL1200500 4.0; levocetirizine CHEMBL1201191 3.0) and unichem-chembl-drugbank.txt
// (CHEMBL714 → DB01001 "Salbutamol", CHEMBL1200500 → DB00394 "Beclomethasone").
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { readChemblIndications } from '../../bench/chembl-indications';
import { SHARED_DATA_DIR } from '../../bench/smoke';

describe('bench:ranking yardstick: ChEMBL phase-4 indications by the dossier\'s drug names', function () {
  const dir = path.join(SHARED_DATA_DIR, 'chembl');
  before(function () {
    if (!fs.existsSync(path.join(dir, 'indications.csv')) || !fs.existsSync(path.join(SHARED_DATA_DIR, 'drugbank', 'drugbank-slim.tsv'))) this.skip();
  });

  it('counts salbutamol, salmeterol, vilanterol and beclometasone as approved for asthma (a name-only join missed all four); levocetirizine (phase 3) is not', function () {
    this.timeout(120_000); // reads the whole ChEMBL and DrugBank files
    const approved = readChemblIndications(dir).approvedFor('EFO_0000270', ['asthma']);
    for (const name of ['salbutamol', 'albuterol', 'salmeterol', 'vilanterol', 'beclomethasone']) expect(approved.has(name), name).to.equal(true);
    expect(approved.has('levocetirizine')).to.equal(false);
  });

  it('counts betamethasone as approved for psoriasis: ChEMBL holds phase 4 on its ester (EFO:0000676 psoriasis: CHEMBL1200384 BETAMETHASONE DIPROPIONATE 4.0, CHEMBL632 BETAMETHASONE 3.0)', function () {
    this.timeout(120_000);
    // The bench's own salt regex lacked "dipropionate": betamethasone counted negative (issue 28). It now uses the
    // service's one salt rule (saltParentName, domain/biomed/compound-identity.ts).
    const approved = readChemblIndications(dir).approvedFor('EFO_0000676', ['psoriasis']);
    expect(approved.has('betamethasone dipropionate')).to.equal(true);
    expect(approved.has('betamethasone')).to.equal(true);
  });
});
