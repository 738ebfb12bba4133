// The offline RA dossier (every source's bundled corpus, the default graph) after exact entity linking:
// the TNFSF11 preprint ("TNFSF11 (TNF superfamily member 11)") no longer links TNF, and methotrexate,
// named only as prior or background therapy in other drugs' trials ("an inadequate response to
// methotrexate"), is not a drug of those trials, so no methotrexate claim cites them.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import { buildDossier } from '../../../domain/workspace/build-dossier';
import type { Dossier } from '../../../domain/workspace/dossier-types';
import { parseResearchRequest } from '../../../domain/workspace/research-request';
import { SOURCE_NAMES } from '../../../domain/workspace/sources';
import { loadDefaultGraph } from '../../support/curated-graph/load-graph';
import { ALL_ADAPTERS } from '../../../infra/sources/adapters';
import { runSource } from '../../../infra/sources/source-runner';
import { defaultCorpusDir, findProjectRoot } from '../../../infra/sources/offline-reader';

const RA = JSON.parse(fs.readFileSync(path.join(findProjectRoot(), 'fixtures', 'diseases', 'ra.json'), 'utf8')) as DiseaseModule;
/** Trials of tofacitinib, tocilizumab and denosumab in methotrexate inadequate responders (fixtures/corpus/pubmed/ra.xml). */
const MTX_IR_TRIALS = ['90002001', '90002002', '90002004'];
const TNFSF11_PREPRINT = '10.1101/2099.12.05.902002';

async function raDossier(): Promise<Dossier> {
  const request = parseResearchRequest({ question: 'Which targets and drugs matter in rheumatoid arthritis?', disease_id: 'ra', max_evidence: 200, sources: [...SOURCE_NAMES] });
  const sourceRuns = await Promise.all(SOURCE_NAMES.map((source) => runSource(ALL_ADAPTERS[source], {
    disease: RA, question: request.question, dateFrom: null, dateTo: null, limit: 200,
  }, { mode: 'offline', corpusDir: defaultCorpusDir() })));
  return buildDossier({
    request, disease: RA, sourceRuns, graph: loadDefaultGraph(), runId: 'run_test', startedAt: '2026-01-01T00:00:00.000Z',
    completedAt: '2026-01-01T00:00:01.000Z', llm: { status: 'disabled', model: null, warnings: [] },
  });
}

describe('entity linking in the offline RA dossier', function () {
  this.timeout(30_000);
  let dossier: Dossier;
  before(async function () {
    dossier = await raDossier();
  });

  it('links TNFSF11, not TNF, from the TNFSF11 preprint', function () {
    const item = dossier.evidence.find((e) => e.native_id === TNFSF11_PREPRINT);
    expect(item, 'the TNFSF11 preprint is in the dossier').to.not.equal(undefined);
    expect(item!.entities.targets).to.include('target:TNFSF11');
    expect(item!.entities.targets).to.not.include('target:TNF');
  });

  it('does not make methotrexate a drug of trials where it is prior or background therapy', function () {
    const trials = dossier.evidence.filter((e) => MTX_IR_TRIALS.includes(e.native_id));
    expect(trials.map((e) => e.native_id).sort()).to.deep.equal(MTX_IR_TRIALS);
    for (const trial of trials) {
      expect(trial.entities.drugs, trial.native_id).to.not.include('drug:methotrexate');
      expect(trial.entities.drugs, trial.native_id).to.have.length.at.least(1);
    }
    const ids = new Set(trials.map((e) => e.evidence_id));
    const mtxClaims = dossier.claims.filter((c) => c.subject.id === 'drug:methotrexate' || c.object.id === 'drug:methotrexate');
    for (const claim of mtxClaims) expect(claim.evidence_ids.filter((id) => ids.has(id)), claim.statement).to.deep.equal([]);
  });
});
