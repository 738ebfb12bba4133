// The question matters (issue 14, part 6): three unrelated questions on rheumatoid arthritis, run through
// the real pipeline on the bundled offline corpus, give different evidence and rankings, and the dossier
// records how each question was read and used.
import { expect } from 'chai';
import { runResearchPipeline, type PipelineDeps } from '../../../commands/workspace/research-pipeline';
import type { Dossier, ResearchRequest } from '../../../domain/workspace/dossier-types';
import { dossierJsonSchema } from '../../../domain/workspace/dossier-schema';
import { SOURCE_NAMES } from '../../../domain/workspace/sources';
import { DiseaseRegistry } from '../../../infra/diseases/disease-registry';
import { loadDefaultGraph } from '../../support/curated-graph/load-graph';
import { ALL_ADAPTERS } from '../../../infra/sources/adapters';
import { defaultCorpusDir } from '../../../infra/sources/offline-reader';
import Ajv2020 from 'ajv/dist/2020';

const QUESTIONS = {
  jak: 'Are JAK inhibitors effective in rheumatoid arthritis?',
  tnf: 'What is the safety of anti-TNF therapy in rheumatoid arthritis?',
  bcell: 'What is the role of B cells in rheumatoid arthritis?',
};

const deps: PipelineDeps = {
  adapters: ALL_ADAPTERS,
  sourceOptions: () => ({ mode: 'offline', corpusDir: defaultCorpusDir() }),
  llm: { baseUrl: undefined, apiKey: undefined, model: 'none', timeoutMs: 1000 },
  clock: { now: () => new Date('2024-01-01T00:00:00Z') },
};

async function dossierFor(question: string, diseaseId = 'ra'): Promise<Dossier> {
  const disease = DiseaseRegistry.load().require(diseaseId);
  const request: ResearchRequest = { disease_id: diseaseId, question, sources: [...SOURCE_NAMES], date_from: null, date_to: null, candidate_type: 'both', max_evidence: 50, enable_llm: false };
  const { dossier } = await runResearchPipeline({ runId: 'run-1', request, disease, graph: loadDefaultGraph(), startedAt: new Date('2024-01-01T00:00:00Z') }, deps);
  return dossier;
}

const ids = (d: Dossier, source: string) => d.evidence.filter((e) => e.source === source).map((e) => e.native_id).sort();
const drugRanking = (d: Dossier) => d.drug_rankings.map((r) => `${r.label}:${r.score}`);

describe('the question decides the offline evidence (RA, three questions, real pipeline)', function () {
  this.timeout(60_000);
  const dossiers: Record<keyof typeof QUESTIONS, Dossier> = {} as never;
  before(async function () {
    for (const key of Object.keys(QUESTIONS) as (keyof typeof QUESTIONS)[]) dossiers[key] = await dossierFor(QUESTIONS[key]);
  });

  it('reads each question for its entities and intent', function () {
    const jak = dossiers.jak.question_analysis!;
    expect(jak.entities.map((e) => e.id)).to.include.members(['target:JAK1', 'target:JAK3']);
    expect(jak.intent).to.equal('efficacy');
    const tnf = dossiers.tnf.question_analysis!;
    expect(tnf.entities.map((e) => e.id)).to.include('target:TNF');
    expect(tnf.intent).to.equal('safety');
    const bcell = dossiers.bcell.question_analysis!;
    expect(bcell.entities.map((e) => e.id)).to.include('target:MS4A1');
    expect(bcell.linker).to.equal('exact');
  });

  it('keeps the literature and trials that name the question\'s entities (as the live query would)', function () {
    // By hand from fixtures/corpus/pubmed/ra.xml: the tofacitinib trial (JAK1, JAK3 in its abstract) and the
    // JAK3 expression study name a JAK; only the adalimumab meta-analysis names a TNF blocker; no article names
    // CD20/B cells or a B-cell drug.
    expect(ids(dossiers.jak, 'pubmed')).to.deep.equal(['90002001', '90002007']);
    expect(ids(dossiers.tnf, 'pubmed')).to.deep.equal(['90002003']);
    expect(ids(dossiers.bcell, 'pubmed')).to.deep.equal([]);
    // Trials: tofacitinib and baricitinib act on JAK1 (graph mechanism edges); etanercept on TNF.
    expect(dossiers.jak.evidence.filter((e) => e.source === 'clinical_trials').map((e) => e.title).join(' ')).to.match(/Tofacitinib/).and.match(/Baricitinib/).and.not.match(/Tocilizumab|Abatacept|Denosumab/);
    expect(dossiers.tnf.evidence.filter((e) => e.source === 'clinical_trials').map((e) => e.title).join(' ')).to.match(/Etanercept/).and.not.match(/Tofacitinib/);
  });

  it('gives three different evidence sets and drug rankings', function () {
    const sets = Object.values(dossiers).map((d) => d.evidence.map((e) => e.evidence_id).sort().join(','));
    expect(new Set(sets).size).to.equal(3);
    const rankings = Object.values(dossiers).map((d) => drugRanking(d).join(','));
    expect(new Set(rankings).size).to.equal(3);
    // The TNF question keeps the etanercept tapering trial and not the tofacitinib one: etanercept's score differs.
    const score = (d: Dossier, label: string) => d.drug_rankings.find((r) => r.label === label)?.score;
    expect(score(dossiers.tnf, 'etanercept')).to.not.equal(score(dossiers.jak, 'etanercept'));
    expect(score(dossiers.jak, 'tofacitinib')).to.not.equal(score(dossiers.bcell, 'tofacitinib'));
  });

  it('records how the question was used: boosts, search terms and the offline ranking per source', function () {
    const jak = dossiers.jak;
    expect(jak.question_analysis!.boost_terms).to.include('JAK inhibitor');
    expect(jak.search_terms).to.include('JAK inhibitor');
    expect(jak.question_analysis!.offline_relevance.pubmed).to.deep.equal({ ranked_by: 'bm25', entity_filter: true, kept: 2, of: 7 });
    expect(jak.question_analysis!.offline_relevance.gwas?.entity_filter).to.equal(false);
    expect(jak.schema_version).to.equal('1.6');
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(dossierJsonSchema);
    for (const d of Object.values(dossiers)) expect(validate(d), JSON.stringify(validate.errors ?? null)).to.equal(true);
  });
});

describe('the question decides the offline evidence (SLE, three questions, real pipeline)', function () {
  this.timeout(60_000);
  it('keeps each question\'s own literature and trials, and the efficacy questions\' drugs lead', async function () {
    const ifn = await dossierFor('Is type I interferon blockade effective in SLE?', 'sle');
    const bcell = await dossierFor('What is the safety of B-cell depletion with rituximab in lupus?', 'sle');
    const hcq = await dossierFor('Is hydroxychloroquine retinal toxicity a concern in lupus?', 'sle');
    const literature = (d: Dossier) => d.evidence.filter((e) => e.source === 'pubmed' || e.source === 'clinical_trials').map((e) => e.title).join(' | ');
    // Anifrolumab blocks IFNAR1; belimumab targets BAFF (a B-cell class target) and rituximab CD20; the third names hydroxychloroquine.
    expect(literature(ifn)).to.match(/anifrolumab/i).and.not.match(/belimumab|hydroxychloroquine/i);
    expect(literature(bcell)).to.match(/belimumab|rituximab/i).and.not.match(/anifrolumab|hydroxychloroquine/i);
    expect(literature(hcq)).to.match(/hydroxychloroquine/i).and.not.match(/anifrolumab|belimumab/i);
    expect(ifn.drug_rankings[0]?.label).to.equal('anifrolumab');
    expect(bcell.drug_rankings[0]?.label).to.equal('belimumab');
    const rankings = [ifn, bcell, hcq].map((d) => d.drug_rankings.map((r) => `${r.label}:${r.score}`).join(','));
    expect(new Set(rankings).size).to.equal(3);
  });
});
