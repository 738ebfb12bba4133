// The evidence-gathering module through a real server: live retrieval from local servers speaking the
// ClinicalTrials.gov v2 and openFDA label formats (provenance live, then cache), a failing source reported
// without failing the request, the offline corpus counted against its files (every record synthetic and
// unlinked), 404/422, and the job under its id.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { PROJECT_ROOT } from '../../biomed/support/biomed-env';
import { Json, moduleClient } from './support/module-client';
import { ReplayServer, startReplayServer } from './support/replay-server';

const STUDIES = { studies: [
  { protocolSection: { identificationModule: { nctId: 'NCT01234567', briefTitle: 'Anifrolumab in SLE' }, statusModule: { overallStatus: 'COMPLETED', startDateStruct: { date: '2016-01' } }, designModule: { phases: ['PHASE3'] } } },
  { protocolSection: { identificationModule: { nctId: 'NCT07654321', briefTitle: 'Belimumab <i>in</i> SLE' }, statusModule: { overallStatus: 'RECRUITING' } } },
] };
const LABELS = { meta: { results: { total: 1 } }, results: [{ set_id: 'bbbbbbbb-0000-4000-8000-000000000002', effective_time: '20210315', indications_and_usage: ['for systemic lupus erythematosus'], openfda: { generic_name: ['BELIMUMAB'] } }] };
const corpus = (source: string, file: string) => fs.readFileSync(path.join(PROJECT_ROOT, 'fixtures/corpus', source, file), 'utf8');

describe('analysis: evidence gathering (GET /api/evidence/gather, job evidence-gathering)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let offline: TestServer;
  let providers: ReplayServer;
  let broken: ReplayServer;
  const api = moduleClient(() => server.baseUrl);
  const offlineApi = moduleClient(() => offline.baseUrl);

  before(async () => {
    providers = await startReplayServer((r) => (r.url.pathname === '/studies' ? { status: 200, body: STUDIES } : { status: 200, body: LABELS }));
    broken = await startReplayServer(() => ({ status: 400, body: { error: 'bad request' } }));
    server = await startTestServer({ startWorkers: true, env: {
      EVIDENCE_SOURCE_MODE: 'live', USE_CACHE: 'true',
      EVIDENCE_SOURCE_BASE_URLS: `clinical_trials=${providers.baseUrl},fda_labels=${providers.baseUrl},gwas=${broken.baseUrl}`,
    } });
    offline = await startTestServer({ env: { EVIDENCE_SOURCE_MODE: 'offline' } });
  });
  after(async () => { await offline?.close(); await server?.close(); await providers?.close(); await broken?.close(); });

  it('gathers live records with provenance, then serves them from the cache', async () => {
    const url = '/api/evidence/gather?q=anifrolumab&sources=clinical_trials,fda_labels&disease_id=sle&max_per_source=10';
    const { status, body } = await api.get(url);
    expect(status).to.equal(200);
    expect(body).to.include({ module: 'evidence-gathering', seed: null });
    expect(body.disclaimer).to.match(/Research use only/);
    expect(body.parameters).to.deep.equal({ q: 'anifrolumab', sources: ['clinical_trials', 'fda_labels'], max_per_source: 10, use_cache: true, disease_id: 'sle' });
    expect((body.source_statuses as Json[]).map((s) => [s.source, s.status, s.record_count, s.retrieval_mode])).to.deep.equal([['clinical_trials', 'ok', 2, 'live'], ['fda_labels', 'ok', 1, 'live']]);
    expect(body.counts).to.deep.equal({ retrieved: 3, duplicates_merged: 0, records: 3, synthetic: 0 });
    const trial = (body.records as Json[])[0]!;
    expect(trial).to.include({ source: 'clinical_trials', native_id: 'NCT01234567', type: 'clinical_trial', url: 'https://clinicaltrials.gov/study/NCT01234567', published: '2016-01-01' });
    expect(trial.provenance).to.include({ mode: 'live', synthetic: false });
    expect(Date.parse(trial.provenance.retrieved_at)).to.be.closeTo(Date.now(), 60_000);
    expect(body.records[2]).to.include({ source: 'fda_labels', native_id: 'bbbbbbbb-0000-4000-8000-000000000002' });
    const again = (await api.get(url)).body;
    expect((again.records as Json[]).map((r) => r.provenance.mode)).to.deep.equal(['cache', 'cache', 'cache']);
    const fresh = (await api.get(`${url}&use_cache=false`)).body;
    expect((fresh.records as Json[]).map((r) => r.provenance.mode)).to.deep.equal(['live', 'live', 'live']);
  });

  it('reports a failing source without failing the request', async () => {
    const { status, body } = await api.get('/api/evidence/gather?sources=gwas,clinical_trials&use_cache=false');
    expect(status).to.equal(200);
    const gwas = (body.source_statuses as Json[]).find((s) => s.source === 'gwas')!;
    expect(gwas.status).to.equal('error');
    expect(gwas.warning).to.match(/HTTP 400/);
    expect(body.counts.records).to.equal(2);
  });

  it('offline: the corpus answers, every record synthetic and unlinked, as many as the corpus files hold', async () => {
    const { status, body } = await offlineApi.get('/api/evidence/gather?sources=pubmed,clinical_trials,fda_labels&disease_id=MONDO:0007915&max_per_source=200');
    expect(status).to.equal(200);
    const expected = (corpus('pubmed', 'sle.xml').match(/<PubmedArticle>/g) ?? []).length
      + JSON.parse(corpus('clinical_trials', 'sle.json')).studies.length + JSON.parse(corpus('fda_labels', 'sle.json')).results.length;
    expect(body.counts.retrieved).to.equal(expected);
    expect(body.counts.records + body.counts.duplicates_merged).to.equal(expected);
    expect(body.counts.synthetic).to.equal(body.counts.records);
    for (const r of body.records as Json[]) {
      expect(r.url).to.equal(null);
      expect(r.provenance).to.include({ mode: 'offline_corpus', synthetic: true });
    }
    for (const s of body.source_statuses as Json[]) expect(s).to.include({ retrieval_mode: 'offline', synthetic: true });
  });

  it('answers 404 for an unknown disease and 422 for bad parameters', async () => {
    expect((await api.get('/api/evidence/gather?disease_id=no_such_disease')).status).to.equal(404);
    expect((await api.get('/api/evidence/gather?disease_id=MONDO:9999999')).status).to.equal(404);
    for (const bad of ['sources=pubmed,nosuch', 'sources=', 'max_per_source=0', 'max_per_source=201', 'use_cache=perhaps', 'q=a%00b', 'disease_id=DOID:9074', 'colour=blue']) {
      const { status, body } = await api.get(`/api/evidence/gather?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('runs as a job and writes an escaped HTML report', async () => {
    const job = await api.job('evidence-gathering', 'sources=clinical_trials&export_html=true', 'evidence-gathering');
    expect(job.status, JSON.stringify(job.error ?? null)).to.equal('SUCCESS');
    expect(job.result.counts.records).to.equal(2);
    const html = fs.readFileSync(job.result.report_path, 'utf8');
    expect(html).to.include('Evidence gathered: systemic lupus erythematosus').and.to.include('Research use only');
    expect(html).to.include('Belimumab &lt;i&gt;in&lt;/i&gt; SLE');
  });

  it('lists the five modules of this batch in the catalog (with the §4.4 aliases) and their routes in the OpenAPI document', async () => {
    const { body } = await api.get('/api/system/modules');
    const aliases = Object.fromEntries((body.modules as Json[]).map((m) => [m.id, m.aliases]));
    expect(aliases).to.deep.include({ 'drug-safety': ['safety'], 'clinical-trials': ['trials'], 'semantic-search': [], 'evidence-gathering': [], 'llm-extraction': [] });
    const openapi = (await api.get('/api/openapi.json')).body;
    for (const route of ['/api/safety/profiles', '/api/trials', '/api/semantic/search', '/api/evidence/gather', '/api/llm/extract']) {
      expect(openapi.paths[route]?.get, route).to.not.equal(undefined);
    }
  });
});
