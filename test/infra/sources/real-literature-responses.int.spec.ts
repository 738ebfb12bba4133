// The literature, trial and label parsers on real recorded answers and bulk files of ../shared/data
// (responses/, literature/). Every expected value below was read by hand from the file named in the test
// (grep / a text editor), never from the parser's output. Skips with a message where the data is absent.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { parsePubmedXml } from '../../../infra/sources/adapters/pubmed';
import { parseStudyDocument } from '../../../infra/sources/adapters/clinical_trials';
import { parseLabels } from '../../../infra/sources/adapters/fda_labels';
import { parsePmcEfetch } from '../../../infra/literature/parsers/pmc-efetch';
import { parsePmcAbst, pmcArticleRecord } from '../../../infra/literature/parsers/pmc-abst';
import { parsePubmedQa } from '../../../infra/literature/parsers/pubmedqa';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { requireSharedData, shared } from '../../biomed/support/biomed-env';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';

const t2d = JSON.parse(fs.readFileSync(`${__dirname}/../../../../fixtures/diseases/t2d.json`, 'utf8')) as DiseaseModule;
const read = (rel: string) => fs.readFileSync(shared(rel), 'utf8');
const byId = (records: SourceRecord[], id: string) => {
  const found = records.find((r) => r.nativeId === id);
  if (!found) throw new Error(`record ${id} not parsed`);
  return found;
};

describe('literature parsers on real NLM files (MEDLINE 2016 baseline, efetch 2019 and 2025, PMC)', function () {
  let baseline: ReturnType<typeof parsePubmedXml>;
  before(function () {
    requireSharedData(this, 'literature/medline/medline16n0902_sample.xml.gz', 'literature/medline/pubmed-29768149.xml', 'responses/pubmed/efetch_citation_22663011.xml');
    baseline = parsePubmedXml(zlib.gunzipSync(fs.readFileSync(shared('literature/medline/medline16n0902_sample.xml.gz'))).toString('utf8'));
  });

  it('reads every citation of a MedlineCitationSet baseline file (DTD 2016), which the efetch-only parser refused', () => {
    expect(baseline.records).to.have.length(604); // grep -c '<MedlineCitation ' = 604
    const first = byId(baseline.records, '17942999');
    expect(first.title).to.equal('Neuroplasticity in the processing of pitch dimensions: a multidimensional scaling analysis of the mismatch negativity.');
    expect(first.attributes.journal).to.equal('Restorative neurology and neuroscience');
    expect(first.published).to.equal('2007-01-01'); // <PubDate><Year>2007</Year></PubDate>
    expect(first.text.startsWith('PURPOSE: An auditory electrophysiological study')).to.equal(true);
    expect(first.url).to.equal('https://pubmed.ncbi.nlm.nih.gov/17942999/');
  });

  it('dates a citation with a month and no day, and one with only a MedlineDate range', () => {
    expect(byId(baseline.records, '19302341').published).to.equal('2009-06-01'); // <Year>2009</Year><Month>Jun</Month>
    expect(byId(baseline.records, '18621939').published).to.equal('2008-07-01'); // <MedlineDate>2008 Jul-Aug</MedlineDate>
    expect(byId(baseline.records, '19602546').attributes.meshTerms?.[0]).to.equal('Aged'); // first MeshHeading
  });

  it('dates a season (PubDate Season, and a MedlineDate season) by the first month it covers', () => {
    const xml = (pubDate: string) => `<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID Version="1">1</PMID><Article><Journal><JournalIssue><PubDate>${pubDate}</PubDate></JournalIssue></Journal><ArticleTitle>t</ArticleTitle></Article></MedlineCitation></PubmedArticle></PubmedArticleSet>`;
    expect(parsePubmedXml(xml('<Year>2000</Year><Season>Spring</Season>')).records[0]!.published).to.equal('2000-03-01');
    expect(parsePubmedXml(xml('<Year>2001</Year><Season>Winter</Season>')).records[0]!.published).to.equal('2001-12-01');
    expect(parsePubmedXml(xml('<MedlineDate>1998 Fall</MedlineDate>')).records[0]!.published).to.equal('1998-09-01');
    expect(parsePubmedXml(xml('<MedlineDate>1998 Dec-1999 Jan</MedlineDate>')).records[0]!.published).to.equal('1998-12-01');
  });

  it('honours an update file\'s DeleteCitation block', () => {
    const update = '<PubmedArticleSet><DeleteCitation><PMID Version="1">111</PMID><PMID Version="1">222</PMID></DeleteCitation></PubmedArticleSet>';
    expect(parsePubmedXml(update)).to.deep.equal({ records: [], deleted: ['111', '222'] });
  });

  it('reads efetch PubmedArticleSet answers of DTD 2019 and DTD 2025', () => {
    const nejm2018 = parsePubmedXml(read('literature/medline/pubmed-29768149.xml')).records;
    expect(nejm2018).to.have.length(1);
    expect(nejm2018[0]!.title).to.equal('Inhaled Combined Budesonide-Formoterol as Needed in Mild Asthma.');
    expect(nejm2018[0]!.published).to.equal('2018-05-17');
    expect(nejm2018[0]!.attributes.doi).to.equal('10.1056/nejmoa1715274');
    expect(nejm2018[0]!.attributes.journal).to.equal('The New England journal of medicine');
    const melanoma = parsePubmedXml(read('responses/pubmed/efetch_citation_22663011.xml')).records;
    expect(melanoma[0]!.nativeId).to.equal('22663011');
    expect(melanoma[0]!.title).to.equal('Improved survival with MEK inhibition in BRAF-mutated melanoma.');
    expect(melanoma[0]!.published).to.equal('2012-07-12');
    expect(melanoma[0]!.attributes.publicationTypes).to.include('Randomized Controlled Trial');
    expect(melanoma[0]!.attributes.meshTerms?.slice(0, 3)).to.deep.equal(['Adult', 'Aged', 'Aged, 80 and over']);
    expect((melanoma[0]!.fullText ?? melanoma[0]!.text).split(/ (?=[A-Z]+: )/).map((s) => s.split(':')[0])).to.deep.equal(['BACKGROUND', 'METHODS', 'RESULTS', 'CONCLUSIONS']);
  });

  it('reads PMC efetch articles: ids, title, abstract and body sections, journal, date', function () {
    requireSharedData(this, 'responses/ncbi-pmc/pmc3040717.xml');
    const [brca] = parsePmcEfetch(read('responses/ncbi-pmc/pmc3040717.xml'));
    expect(brca!.pmcid).to.equal('PMC3040717');
    expect(brca!.pmid).to.equal('20516115');
    expect(brca!.doi).to.equal('10.1158/0008-5472.can-09-4563');
    expect(brca!.title).to.equal('Comprehensive Analysis of Missense Variations in the BRCT Domain of BRCA1 by Structural and Functional Assays');
    expect(brca!.journal).to.equal('Cancer research');
    expect(brca!.published).to.equal('2010-06-01'); // <pub-date pub-type="epub"><day>1</day><month>6</month><year>2010</year>
    expect(brca!.abstract[0]!.text.startsWith('Genetic screening of the breast and ovarian cancer susceptibility gene BRCA1')).to.equal(true);
    expect(brca!.body.map((s) => s.label)).to.include.members(['Introduction', 'Materials and Methods.Proteolysis assays', 'Discussion']);
  });

  it('reads a PMC .abst article of Evidence Inference: title, labelled abstract, body, linked to PMC', function () {
    requireSharedData(this, 'literature/pmc-rct-abstracts/PMC2954378.abst', 'literature/pmc-rct-abstracts/PMC101395.abst');
    const copd = parsePmcAbst('PMC2954378', read('literature/pmc-rct-abstracts/PMC2954378.abst'));
    expect(copd.title).to.equal('Evaluation of a novel method to assess corticosteroid responsiveness in chronic obstructive pulmonary disease');
    expect(copd.abstract.map((s) => s.label).slice(0, 3)).to.deep.equal(['BACKGROUND', 'METHODS', 'RESULTS']);
    expect(copd.body.length).to.be.greaterThan(0);
    const record = pmcArticleRecord(copd);
    expect(record.url).to.equal('https://pmc.ncbi.nlm.nih.gov/articles/PMC2954378/');
    expect(record.text.startsWith('BACKGROUND: Some patients with chronic obstructive pulmonary disease (COPD) may benefit')).to.equal(true);
    // the other header form: "TITLE: " and "ABSTRACT.BACKGROUND:"
    expect(parsePmcAbst('PMC101395', read('literature/pmc-rct-abstracts/PMC101395.abst')).title).to.equal('Diclofenac does not interact with codeine metabolism in vivo: A study in healthy volunteers');
  });

  it('reads PubMedQA entries as PubMed records (PMID, question as title, labelled contexts, MeSH, year)', function () {
    requireSharedData(this, 'literature/pubmedqa/ori_pqal.json');
    const records = parsePubmedQa(read('literature/pubmedqa/ori_pqal.json'));
    expect(records).to.have.length(1000);
    const vaccines = byId(records, '1571683');
    expect(vaccines.title).to.equal('Storage of vaccines in the community: weak link in the cold chain?');
    expect(vaccines.published).to.equal('1992-01-01');
    expect(vaccines.text.startsWith('OBJECTIVE: To assess quality of storage of vaccines in the community. DESIGN: Questionnaire survey')).to.equal(true);
    expect(vaccines.attributes.meshTerms).to.include('Refrigeration');
  });
});

describe('ClinicalTrials.gov v2 studies with results sections, real (AACT spec fixtures)', function () {
  before(function () {
    requireSharedData(this, ...['NCT00763412', 'NCT02210780', 'NCT02552212', 'NCT05594173'].map((n) => `responses/clinicaltrials/${n}.json`));
  });
  const study = (nct: string) => {
    const records = parseStudyDocument(JSON.parse(read(`responses/clinicaltrials/${nct}.json`)));
    expect(records).to.have.length(1);
    return records[0]!;
  };

  it('NCT02552212: both primary analyses with p-value, odds ratio, 95% CI, method and the arms compared', () => {
    const trial = study('NCT02552212');
    expect(trial.url).to.equal('https://clinicaltrials.gov/study/NCT02552212');
    const [asdas, asas40] = trial.attributes.primaryAnalyses!;
    expect(asdas).to.deep.include({ pValue: '<0.001', paramType: 'Odds Ratio (OR)', paramValue: 15.231, ciLower: 7.336, ciUpper: 31.623, ciPct: 95, statisticalMethod: 'Regression, Logistic' });
    expect(asdas!.groups).to.deep.equal(['Placebo (FAS)', 'CZP 200 mg Q2W (FAS)']);
    expect(asdas!.outcome.startsWith('Percentage of Subjects With Ankylosing Spondylitis Disease Activity Score Major Improvement')).to.equal(true);
    expect(asas40).to.deep.include({ pValue: '<0.001', paramValue: 7.436, ciLower: 4.127, ciUpper: 13.401 });
    expect(trial.attributes.primaryAnalyses).to.have.length(2); // the nine concentration outcomes have no analyses
  });

  it('NCT02552212: adverse events by arm as posted', () => {
    expect(study('NCT02552212').attributes.adverseEventsByArm!.slice(0, 2)).to.deep.equal([
      { arm: 'Placebo (SS)', seriousAffected: 4, seriousAtRisk: 158, otherAffected: 59, otherAtRisk: 158, deathsAffected: 0, deathsAtRisk: 158 },
      { arm: 'CZP 200 mg Q2W (SS)', seriousAffected: 8, seriousAtRisk: 159, otherAffected: 75, otherAtRisk: 159, deathsAffected: 0, deathsAtRisk: 159 },
    ]);
  });

  it('the three results sections without a primary analysis give none, and keep their arms\' adverse events', () => {
    for (const [nct, arms] of [['NCT00763412', ['Placebo', 'Repaglinide']], ['NCT02210780', ['Placebo qw', 'Dupilumab 300 mg qw']], ['NCT05594173', ['Healthy Participants']]] as const) {
      const trial = study(nct);
      expect(trial.attributes.primaryAnalyses, nct).to.equal(undefined);
      expect(trial.attributes.hasResults, nct).to.equal(true);
      expect(trial.attributes.adverseEventsByArm!.map((a) => a.arm), nct).to.deep.equal(arms);
    }
    expect(study('NCT02210780').attributes.adverseEventsByArm![1]).to.deep.include({ seriousAffected: 3, seriousAtRisk: 97 });
  });
});

describe('openFDA labels, real (/drug/label.json answers)', function () {
  before(function () {
    requireSharedData(this, 'responses/openfda/ambien.json');
  });

  it('a label without its openfda block still yields its drug (it yielded none)', () => {
    const answer = JSON.parse(read('responses/openfda/ambien.json')) as { results: Record<string, unknown>[] };
    const { openfda: _dropped, ...bare } = answer.results[0]!;
    const [label] = parseLabels({ results: [bare] }, t2d);
    expect(label!.nativeId).to.equal('02b5e3bb-c976-40a3-9077-64ffe637429f');
    // spl_product_data_elements: "AMBIEN ZOLPIDEM TARTRATE ZOLPIDEM TARTRATE ZOLPIDEM HYPROMELLOSES ..."
    expect(label!.structured.drugs).to.deep.equal(['ZOLPIDEM TARTRATE']);
    expect(label!.published).to.equal('2012-09-18');
  });

  it('the four full labels name their generic drug with or without the block', () => {
    for (const [file, drug] of [['aspirin', 'ASPIRIN'], ['sudafed', 'PHENYLEPHRINE HYDROCHLORIDE'], ['vyvanse', 'LISDEXAMFETAMINE DIMESYLATE'], ['ambien', 'ZOLPIDEM TARTRATE']]) {
      const answer = JSON.parse(read(`responses/openfda/${file}.json`)) as { results: Record<string, unknown>[] };
      const { openfda: _dropped, ...bare } = answer.results[0]!;
      expect(parseLabels(answer, t2d)[0]!.structured.drugs, file).to.deep.equal([drug]);
      expect(parseLabels({ results: [bare] }, t2d)[0]!.structured.drugs, `${file} without openfda`).to.deep.equal([drug]);
    }
  });
});
