// Issue 33 on real data: the SIDER 4.1 label rows of allopurinol, lamotrigine and carbamazepine (every row of
// their STITCH ids in ../shared/data/sider4, checked by hand: each lists Stevens-Johnson syndrome, a DME term
// past "Oedematous pancreatitis" that the 40-term list never flagged) imported through the real sider importer;
// the store read and the safety flag must name it. Skips with a message where the shared data is absent.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { seriousSideEffects } from '../../infra/biomed/read/serious-side-effects';
import { safetyFlagsFor } from '../../domain/workspace/safety-flags';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv } from './support/biomed-env';

// STITCH flat id (CID1 + PubChem CID, 8 digits) → the DrugBank id of DrugBank's PubChem mapping.
const DRUGS = [
  { name: 'Allopurinol', stitch: 'CID100002094', pubchem: '2094', drugbank: 'DB00437' },
  { name: 'Lamotrigine', stitch: 'CID100003878', pubchem: '3878', drugbank: 'DB00555' },
  { name: 'Carbamazepine', stitch: 'CID100002554', pubchem: '2554', drugbank: 'DB00564' },
];

/** The lines of a real gzipped SIDER file whose first column is one of the drugs' STITCH ids. */
function sliceGz(file: string): string {
  const ids = new Set(DRUGS.map((d) => d.stitch));
  return zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').filter((line) => ids.has(line.split('\t', 1)[0]!)).join('\n') + '\n';
}

describe('biomed: the whole DME list on real SIDER labels', function () {
  this.timeout(60_000);
  let env: BiomedEnv | undefined;
  let dir: string | undefined;
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('flags Stevens-Johnson syndrome on the labels of allopurinol, lamotrigine and carbamazepine', async function () {
    requireSharedData(this, 'sider4/meddra_all_se.tsv.gz', 'sider4/meddra_freq.tsv.gz', 'drugbank/mapping-pubchem.tsv');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-sider-'));
    const se = path.join(dir, 'meddra_all_se.slice.tsv.gz');
    const freq = path.join(dir, 'meddra_freq.slice.tsv.gz');
    const mapping = path.join(dir, 'mapping-pubchem.slice.tsv');
    fs.writeFileSync(se, zlib.gzipSync(sliceGz(shared('sider4/meddra_all_se.tsv.gz'))));
    fs.writeFileSync(freq, zlib.gzipSync(sliceGz(shared('sider4/meddra_freq.tsv.gz'))));
    const mappingLines = fs.readFileSync(shared('drugbank/mapping-pubchem.tsv'), 'utf8').split(/\r?\n/); // CRLF file
    fs.writeFileSync(mapping, [mappingLines[0], ...DRUGS.map((d) => `${d.drugbank}\t${d.pubchem}`).filter((l) => mappingLines.includes(l))].join('\n') + '\n');
    expect(fs.readFileSync(mapping, 'utf8').trim().split('\n'), 'DrugBank maps the three PubChem ids').to.have.length(4);

    env = await startBiomedEnv();
    const imported = await env.import({ resource: 'sider', files: [se, freq, mapping], allowUnpinned: true });
    expect(imported.outcome).to.equal('imported');
    if (imported.outcome !== 'imported') return;
    const serious = await seriousSideEffects(env.runtime.db.knex);
    for (const drug of DRUGS) {
      const node = `DRUGBANK:${drug.drugbank}`;
      const onLabel = serious.get(node);
      expect(onLabel?.snapshot_id, drug.name).to.equal(imported.snapshot.snapshot_id);
      expect(onLabel!.effects.map((e) => e.name), drug.name).to.include('Stevens-Johnson syndrome');
      const [flag] = safetyFlagsFor(drug.name, node, { designatedMedicalEvents: serious });
      expect(flag, drug.name).to.include({ flag: 'designated_medical_event', source: 'sider' });
      expect(flag!.terms, drug.name).to.include('Stevens-Johnson syndrome');
      expect(flag!.statement).to.contain('EMA/326038/2020, 2020-06-15');
    }
  });
});
