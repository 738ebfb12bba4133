// The GWAS module through a real server on the seed slice (its own scratch database): the GET route's
// loci, lead SNPs, p-values, cases/controls and mapped vs reported genes checked against the seed GWAS
// files read here (the lead rule re-derived from the rows: the strongest high-confidence row of the locus),
// HLA-DRB1 and STAT4 among SLE's genes, 404 / 422, the job under its id and the legacy alias `gwas`, the
// HTML report; then a store without the GWAS Catalog answers 409.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { BiomedEnv, createScratchDatabase, ScratchDatabase, startBiomedEnv } from '../../biomed/support/biomed-env';
import { checkAgainstFiles, expectedLoci, Json, runJob, SEED } from './support/gene-analyses';

describe('analysis: GWAS loci (GET /api/bioinformatics/gwas, job gwas-loci / gwas)', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  const get = async (url: string) => { const r = await fetch(`${server.baseUrl}${url}`); return { status: r.status, body: await r.json() as Json }; };

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true' } });
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  it('lists SLE\'s loci with the lead SNP, p, cases/controls and mapped vs reported genes the seed files give', async () => {
    const { status, body } = await get('/api/bioinformatics/gwas');
    expect(status).to.equal(200);
    expect(body).to.include({ module: 'gwas-loci', seed: null });
    expect(body.disease).to.deep.equal({ curie: 'MONDO:0007915', label: 'systemic lupus erythematosus', module_id: 'sle' });
    expect(body.parameters).to.deep.equal({ disease_id: 'sle', max_studies: 50, no_cache: false });
    expect(body.method).to.match(/GWAS Catalog/);
    expect(body.disclaimer).to.match(/Research use only/);
    expect(body.source.snapshot_id).to.equal(body.snapshots.find((s: Json) => s.resource === 'gwas_catalog').snapshot_id);
    checkAgainstFiles(body, expectedLoci(path.join(SEED, 'gwas-catalog'), 'gene-associations.seed.tsv', 'snp-associations.seed.tsv', 'DOID:9074'));
    // What a researcher looks for first: the MHC (HLA-DRB1) and STAT4, both high confidence.
    const stat4 = (body.genes as Json[]).find((g) => g.symbol === 'STAT4')!;
    const hla = (body.genes as Json[]).find((g) => g.symbol === 'HLA-DRB1')!;
    expect(stat4).to.include({ id: 'NCBIGene:6775', confidence: 'HC', lead_snp: 'rs7574865', evidence: 'mapped and reported' });
    expect(stat4.best_mlog_pvalue).to.be.closeTo(41.30103, 1e-5); // 5e-42, PMID 19838193 (the seed row)
    expect(hla).to.include({ id: 'NCBIGene:3123', confidence: 'HC', evidence: 'reported only' });
    // Strongest first; counts add up.
    for (let i = 1; i < body.loci.length; i++) expect(body.loci[i].mlog_pvalue ?? -1).to.be.at.most(body.loci[i - 1].mlog_pvalue ?? Infinity);
    expect(body.counts.hc_loci + body.counts.lc_loci).to.equal(body.counts.loci);
    expect(body.counts.genes_mapped_and_reported + body.counts.genes_mapped_only + body.counts.genes_reported_only).to.be.at.most(body.counts.genes);
  });

  it('lists the studies behind the loci, at most max_studies, and accepts a CURIE for another disease', async () => {
    const all = (await get('/api/bioinformatics/gwas?max_studies=1000')).body;
    const few = (await get('/api/bioinformatics/gwas?max_studies=2')).body;
    expect(few.studies).to.deep.equal(all.studies.slice(0, 2));
    expect(few.counts.studies).to.equal(all.studies.length);
    // PMID 19838193 (Gateva et al. 2009) leads the STAT4 and HLA-DRB1 loci in the seed rows.
    const gateva = (all.studies as Json[]).find((s) => s.pubmed_id === '19838193')!;
    expect(gateva.lead_of).to.be.at.least(2);
    const ra = await get('/api/bioinformatics/gwas?disease_id=DOID:7148');
    expect(ra.status).to.equal(200);
    expect(ra.body.disease.curie).to.equal('MONDO:0008383');
    checkAgainstFiles(ra.body, expectedLoci(path.join(SEED, 'gwas-catalog'), 'gene-associations.seed.tsv', 'snp-associations.seed.tsv', 'DOID:7148'));
  });

  it('answers 404 for unknown diseases and 422 for bad parameters, never 5xx', async () => {
    expect((await get('/api/bioinformatics/gwas?disease_id=no_such_disease')).status).to.equal(404);
    expect((await get('/api/bioinformatics/gwas?disease_id=MONDO:9999999')).status).to.equal(404);
    for (const bad of ['max_studies=0', 'max_studies=1001', 'max_studies=1e400', 'max_studies=two', 'no_cache=perhaps', 'colour=blue', 'disease_id=%00', 'disease_id=%ED%A0%80']) {
      const { status, body } = await get(`/api/bioinformatics/gwas?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('runs as a job under its id and the legacy alias gwas with the GET route\'s result, and writes an escaped HTML report', async () => {
    const sync = (await get('/api/bioinformatics/gwas?max_studies=5')).body;
    for (const name of ['gwas-loci', 'gwas']) {
      const job = await runJob(server.baseUrl, name, 'max_studies=5');
      expect(job.status, JSON.stringify(job.error ?? null)).to.equal('SUCCESS');
      expect(job.module).to.equal('gwas-loci');
      expect(job.result).to.deep.equal(sync);
    }
    const withReport = await runJob(server.baseUrl, 'gwas', 'max_studies=5&export_html=true');
    const html = fs.readFileSync(withReport.result.report_path, 'utf8');
    expect(html).to.include('GWAS loci — systemic lupus erythematosus');
    expect(html).to.include('rs7574865');
    expect(html).to.include('Research use only');
    const catalog = (await get('/api/system/modules')).body.modules as Json[];
    expect(catalog.find((m) => m.id === 'gwas-loci')!.aliases).to.deep.equal(['gwas']);
  });
});

describe('analysis: GWAS loci without a GWAS Catalog snapshot (409)', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  before(async () => {
    env = await startBiomedEnv();
    const result = await env.import({ resource: 'disease_ontology', files: [path.join(SEED, 'disease-ontology/HumanDO.seed.obo'), path.join(SEED, 'mondo/mondo_exactmatch_doid.seed.sssom.tsv')] });
    expect(result.outcome).to.equal('imported');
  });
  after(async () => { await env?.close(); });

  it('answers 409 ModuleNotAvailableError naming gwas_catalog, never an empty result', async () => {
    const { status, body } = await env.get('/api/bioinformatics/gwas?disease_id=sle');
    expect(status).to.equal(409);
    expect(body.error_type).to.equal('ModuleNotAvailableError');
    expect(body.detail).to.match(/gwas_catalog/);
  });
});
