// Issue 30 (upper-case names): a compound only ChEMBL knows was labelled with ChEMBL's upper-case pref_name
// ("ETANERCEPT") in rankings, alerts and entity pages. Etanercept itself joins DrugBank (DB00005, the vocabulary's
// exact common name) whenever the DrugBank vocabulary is imported with ChEMBL; without it, or for a truly
// ChEMBL-only compound, the graph now names the node in the INN case convention and keeps ChEMBL's spelling as a
// synonym and the CHEMBL: id. The convention is checked on the real files against DrugBank's own spelling of
// every name both list (an independent yardstick: DrugBank's curators, not this code).
import { expect } from 'chai';
import { chemblDisplayName } from '../../domain/biomed/chembl-display-name';
import { normalisedDrugName } from '../../domain/biomed/drug-modality';
import { parseChemblNames } from '../../infra/biomed/parsers/chembl';
import { parseDrugbankVocabulary } from '../../infra/biomed/parsers/drugbank-vocabulary';
import { loadStoreGraph } from '../../infra/kg/load-store-graph';
import { PROJECT_ROOT, requireSharedData, shared, startBiomedEnv, BiomedEnv } from './support/biomed-env';
import path from 'node:path';

const NAMES = 'chembl/chembl36-approved-drugs.csv';
const VOCABULARY = 'drugbank/drugbank_vocabulary.csv';
const seed = (rel: string) => path.join(PROJECT_ROOT, 'fixtures/seed', rel);
const CHEMBL_SEED = ['chembl/mechanisms.seed.csv', 'chembl/targets.seed.csv', 'chembl/indications.seed.csv', 'chembl/chembl36-approved-drugs.seed.csv',
  'chembl/chembl36-approved-drug-targets.seed.csv', 'chembl/unichem-chembl-drugbank.seed.txt', 'mondo/mondo_exactmatch_efo.seed.sssom.tsv'].map(seed);
const noSkip = () => undefined;

describe('biomed: display names of compounds only ChEMBL knows (issue 30)', function () {
  this.timeout(180_000);

  it('writes ChEMBL\'s upper-case names as DrugBank spells the same names (real files), etanercept included', async function () {
    requireSharedData(this, NAMES, VOCABULARY);
    const drugbank = new Map<string, string[]>();
    for await (const row of parseDrugbankVocabulary(shared(VOCABULARY), noSkip)) {
      const key = normalisedDrugName(row.name);
      drugbank.set(key, [...(drugbank.get(key) ?? []), row.name]);
    }
    let both = 0;
    let same = 0;
    let etanercept: [string, string] | undefined;
    for await (const row of parseChemblNames(shared(NAMES), noSkip)) {
      const spelled = drugbank.get(normalisedDrugName(row.name));
      if (!spelled || spelled.length !== 1) continue;
      both++;
      if (chemblDisplayName(row.name) === spelled[0]) same++;
      if (row.moleculeId === 'CHEMBL1201572') etanercept = [chemblDisplayName(row.name), spelled[0]!];
    }
    console.log(`      ChEMBL names DrugBank also lists: ${both}; written as DrugBank spells them: ${same} (${((100 * same) / both).toFixed(1)} %)`);
    expect(both).to.be.greaterThan(1000);
    // The rest are isotopes and proper nouns ("Krypton Kr 81m", "Von Willebrand factor"): rare, and still readable.
    expect(same / both).to.be.at.least(0.98);
    expect(etanercept, 'ETANERCEPT is in both files').to.not.equal(undefined);
    expect(etanercept![0]).to.equal(etanercept![1]);
    // Names not in ChEMBL's capitals are left as they are.
    expect(chemblDisplayName('Belimumab')).to.equal('Belimumab');
  });

  describe('in the store graph', function () {
    let env: BiomedEnv | undefined;
    after(async () => { await env?.close(); });

    it('names a ChEMBL-only compound in that convention, keeping ChEMBL\'s spelling as a synonym and its CHEMBL: id; with the DrugBank vocabulary it joins DB00005 (failed before: the node was labelled "ETANERCEPT")', async function () {
      env = await startBiomedEnv();
      const alone = await env.import({ resource: 'chembl', files: CHEMBL_SEED });
      expect(alone.outcome).to.equal('imported');
      let { graph } = await loadStoreGraph(env.runtime.db.knex);
      const node = graph.lookup('CHEMBL:CHEMBL1201572');
      expect(node, 'etanercept is a node of its own without the vocabulary').to.not.equal(undefined);
      expect(graph.id(node!)).to.equal('CHEMBL:CHEMBL1201572');
      expect(graph.label(node!)).to.equal('Etanercept');
      expect(graph.synonymsOf(node!)).to.include('ETANERCEPT');

      // With the vocabulary (as the seed imports it) the exact name join puts it on DrugBank's id.
      const joined = await env.import({ resource: 'chembl', files: [...CHEMBL_SEED, seed('drugbank/drugbank_vocabulary.seed.csv')] });
      expect(joined.outcome).to.equal('imported');
      ({ graph } = await loadStoreGraph(env.runtime.db.knex));
      const merged = graph.lookup('CHEMBL:CHEMBL1201572');
      expect(graph.id(merged!)).to.equal('DRUGBANK:DB00005');
    });
  });
});
