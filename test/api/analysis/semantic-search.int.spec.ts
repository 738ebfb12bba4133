// The semantic-search module through a real server on the seed slice: ontology expansion read against the seed
// Disease Ontology file ("lupus" is an exact synonym of DOID:8857, whose IS_A child is DOID:9074), lexical hits
// (each claim hit shares a word with the expanded query), BM25 order, the disease scope, 404/422, and the job
// under its id. The ranking itself is checked against a hand BM25 computation in
// test/commands/analysis/semantic-search-bm25.unit.spec.ts.
import fs from 'node:fs';
import { expect } from 'chai';
import { tokens } from '../../../domain/retrieval/tokens';
import { startTestServer, TestServer } from '../../support/test-server';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';
import { Json, moduleClient } from './support/module-client';

describe('analysis: semantic search (GET /api/semantic/search, job semantic-search)', function () {
  this.timeout(180_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  const api = moduleClient(() => server.baseUrl);

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true' } });
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  it('expands "lupus" through the Disease Ontology and finds systemic lupus erythematosus', async () => {
    const { status, body } = await api.get('/api/semantic/search?query=lupus&top_k=50');
    expect(status).to.equal(200);
    expect(body).to.include({ module: 'semantic-search', lexical: true, seed: null });
    expect(body.disclaimer).to.match(/Research use only/);
    expect(body.method).to.match(/BM25/).and.to.match(/Lexical/);
    expect(body.query_tokens).to.deep.equal(['lupus']);
    expect(body.expansion.matched.map((t: Json) => t.curie)).to.include('DOID:8857');
    expect(body.expansion.descendants.map((t: Json) => t.curie)).to.include('DOID:9074');
    expect(body.expansion.added_tokens).to.include.members(['erythematosus', 'systemic']);
    const ids = (body.results as Json[]).map((r) => r.id);
    expect(ids).to.include('term:DOID:9074');
    expect(ids.indexOf('term:DOID:8857')).to.be.within(0, 4);
    const words = new Set([...body.query_tokens, ...body.expansion.added_tokens]);
    let lastScore = Infinity;
    for (const r of body.results as Json[]) {
      expect(r.score).to.be.at.most(lastScore);
      lastScore = r.score;
      if (r.kind === 'claim') {
        const text = tokens(`${r.subject.label} ${r.object.label}`);
        expect(text.some((t) => words.has(t)), `${r.id}: ${text.join(' ')}`).to.equal(true);
        expect(r.evidence.length).to.be.greaterThan(0);
      }
    }
    expect(body.results.length).to.equal(50);
  });

  it('without expansion finds only documents naming the query\'s own words', async () => {
    const { body } = await api.get('/api/semantic/search?query=lupus&top_k=100&expand=false');
    expect(body.expansion).to.equal(null);
    const expanded = (await api.get('/api/semantic/search?query=lupus&top_k=100')).body;
    expect(body.results.length).to.be.at.most(expanded.results.length);
    for (const r of body.results as Json[]) if (r.kind === 'claim') expect(`${r.subject.label} ${r.object.label}`.toLowerCase()).to.include('lupus');
  });

  it('keeps to the disease\'s scope with disease_id', async () => {
    const { status, body } = await api.get('/api/semantic/search?query=arthritis%20lupus%20methotrexate&disease_id=sle&top_k=100');
    expect(status).to.equal(200);
    expect(body.disease.curie).to.equal('MONDO:0007915');
    expect(body.index.scoped_documents).to.be.greaterThan(0);
    expect(body.results.length).to.be.greaterThan(0);
    for (const r of body.results as Json[]) {
      if (r.kind === 'claim') expect([r.subject.curie, r.object.curie], r.id).to.include('MONDO:0007915');
    }
    // Rheumatoid arthritis is outside SLE's scope.
    expect((body.results as Json[]).some((r) => r.kind === 'term' && /rheumatoid/.test(r.label))).to.equal(false);
  });

  it('records the parameters it ran with: the schema\'s defaults filled in, no disease as null', async () => {
    const { body } = await api.get('/api/semantic/search?query=lupus');
    expect(body.parameters).to.deep.equal({ query: 'lupus', top_k: 20, disease_id: null, expand: true, max_expansion: 25 });
    expect(body.results.length).to.be.at.most(20);
  });

  it('answers 404 for an unknown disease and 422 for bad parameters', async () => {
    expect((await api.get('/api/semantic/search?query=lupus&disease_id=no_such_disease')).status).to.equal(404);
    for (const bad of ['', 'query=', 'query=the%20of', 'query=lupus&top_k=0', 'query=lupus&top_k=101', 'query=lu%00pus', `query=${'x'.repeat(501)}`, 'query=%ED%A0%80', 'query=lupus&colour=blue']) {
      const { status, body } = await api.get(`/api/semantic/search?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('runs as a job with the GET route\'s result and writes an escaped HTML report', async () => {
    const sync = (await api.get('/api/semantic/search?query=%3Cb%3Elupus%3C%2Fb%3E&top_k=5')).body;
    const job = await api.job('semantic-search', 'query=%3Cb%3Elupus%3C%2Fb%3E&top_k=5&export_html=true', 'semantic-search');
    expect(job.status, JSON.stringify(job.error ?? null)).to.equal('SUCCESS');
    const { report_path: reportPath, ...result } = job.result as Json;
    expect(result).to.deep.equal(sync);
    const html = fs.readFileSync(reportPath, 'utf8');
    expect(html).to.include('Search: &lt;b&gt;lupus&lt;/b&gt;').and.to.include('Research use only').and.to.include('Lexical retrieval');
  });
});
