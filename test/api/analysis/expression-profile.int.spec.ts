// The expression module through a real server on the seed slice: every tissue row's counts recounted from
// the seed Bgee matrices read here, the hypergeometric p against an exact BigInt tail, the FDR against a
// Benjamini–Hochberg written here, the Jaccard pairs against a brute force over the presence matrix; 404 /
// 422; the job; then a store without Bgee answers 409.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { BiomedEnv, createScratchDatabase, ScratchDatabase, startBiomedEnv } from '../../biomed/support/biomed-env';
import { bgeeCalls, expectedTissues, gwasRows, Json, runJob, SEED } from './support/gene-analyses';

describe('analysis: expression profile (GET /api/expression/correlate, job expression-profile)', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  const get = async (url: string) => { const r = await fetch(`${server.baseUrl}${url}`); return { status: r.status, body: await r.json() as Json }; };
  const sle = () => new Set(gwasRows(path.join(SEED, 'gwas-catalog'), 'gene-associations.seed.tsv', 'snp-associations.seed.tsv', 'DOID:9074').genes.map((r) => r.gene!));

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true' } });
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  it('tests every tissue: counts, p and FDR as recomputed from the seed Bgee matrices', async () => {
    const { status, body } = await get('/api/expression/correlate?disease_id=sle&top_n=500');
    expect(status).to.equal(200);
    expect(body).to.include({ module: 'expression-profile', seed: null });
    expect(body.parameters).to.deep.equal({ disease_id: 'sle', top_n: 500, max_fdr: 0.05 });
    expect(body.disclaimer).to.match(/Research use only/);
    const want = expectedTissues(path.join(SEED, 'bgee/present-in-adult.seed.tsv.gz'), path.join(SEED, 'bgee/diffex.seed.tsv.gz'), sle());
    expect(body.background.size).to.equal(want.N);
    expect(body.query.tested_genes).to.equal(want.n);
    expect(body.query.disease_genes).to.equal(sle().size);
    expect(body.tissues.length).to.equal(want.rows.length);
    for (const t of body.tissues as Json[]) {
      const w = want.rows.find((r) => r.id === t.id)!;
      expect({ over: t.over, K: t.tissue_over_genes, present: t.present, under: t.under }, t.id).to.deep.equal({ over: w.k, K: w.K, present: w.present, under: w.under });
      expect(t.expected).to.be.closeTo((want.n * w.K) / want.N, 1e-12);
      expect(Math.abs(t.p - w.p), `${t.id}: p ${t.p} vs ${w.p}`).to.be.at.most(1e-10 * w.p);
      expect(Math.abs(t.fdr - w.fdr), `${t.id}: fdr ${t.fdr} vs ${w.fdr}`).to.be.at.most(1e-9 * w.fdr);
      for (const gene of t.genes_over as Json[]) expect(sle().has(gene.id.replace('NCBIGene:', ''))).to.equal(true);
    }
    expect(body.counts.significant).to.equal(want.rows.filter((r) => r.fdr <= 0.05).length);
    for (let i = 1; i < body.tissues.length; i++) expect(body.tissues[i].p).to.be.at.least(body.tissues[i - 1].p);
    console.log(`      SLE (seed): ${want.n} tested genes of ${sle().size}, background ${want.N}; top tissues ${(body.tissues as Json[]).slice(0, 3).map((t) => `${t.label} k=${t.over} p=${t.p.toExponential(2)}`).join('; ')}`);
  });

  it('gives each gene its Bgee call in every listed tissue, as the seed matrices say (the heatmap\'s cells)', async () => {
    const { body } = await get('/api/expression/correlate?disease_id=sle&top_n=15');
    const over = bgeeCalls(path.join(SEED, 'bgee/diffex.seed.tsv.gz'), '1').calls;
    const under = bgeeCalls(path.join(SEED, 'bgee/diffex.seed.tsv.gz'), '-1').calls;
    const present = bgeeCalls(path.join(SEED, 'bgee/present-in-adult.seed.tsv.gz'), '1').calls;
    const tissues = (body.tissues as Json[]).map((t) => t.id as string);
    let called = 0;
    for (const g of body.genes as Json[]) {
      const entrez = (g.id as string).replace('NCBIGene:', '');
      const want = tissues.map((t) => (over.get(entrez)?.has(t) ? 'over' : under.get(entrez)?.has(t) ? 'under' : present.get(entrez)?.has(t) ? 'present' : null));
      expect(g.listed_tissue_calls, g.symbol).to.deep.equal(want);
      called += want.filter((c) => c !== null).length;
    }
    expect(called, 'some calls to draw').to.be.greaterThan(0);
  });

  it('lists the most similar gene pairs by the Jaccard index of their presence, as a brute force over the matrix gives', async () => {
    const { body } = await get('/api/expression/correlate?disease_id=sle&top_n=10');
    const present = bgeeCalls(path.join(SEED, 'bgee/present-in-adult.seed.tsv.gz'), '1').calls;
    const genes = [...sle()].filter((x) => (present.get(x)?.size ?? 0) > 0);
    const indices: number[] = [];
    for (let i = 0; i < genes.length; i++) {
      for (let j = i + 1; j < genes.length; j++) {
        const a = present.get(genes[i]!)!;
        const b = present.get(genes[j]!)!;
        const shared = [...a].filter((x) => b.has(x)).length;
        indices.push(shared / (a.size + b.size - shared));
      }
    }
    indices.sort((a, b) => b - a);
    expect(body.similarity.genes_compared).to.equal(genes.length);
    expect(body.similarity.pairs_compared).to.equal((genes.length * (genes.length - 1)) / 2);
    expect(body.similarity.pairs).to.have.length(10);
    (body.similarity.pairs as Json[]).forEach((p, i) => {
      const a = present.get(p.a.id.replace('NCBIGene:', ''))!;
      const b = present.get(p.b.id.replace('NCBIGene:', ''))!;
      const shared = [...a].filter((x) => b.has(x)).length;
      expect({ shared: p.shared, union: p.union }).to.deep.equal({ shared, union: a.size + b.size - shared });
      expect(p.jaccard).to.be.closeTo(indices[i]!, 1e-12);
    });
    expect(body.tissues).to.have.length.at.most(10);
  });

  it('answers 404 for unknown diseases and 422 for bad parameters', async () => {
    expect((await get('/api/expression/correlate?disease_id=no_such_disease')).status).to.equal(404);
    expect((await get('/api/expression/correlate?disease_id=MONDO:9999999')).status).to.equal(404);
    for (const bad of ['top_n=0', 'top_n=501', 'top_n=1e400', 'max_fdr=2', 'disease=sle', 'disease_id=%00']) {
      const { status, body } = await get(`/api/expression/correlate?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('runs as a job with the GET route\'s result and writes an HTML report', async () => {
    const sync = (await get('/api/expression/correlate?disease_id=ra&top_n=5')).body;
    const job = await runJob(server.baseUrl, 'expression-profile', 'disease_id=ra&top_n=5&export_html=true');
    expect(job.status, JSON.stringify(job.error ?? null)).to.equal('SUCCESS');
    const { report_path: reportPath, ...result } = job.result;
    expect(result).to.deep.equal(sync);
    const html = fs.readFileSync(reportPath, 'utf8');
    expect(html).to.include('Expression profile — rheumatoid arthritis');
    expect(html).to.include('Research use only');
  });
});

describe('analysis: expression profile without Bgee (409)', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  before(async () => {
    env = await startBiomedEnv();
    const sssom = path.join(SEED, 'mondo/mondo_exactmatch_doid.seed.sssom.tsv');
    const result = await env.import({ resource: 'gwas_catalog', files: [path.join(SEED, 'gwas-catalog/gene-associations.seed.tsv'), path.join(SEED, 'gwas-catalog/snp-associations.seed.tsv'), sssom] });
    expect(result.outcome).to.equal('imported');
  });
  after(async () => { await env?.close(); });

  it('answers 409 ModuleNotAvailableError naming bgee', async () => {
    const { status, body } = await env.get('/api/expression/correlate?disease_id=sle');
    expect(status).to.equal(409);
    expect(body.error_type).to.equal('ModuleNotAvailableError');
    expect(body.detail).to.match(/bgee/);
  });
});
