// bench:ranking's yardstick walks the disease hierarchy the service walks (issue 28 item 4): the service counts a UC
// indication as one in IBD (curated-indication.ts). By IBD's own id, infliximab is not approved for it: ChEMBL 36
// holds "EFO:0003767,inflammatory bowel disease,3.0,CHEMBL1201581" but "EFO:0000729,ulcerative colitis,4.0,
// CHEMBL1201581" (INFLIXIMAB). Tofacitinib has phase 3 only on UC ("EFO:0000729,ulcerative colitis,3.0,CHEMBL221959";
// no row for TOFACITINIB CITRATE CHEMBL2103743 in UC): it is not approved for IBD either way. Read by hand
// from ../shared/data: HumanDO.obo "DOID:8577 ulcerative colitis" is_a DOID:0050589 inflammatory bowel disease;
// mondo_exactmatch_doid: MONDO:0005265 = DOID:0050589, MONDO:0005101 = DOID:8577; mondo_exactmatch_efo:
// MONDO:0005101 = EFO:0000729.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { readChemblIndications } from '../../bench/chembl-indications';
import { readDiseaseHierarchy } from '../../bench/disease-descendants';
import { SHARED_DATA_DIR } from '../../bench/smoke';

describe('bench:ranking yardstick: indications of the diseases below the question\'s', function () {
  before(function () {
    for (const f of ['disease-ontology/HumanDO.obo', 'mondo/mondo_exactmatch_doid.sssom.tsv', 'mondo/mondo_exactmatch_efo.sssom.tsv', 'chembl/indications.csv']) {
      if (!fs.existsSync(path.join(SHARED_DATA_DIR, f))) this.skip();
    }
  });

  it('finds ulcerative colitis and Crohn\'s disease below inflammatory bowel disease, and IBD not below itself', async function () {
    this.timeout(120_000);
    const below = (await readDiseaseHierarchy(SHARED_DATA_DIR)).below('MONDO:0005265');
    expect([...below.ids]).to.include.members(['MONDO:0005101', 'EFO:0000729']);
    expect(below.labels).to.include.members(['ulcerative colitis', "Crohn's disease"]);
    expect(below.ids.has('MONDO:0005265')).to.equal(false);
  });

  it('counts infliximab as approved for IBD through ulcerative colitis (by IBD\'s own id it is phase 3); tofacitinib (UC phase 3) not', async function () {
    this.timeout(120_000);
    const chembl = readChemblIndications(path.join(SHARED_DATA_DIR, 'chembl'));
    const below = (await readDiseaseHierarchy(SHARED_DATA_DIR)).below('MONDO:0005265');
    expect(chembl.approvedFor('EFO_0003767', ['inflammatory bowel disease']).has('infliximab')).to.equal(false);
    expect(chembl.approvedFor('EFO_0003767', ['inflammatory bowel disease'], below.ids).has('infliximab')).to.equal(true);
    expect(chembl.approvedFor('EFO_0003767', ['inflammatory bowel disease'], below.ids).has('tofacitinib')).to.equal(false);
  });
});
