// The literature store importers (pubmed, pmc, clinical_trials, openfda_labels, faers) on the real files of
// ../shared/data. Expected counts are read from the files here with plain regexes and JSON.parse, never
// through the importers' parsers; the NEJM article's fields were read by hand from pubmed-29768149.xml.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv } from './support/biomed-env';

const BASELINE = 'literature/medline/medline16n0902_sample.xml.gz';
const EFETCH = 'literature/medline/pubmed-29768149.xml';
const PUBMEDQA = 'literature/pubmedqa/ori_pqal.json';
const PMC_DIR = 'literature/pmc-rct-abstracts';
const TRIALS = 'responses/clinicaltrials';
const LABELS = ['ambien', 'aspirin', 'sudafed', 'vyvanse'].map((n) => `responses/openfda/${n}.json`);
const EVENTS = ['event-50242-051-death.json', 'event-65862-659-seriousnesscongenitalanomali.json', 'event-results-limit100.json'].map((n) => `responses/openfda/${n}`);

/** PMIDs of the baseline's citations: the first PMID inside each <MedlineCitation ...> element. */
function baselinePmids(xml: string): string[] {
  return [...xml.matchAll(/<MedlineCitation [^>]*>\s*<PMID[^>]*>(\d+)<\/PMID>/g)].map((m) => m[1]!);
}

/** Whether a BODY… header line is followed by a non-blank line that is not itself a block header. */
function hasBodyText(abst: string): boolean {
  const lines = abst.split(/\r?\n/);
  const first = lines.findIndex((l) => l.startsWith('BODY'));
  return first >= 0 && lines.slice(first + 1).some((l) => l.trim() !== '' && !/^(TITLE|ABSTRACT|BODY)\b/.test(l));
}

describe('biomed: literature store importers on the real files', function () {
  this.timeout(240_000);
  let env: BiomedEnv;
  let baselineXml: string;

  before(async function () {
    requireSharedData(this, BASELINE, EFETCH, PUBMEDQA, PMC_DIR, TRIALS, ...LABELS, ...EVENTS);
    baselineXml = zlib.gunzipSync(fs.readFileSync(shared(BASELINE))).toString('utf8');
    env = await startBiomedEnv();
  });
  after(async () => { await env?.close(); });

  const rows = (snapshotId: string, where = 'true') => env.count('biomed.literature_records', `snapshot_id = '${snapshotId}' and ${where}`);
  const row = async (snapshotId: string, id: string) => (await env.runtime.db.knex('biomed.literature_records').where({ snapshot_id: snapshotId, record_id: id }).first()) as Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any

  it('pubmed: one row per citation of the MEDLINE baseline, the efetch article and PubMedQA, fields kept; the same files again import nothing', async () => {
    const pmids = baselinePmids(baselineXml);
    expect(pmids).to.have.length(604); // <MedlineCitation Owner=... Status=...> elements counted in the file
    const pubmedqa = Object.keys(JSON.parse(fs.readFileSync(shared(PUBMEDQA), 'utf8')) as Record<string, unknown>);
    expect(pubmedqa).to.have.length(1000);
    const distinct = new Set([...pmids, '29768149', ...pubmedqa]);
    const files = [shared(BASELINE), shared(EFETCH), shared(PUBMEDQA)];
    const result = await env.import({ resource: 'pubmed', files });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    const id = result.snapshot.snapshot_id;
    expect(result.report.forced).to.equal(false); // all three files are pinned
    expect(result.snapshot.counts).to.include({ records: distinct.size, citations: 605, pubmedqa_entries: 1000 });
    expect(await rows(id)).to.equal(distinct.size);

    const nejm = await row(id, '29768149');
    expect(nejm!.title).to.equal('Inhaled Combined Budesonide-Formoterol as Needed in Mild Asthma.');
    expect(nejm!.document.url).to.equal('https://pubmed.ncbi.nlm.nih.gov/29768149/');
    expect(nejm!.document.attributes).to.include({ journal: 'The New England journal of medicine', doi: '10.1056/nejmoa1715274' });
    expect(nejm!.document.attributes.meshTerms).to.have.length(23); // 23 <DescriptorName> in the file
    expect(nejm!.document.attributes.meshTerms).to.include('Budesonide');
    expect(nejm!.keywords).to.contain('Formoterol Fumarate');

    const again = await env.import({ resource: 'pubmed', files });
    expect(again.outcome).to.equal('already_imported');
    expect(await rows(id)).to.equal(distinct.size);
  });

  it('pubmed: an update file after the baseline revises one citation and deletes another (NLM update rules)', async () => {
    const pmids = baselinePmids(baselineXml);
    const [revised, deleted] = [pmids[10]!, pmids[20]!];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pubmed-update-'));
    const update = path.join(dir, 'pubmed26n0001.xml');
    fs.writeFileSync(update, `<?xml version="1.0"?>\n<PubmedArticleSet>\n<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">${revised}</PMID>`
      + '<Article><Journal><Title>Revised journal</Title></Journal><ArticleTitle>A revised title.</ArticleTitle></Article></MedlineCitation></PubmedArticle>\n'
      + `<DeleteCitation><PMID Version="1">${deleted}</PMID></DeleteCitation>\n</PubmedArticleSet>\n`);
    try {
      const result = await env.import({ resource: 'pubmed', files: [shared(BASELINE), update], allowUnpinned: true });
      if (result.outcome !== 'imported') throw new Error(result.outcome);
      const id = result.snapshot.snapshot_id;
      expect(result.report.forced).to.equal(true);
      expect(await rows(id)).to.equal(603);
      expect((await row(id, revised))!.title).to.equal('A revised title.');
      expect(await row(id, deleted)).to.equal(undefined);
      expect(result.snapshot.counts).to.include({ deletions: 2 }); // the baseline's own DeleteCitation (a PMID it does not hold) and the update's
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pubmed: a tampered baseline is refused and the active snapshot and its rows are untouched', async () => {
    const active = await env.import({ resource: 'pubmed', files: [shared(EFETCH)] });
    const activeId = active.snapshot.snapshot_id;
    const before = await env.count('biomed.literature_records');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pubmed-tamper-'));
    const tampered = path.join(dir, 'pubmed-29768149.xml');
    fs.writeFileSync(tampered, fs.readFileSync(shared(EFETCH), 'utf8').replace('Mild Asthma', 'Severe Asthma'));
    try {
      let refused: unknown;
      try { await env.import({ resource: 'pubmed', files: [tampered] }); } catch (error) { refused = error; }
      expect(refused).to.be.instanceOf(ImportRefusedError);
      expect((refused as ImportRefusedError).code).to.equal('unpinned');
      const { rows: snapshots } = await env.runtime.db.knex.raw(`select snapshot_id from biomed.snapshots where resource = 'pubmed' and active`);
      expect(snapshots.map((s: { snapshot_id: string }) => s.snapshot_id)).to.deep.equal([activeId]);
      expect(await env.count('biomed.literature_records')).to.equal(before);
      expect((await row(activeId, '29768149'))!.title).to.contain('Mild Asthma');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pmc: the 3,285 Evidence Inference articles, those with body text counted (2,331: three of the 2,334 BODY headers hold no text)', async () => {
    const names = fs.readdirSync(shared(PMC_DIR)).filter((n) => /^PMC\d+\.abst$/.test(n));
    expect(names).to.have.length(3285);
    const withBody = names.filter((n) => hasBodyText(fs.readFileSync(path.join(shared(PMC_DIR), n), 'utf8'))).length;
    expect(withBody).to.equal(2331);
    const result = await env.import({ resource: 'pmc', files: names.map((n) => path.join(shared(PMC_DIR), n)), allowUnpinned: true });
    if (result.outcome !== 'imported') throw new Error(result.outcome);
    expect(result.snapshot.counts).to.include({ records: 3285, abst_files: 3285, with_body: withBody });
    const first = await row(result.snapshot.snapshot_id, names[0]!.replace('.abst', ''));
    expect(first!.document.url).to.equal(`https://pmc.ncbi.nlm.nih.gov/articles/${names[0]!.replace('.abst', '')}/`);
  });

  it('clinical_trials: the ten v2 studies, four with results sections, conditions indexed', async () => {
    const names = fs.readdirSync(shared(TRIALS)).filter((n) => /^NCT\d+\.json$/.test(n));
    const withResults = names.filter((n) => /"resultsSection"/.test(fs.readFileSync(path.join(shared(TRIALS), n), 'utf8'))).length;
    expect([names.length, withResults]).to.deep.equal([10, 4]);
    const result = await env.import({ resource: 'clinical_trials', files: names.map((n) => path.join(shared(TRIALS), n)) });
    if (result.outcome !== 'imported') throw new Error(result.outcome);
    expect(result.snapshot.counts).to.include({ records: 10, studies: 10, with_results: 4 });
    const study = JSON.parse(fs.readFileSync(path.join(shared(TRIALS), 'NCT02552212.json'), 'utf8'));
    const stored = await row(result.snapshot.snapshot_id, 'NCT02552212');
    expect(stored!.document.url).to.equal('https://clinicaltrials.gov/study/NCT02552212');
    for (const condition of study.protocolSection.conditionsModule.conditions as string[]) expect(stored!.keywords).to.contain(condition);
  });

  it('openfda_labels and faers: one row per label and per report of the API answers', async () => {
    const results = (rel: string) => { const body = JSON.parse(fs.readFileSync(shared(rel), 'utf8')); return (Array.isArray(body) ? body : body.results) as Record<string, any>[]; }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const labels = await env.import({ resource: 'openfda_labels', files: LABELS.map(shared) });
    if (labels.outcome !== 'imported') throw new Error(labels.outcome);
    expect(labels.snapshot.counts).to.include({ records: LABELS.flatMap(results).length });
    const events = EVENTS.flatMap(results);
    const reports = new Set(events.map((e) => e.safetyreportid as string));
    const faers = await env.import({ resource: 'faers', files: EVENTS.map(shared) });
    if (faers.outcome !== 'imported') throw new Error(faers.outcome);
    expect(faers.snapshot.counts).to.include({ records: reports.size, read: events.length });
    const first = events[0]!;
    const stored = await row(faers.snapshot.snapshot_id, first.safetyreportid);
    expect(stored!.document).to.deep.equal(first); // the report as published, unchanged
    for (const reaction of first.patient.reaction as { reactionmeddrapt: string }[]) expect(stored!.abstract).to.contain(reaction.reactionmeddrapt);
  });
});
