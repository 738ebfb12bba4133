// The bundled offline corpus: every adapter in ALL_ADAPTERS parses its real corpus file for the `sle`
// disease (fixtures/corpus/<source>/sle.<ext>) in offline mode, with records and status ok. A source
// whose file is not there yet is skipped with a message.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import { SOURCE_NAMES } from '../../../domain/workspace/sources';
import { ALL_ADAPTERS } from '../../../infra/sources/adapters';
import { runSource } from '../../../infra/sources/source-runner';
import { corpusPath, defaultCorpusDir, findProjectRoot } from '../../../infra/sources/offline-reader';
import { request, testDisease } from './source-adapter.contract';

const DISEASE_FILE = path.join(findProjectRoot(), 'fixtures', 'diseases', 'sle.json');

/** The real sle module when present, else the test module with every source configured. */
function sle(): DiseaseModule {
  if (fs.existsSync(DISEASE_FILE)) return JSON.parse(fs.readFileSync(DISEASE_FILE, 'utf8')) as DiseaseModule;
  const base = testDisease();
  return {
    ...base,
    search: {
      ...base.search,
      opentargets: { efo_id: 'EFO_0002690' },
      gtex: { tissues: ['Whole_Blood', 'Spleen'], genes: ['IRF5', 'STAT4', 'TNFSF13B', 'JAK1'] },
      biorxiv: { keywords: ['systemic lupus erythematosus', 'lupus', 'SLE'] },
      chembl: { target_genes: ['JAK1', 'TNFSF13B', 'IFNAR1'] },
    },
  };
}

describe('offline corpus: every adapter parses its real sle corpus file', function () {
  it('ALL_ADAPTERS has one adapter per source, under its own name', function () {
    expect(Object.keys(ALL_ADAPTERS)).to.have.members([...SOURCE_NAMES]);
    for (const [name, adapter] of Object.entries(ALL_ADAPTERS)) expect(adapter.name).to.equal(name);
  });

  for (const source of SOURCE_NAMES) {
    it(`${source}: fixtures/corpus/${source}/sle.* gives records, status ok, offline`, async function () {
      const adapter = ALL_ADAPTERS[source];
      const file = corpusPath(adapter, 'sle');
      if (!fs.existsSync(file)) {
        console.warn(`      skipped: no corpus file ${path.relative(findProjectRoot(), file)}`);
        this.skip();
      }
      const disease = sle();
      if (!adapter.isConfigured(disease)) {
        console.warn(`      skipped: the sle disease module has no ${source} search configuration`);
        this.skip();
      }
      const { records, status } = await runSource(adapter, request(disease, 'What is the evidence for JAK inhibition in SLE?', { limit: 1000 }), {
        mode: 'offline',
        corpusDir: defaultCorpusDir(),
      });
      expect(status, status.warning ?? '').to.include({ source, status: 'ok', retrieval_mode: 'offline', warning: null });
      expect(records.length).to.be.at.least(1);
      expect(status.record_count).to.equal(records.length);
      for (const record of records) {
        expect(record.source).to.equal(source);
        expect(record.nativeId).to.be.a('string').and.not.equal('');
        expect(record.url).to.match(/^https:\/\//);
        expect(record.title).to.be.a('string').and.not.equal('');
      }
    });
  }
});
