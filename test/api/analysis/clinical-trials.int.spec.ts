// The trials module through a real server on the seed slice, with ClinicalTrials.gov played by a local server
// answering in the API v2 /studies format: classification, counts and per-drug highest phase checked against
// the hand-made studies below (expected values worked out by hand in the comments); then offline, the bundled
// corpus (synthetic: marked, unlinked) counted against the corpus file read here.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { createScratchDatabase, PROJECT_ROOT, ScratchDatabase } from '../../biomed/support/biomed-env';
import { Json, moduleClient } from './support/module-client';
import { ReplayServer, startReplayServer } from './support/replay-server';

function study(nct: string, phases: string[], status: string, drugs: string[], whyStopped?: string, title = `Study ${nct}`) {
  return {
    protocolSection: {
      identificationModule: { nctId: nct, briefTitle: title },
      statusModule: { overallStatus: status, ...(whyStopped ? { whyStopped } : {}), startDateStruct: { date: '2015-03' } },
      designModule: { phases, enrollmentInfo: { count: 100 } },
      armsInterventionsModule: { interventions: drugs.map((name) => ({ type: 'DRUG', name })) },
    },
  };
}

const STUDIES = [
  study('NCT00000001', ['PHASE3'], 'COMPLETED', ['Belimumab'], undefined, 'Belimumab <script>alert(1)</script>'), // unknown (no result)
  study('NCT00000002', ['PHASE2'], 'TERMINATED', ['Azathioprine'], 'Lack of efficacy at interim analysis'), // negative (futility)
  study('NCT00000003', ['PHASE2'], 'TERMINATED', ['Drug X'], 'Safety concerns (hepatotoxicity)'), // harm (safety)
  study('NCT00000004', ['PHASE1'], 'WITHDRAWN', ['Drug Y']), // excluded
  study('NCT00000005', ['PHASE2', 'PHASE3'], 'RECRUITING', ['Belimumab', 'Placebo']), // unknown, PHASE3; placebo is no intervention
  study('NCT00000006', ['PHASE1'], 'TERMINATED', ['Azathioprine'], 'Sponsor decision, not related to safety'), // unknown
];

describe('analysis: clinical trials (GET /api/trials, job clinical-trials / trials)', function () {
  this.timeout(180_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  let offline: TestServer;
  let ctgov: ReplayServer;
  const api = moduleClient(() => server.baseUrl);
  const offlineApi = moduleClient(() => offline.baseUrl);

  before(async () => {
    ctgov = await startReplayServer(() => ({ status: 200, body: { studies: STUDIES } }));
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true', EVIDENCE_SOURCE_MODE: 'live', EVIDENCE_SOURCE_BASE_URLS: `clinical_trials=${ctgov.baseUrl}` } });
    offline = await startTestServer({ databaseUrl: scratch.url, env: { EVIDENCE_SOURCE_MODE: 'offline' } });
  });
  after(async () => { await offline?.close(); await server?.close(); await scratch?.drop(); await ctgov?.close(); });

  it('classifies and counts the studies, withdrawn excluded', async () => {
    const { status, body } = await api.get('/api/trials?disease_id=sle&max_trials=50&no_cache=true');
    expect(status).to.equal(200);
    expect(body).to.include({ module: 'clinical-trials', seed: null });
    expect(body.disclaimer).to.match(/Research use only/);
    expect(body.disease).to.deep.equal({ curie: 'MONDO:0007915', label: 'systemic lupus erythematosus', module_id: 'sle' });
    expect(body.source).to.include({ status: 'ok', retrieval_mode: 'live', synthetic: false });
    expect(body.counts).to.deep.equal({
      retrieved: 6, excluded_withdrawn: 1, analysed: 5,
      by_outcome: { harm: 1, negative: 1, unknown: 3 }, by_phase: { PHASE1: 1, PHASE2: 2, PHASE3: 2 }, by_status: { COMPLETED: 1, RECRUITING: 1, TERMINATED: 3 },
    });
    const outcome = Object.fromEntries((body.trials as Json[]).map((t) => [t.id, t.outcome]));
    expect(outcome).to.deep.equal({ NCT00000001: 'unknown', NCT00000002: 'negative', NCT00000003: 'harm', NCT00000004: 'excluded', NCT00000005: 'unknown', NCT00000006: 'unknown' });
    expect(body.trials[0].url).to.equal('https://clinicaltrials.gov/study/NCT00000001');
    // The request went to /studies with the disease's condition and a page size of max_trials.
    const request = ctgov.requests[ctgov.requests.length - 1]!;
    expect(request.url.pathname).to.equal('/studies');
    expect(request.url.searchParams.get('pageSize')).to.equal('50');
    expect(request.url.searchParams.get('query.cond')).to.match(/lupus/i);
  });

  it('keeps the highest phase per intervention and names DrugBank compounds where the graph has them', async () => {
    const { body } = await api.get('/api/trials?disease_id=MONDO:0007915&max_trials=50');
    // Belimumab: NCT…1 (PHASE3) and NCT…5 (PHASE2/3 -> PHASE3); Azathioprine: NCT…2 (PHASE2), NCT…6 (PHASE1); Drug X: NCT…3.
    expect((body.drugs as Json[]).map((d) => [d.name, d.highest_phase, d.trials])).to.deep.equal([['Belimumab', 'PHASE3', 2], ['Azathioprine', 'PHASE2', 2], ['Drug X', 'PHASE2', 1]]);
    const aza = (body.drugs as Json[])[1]!;
    expect(aza.outcomes).to.deep.equal({ positive: 0, null: 0, negative: 1, harm: 0, unknown: 1 });
    expect(aza.compound).to.deep.equal({ curie: 'DRUGBANK:DB00993', name: 'Azathioprine' });
    expect(body.parameters).to.deep.equal({ disease_id: 'MONDO:0007915', max_trials: 50, query: null, no_cache: false });
  });

  it('passes the query keywords to the provider', async () => {
    await api.get('/api/trials?disease_id=sle&query=anifrolumab%20efficacy&no_cache=true');
    // A drug the query names goes to ClinicalTrials.gov's intervention field (docs/evidence-sources.md).
    const params = ctgov.requests[ctgov.requests.length - 1]!.url.searchParams;
    expect(`${params.get('query.intr') ?? ''} ${params.get('query.term') ?? ''}`.toLowerCase()).to.include('anifrolumab');
  });

  it('answers 404 for an unknown disease and 422 for bad parameters', async () => {
    expect((await api.get('/api/trials?disease_id=no_such_disease')).status).to.equal(404);
    expect((await api.get('/api/trials?disease_id=MONDO:9999999')).status).to.equal(404);
    for (const bad of ['max_trials=0', 'max_trials=1001', 'max_trials=1e400', 'query=a%01b', 'disease_id=DOID%3A9074x%00', 'no_cache=perhaps', 'colour=blue']) {
      const { status, body } = await api.get(`/api/trials?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('runs as a job under its alias and writes an escaped HTML report', async () => {
    // no_cache on both: the same provider answer, each retrieved live (a cached answer would say retrieval_mode "cache").
    const sync = (await api.get('/api/trials?disease_id=sle&max_trials=20&no_cache=true')).body;
    const job = await api.job('trials', 'disease_id=sle&max_trials=20&no_cache=true&export_html=true', 'clinical-trials');
    expect(job.status, JSON.stringify(job.error ?? null)).to.equal('SUCCESS');
    const { report_path: reportPath, ...result } = job.result as Json;
    expect(result).to.deep.equal(sync);
    const html = fs.readFileSync(reportPath, 'utf8');
    expect(html).to.include('Clinical trials: systemic lupus erythematosus').and.to.include('Research use only');
    expect(html).to.include('&lt;script&gt;').and.not.to.include('<script>alert');
  });

  it('offline: the corpus studies are synthetic, unlinked and counted as in the corpus file', async () => {
    const corpus = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'fixtures/corpus/clinical_trials/sle.json'), 'utf8')) as Json;
    const statuses = (corpus.studies as Json[]).map((s) => s.protocolSection.statusModule.overallStatus as string);
    const { status, body } = await offlineApi.get('/api/trials?disease_id=sle');
    expect(status).to.equal(200);
    expect(body.source).to.include({ retrieval_mode: 'offline', synthetic: true });
    expect(body.counts.retrieved).to.equal(statuses.length);
    expect(body.counts.excluded_withdrawn).to.equal(statuses.filter((s) => s === 'WITHDRAWN').length);
    for (const t of body.trials as Json[]) expect(t).to.include({ synthetic: true, url: null });
  });
});
