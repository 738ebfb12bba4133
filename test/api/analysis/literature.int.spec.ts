// The literature module through a real server on the seed slice with the bundled offline PubMed corpus
// (EVIDENCE_SOURCE_MODE=offline): the GET route (envelope, synthetic marking, co-mentions checked against
// the corpus XML read here with plain regular expressions, background methotrexate not counted, targeted
// checked against the seed DrugCentral/BindingDB files), 404, 422, determinism, the job under its legacy
// alias with an HTML report, and the module catalog.
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';
import { createScratchDatabase, PROJECT_ROOT, ScratchDatabase } from '../../biomed/support/biomed-env';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SEED = path.join(PROJECT_ROOT, 'fixtures', 'seed');
/** ChEMBL's mechanism targets in the seed (UniProt accessions), read as genes through the seed's HGNC rows. */
function chemblTargetGenes(): string[] {
  const csv = (rel: string) => fs.readFileSync(path.join(SEED, rel), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
  // Names and mechanism texts may hold quoted commas: read the id columns from the ends they sit at.
  const targetUniprot = new Map(csv('chembl/targets.seed.csv').map((c) => [c[0]!, c[c.length - 2]!]));
  const uniprots = new Set([
    ...csv('chembl/mechanisms.seed.csv').map((c) => targetUniprot.get(c[c.length - 1]!)).filter((u): u is string => !!u),
    ...csv('chembl/chembl36-approved-drug-targets.seed.csv').map((c) => c[1]!),
  ]);
  const hgnc = zlib.gunzipSync(fs.readFileSync(path.join(SEED, 'hgnc/hgnc_complete_set.seed.txt.gz'))).toString('utf8').trim().split('\n').map((l) => l.split('\t'));
  const entrez = hgnc[0]!.indexOf('entrez_id');
  const uniprot = hgnc[0]!.indexOf('uniprot_ids');
  return hgnc.slice(1).filter((c) => c[entrez] && (c[uniprot] ?? '').split('|').some((u) => uniprots.has(u))).map((c) => `NCBIGene:${c[entrez]}`);
}
const rows = (rel: string) => fs.readFileSync(path.join(SEED, rel), 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).map((l) => l.split('\t'));

/** The RA corpus articles: PMID -> title + abstract text and year, by regular expressions over the XML. */
function raArticles(): Map<string, { text: string; year: number }> {
  const xml = fs.readFileSync(path.join(PROJECT_ROOT, 'fixtures', 'corpus', 'pubmed', 'ra.xml'), 'utf8');
  const out = new Map<string, { text: string; year: number }>();
  for (const a of xml.match(/<PubmedArticle>[\s\S]*?<\/PubmedArticle>/g) ?? []) {
    const pmid = /<PMID[^>]*>(\d+)</.exec(a)![1]!;
    const title = /<ArticleTitle>([\s\S]*?)<\/ArticleTitle>/.exec(a)?.[1] ?? '';
    const abstract = [...a.matchAll(/<AbstractText[^>]*>([\s\S]*?)<\/AbstractText>/g)].map((m) => m[1]).join(' ');
    const year = Number(/<PubDate>\s*<Year>(\d{4})/.exec(a)?.[1] ?? /<Year>(\d{4})<\/Year>/.exec(a)![1]);
    out.set(pmid, { text: `${title} ${abstract}`, year });
  }
  return out;
}

describe('analysis: literature mining (GET /api/literature, job literature-mining / literature)', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  const get = async (url: string) => { const r = await fetch(`${server.baseUrl}${url}`); return { status: r.status, body: await r.json() as Json }; };
  const corpus = raArticles();
  const pmidsWith = (pattern: RegExp) => [...corpus].filter(([, a]) => pattern.test(a.text)).map(([pmid]) => pmid).sort();

  async function runJob(name: string, query: string): Promise<Json> {
    const submitted = await fetch(`${server.baseUrl}/api/jobs/${name}?${query}`, { method: 'POST' });
    expect(submitted.status).to.equal(202);
    const { job_id, module } = await submitted.json() as Json;
    expect(module).to.equal('literature-mining');
    let last: Json = {};
    await eventually(async () => {
      last = await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`)).json() as Json;
      return ['SUCCESS', 'FAILURE'].includes(last.status);
    }, `job ${job_id} finishes`, 60_000);
    expect(last.status, JSON.stringify(last.error ?? null)).to.equal('SUCCESS');
    return last.result as Json;
  }

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true', EVIDENCE_SOURCE_MODE: 'offline' } });
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  it('answers with the envelope and marks every offline-corpus record synthetic, without a PubMed link', async () => {
    const { status, body } = await get('/api/literature?disease_id=ra&max_articles=100');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.include({ module: 'literature-mining', seed: null });
    expect(body.disease).to.deep.equal({ curie: 'MONDO:0008383', label: 'rheumatoid arthritis', module_id: 'ra' });
    expect(body.parameters).to.deep.equal({ disease_id: 'ra', max_articles: 100, targeted: false, no_cache: false });
    expect(body.method).to.match(/Jenssen/);
    expect(body.disclaimer).to.match(/Research use only/);
    expect(body.source).to.include({ name: 'pubmed', retrieval_mode: 'offline' });
    // Every article of the corpus file is read, and every one is a synthetic example.
    expect(body.articles.map((a: Json) => a.pmid).sort()).to.deep.equal([...corpus.keys()].sort());
    expect(body.source.synthetic_records).to.equal(corpus.size);
    for (const a of body.articles) expect(a).to.include({ synthetic: true, url: null });
    for (const row of [...body.genes, ...body.drugs]) for (const p of row.pmids) expect(p.synthetic).to.equal(true);
    expect(body.note).to.match(/synthetic examples/);
  });

  it('counts co-mentions as a reader of the corpus would: genes by symbol, drugs by name, background methotrexate left out', async () => {
    const { body } = await get('/api/literature?disease_id=ra');
    const row = (list: Json[], label: string): Json => list.find((r) => r.label.toLowerCase() === label.toLowerCase()) as Json;
    // Every corpus article names rheumatoid arthritis.
    expect(body.counts.articles_naming_disease).to.equal([...corpus.values()].filter((a) => /rheumatoid arthritis/i.test(a.text)).length);
    const ptpn22 = row(body.genes, 'PTPN22');
    const ptpn22Id = rows('ncbi-gene/Homo_sapiens.seed.gene_info').find((c) => c[2] === 'PTPN22')![1];
    expect(ptpn22.id).to.equal(`NCBIGene:${ptpn22Id}`);
    expect(ptpn22.pmids.map((p: Json) => p.pmid).sort()).to.deep.equal(pmidsWith(/\bPTPN22\b/));
    expect(row(body.drugs, 'tofacitinib').pmids.map((p: Json) => p.pmid).sort()).to.deep.equal(pmidsWith(/\btofacitinib\b/i));
    // Methotrexate appears in three trials only as "an inadequate response to methotrexate" (prior therapy).
    const mtxArticles = pmidsWith(/\bmethotrexate\b/i);
    expect(mtxArticles).to.include.members(['90002001', '90002002', '90002004']);
    const mtx = row(body.drugs, 'methotrexate');
    const counted = mtx ? mtx.pmids.map((p: Json) => p.pmid) : [];
    expect(counted).to.not.include.members(['90002001']);
    expect(counted.filter((p: string) => ['90002001', '90002002', '90002004'].includes(p))).to.deep.equal([]);
    const tofacitinibTrial = body.articles.find((a: Json) => a.pmid === '90002001');
    // The name is the store graph's label (DrugBank's "Methotrexate"; the curated graph wrote it in lower case).
    expect(tofacitinibTrial.not_studied.map((n: Json) => ({ name: n.name.toLowerCase(), role: n.role }))).to.deep.include({ name: 'methotrexate', role: 'background' });
    for (const gene of body.genes) for (const p of gene.pmids) expect(corpus.has(p.pmid)).to.equal(true);
    // Per year and per outcome class add up to the articles naming the disease; the years are the XML's.
    const perYear = body.per_year.reduce((n: number, y: Json) => n + y.articles, 0);
    expect(perYear).to.equal(body.counts.articles_naming_disease);
    const byYear = new Map<number, number>();
    for (const a of corpus.values()) byYear.set(a.year, (byYear.get(a.year) ?? 0) + 1);
    expect(Object.fromEntries(body.per_year.map((y: Json) => [y.year, y.articles]))).to.deep.equal(Object.fromEntries(byYear));
    expect(Object.values(body.outcome_classes as Record<string, number>).reduce((a, b) => a + b, 0)).to.equal(body.counts.articles_naming_disease);
  });

  it('with targeted keeps exactly the SLE genes a seed compound targets (DrugCentral, ChEMBL mechanisms) or binds at ≤ 1 µM (BindingDB)', async () => {
    // SLE: the corpus names HMGCR (a statin target in the seed) among genes no seed compound targets.
    const plain = (await get('/api/literature?disease_id=sle')).body;
    const { status, body } = await get('/api/literature?disease_id=sle&targeted=true');
    expect(status).to.equal(200);
    const targets = new Set([
      ...rows('drugcentral/targets.seed.tsv').slice(1).map((c) => `NCBIGene:${c[0]}`),
      ...rows('bindingdb/bindings-drugbank-gene.seed.tsv').slice(1).filter((c) => Number(c[2]) <= 1000).map((c) => `NCBIGene:${c[1]}`),
      ...chemblTargetGenes(),
    ]);
    const expected = plain.genes.filter((g: Json) => g.id !== null && targets.has(g.id)).map((g: Json) => g.id).sort();
    expect(expected.length).to.be.within(1, plain.genes.length - 1);
    expect(body.genes.map((g: Json) => g.id).sort()).to.deep.equal(expected);
    expect(body.counts.genes_left_out_untargeted).to.equal(plain.genes.length - expected.length);
    expect(body.drugs).to.deep.equal(plain.drugs);
  });

  it('accepts a disease CURIE, answers 404 for unknown diseases and 422 for bad parameters', async () => {
    const byCurie = await get('/api/literature?disease_id=DOID:7148&max_articles=5');
    expect(byCurie.status).to.equal(200);
    expect(byCurie.body.disease.module_id).to.equal('ra');
    expect(byCurie.body.articles).to.have.length(5);
    expect((await get('/api/literature?disease_id=no_such_disease')).status).to.equal(404);
    expect((await get('/api/literature?disease_id=MONDO:9999999')).status).to.equal(404);
    for (const bad of ['max_articles=0', 'max_articles=501', 'max_articles=1e400', 'max_articles=abc', 'targeted=perhaps', 'colour=blue', 'disease_id=%00', 'disease_id=%ED%A0%80']) {
      const { status, body } = await get(`/api/literature?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('gives byte-identical JSON for the same request', async () => {
    const a = await fetch(`${server.baseUrl}/api/literature?disease_id=sle&no_cache=true`);
    const b = await fetch(`${server.baseUrl}/api/literature?disease_id=sle&no_cache=true`);
    expect(await a.text()).to.equal(await b.text());
  });

  it('runs as a job under its legacy alias with the GET route\'s result, and writes an HTML report with synthetic badges', async () => {
    const sync = (await get('/api/literature?disease_id=sle&max_articles=20')).body;
    expect(await runJob('literature', 'disease_id=sle&max_articles=20')).to.deep.equal(sync);
    const withReport = await runJob('literature-mining', 'disease_id=sle&max_articles=20&export_html=true');
    const html = fs.readFileSync(withReport.report_path, 'utf8');
    expect(html).to.include('Literature mining: systemic lupus erythematosus');
    expect(html).to.include('Research use only');
    expect(html).to.include('[synthetic example]');
    expect(html).to.not.match(/href="https:\/\/pubmed/);
  });

  it('is in the module catalog with its legacy alias', async () => {
    const { body } = await get('/api/system/modules');
    const entry = (body.modules as Json[]).find((m) => m.id === 'literature-mining');
    expect(entry).to.not.equal(undefined);
    expect(entry!.aliases).to.deep.equal(['literature']);
  });
});

describe('analysis: literature mining when PubMed cannot be read (409)', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  let emptyCorpus: string;

  before(async () => {
    emptyCorpus = fs.mkdtempSync(path.join(os.tmpdir(), 'empty-corpus-'));
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true', EVIDENCE_SOURCE_MODE: 'offline', EVIDENCE_CORPUS_DIR: emptyCorpus } });
  });
  after(async () => { await server?.close(); await scratch?.drop(); fs.rmSync(emptyCorpus, { recursive: true, force: true }); });

  it('answers 409 ModuleNotAvailableError on the route and fails the job with the same reason, never an empty result', async () => {
    const r = await fetch(`${server.baseUrl}/api/literature?disease_id=sle`);
    const body = await r.json() as Json;
    expect(r.status).to.equal(409);
    expect(body.error_type).to.equal('ModuleNotAvailableError');
    expect(body.detail).to.match(/PubMed could not be read/);
    const submitted = await (await fetch(`${server.baseUrl}/api/jobs/literature?disease_id=sle`, { method: 'POST' })).json() as Json;
    let last: Json = {};
    await eventually(async () => {
      last = await (await fetch(`${server.baseUrl}/api/jobs/${submitted.job_id}`)).json() as Json;
      return ['SUCCESS', 'FAILURE'].includes(last.status);
    }, 'job finishes', 60_000);
    expect(last.status).to.equal('FAILURE');
    expect(JSON.stringify(last.error)).to.match(/PubMed could not be read/);
  });
});
