// The safety module through a real server on the seed slice (its own scratch database), with openFDA played
// by a local server that answers in openFDA's documented formats (count API { results: [{ term, count }] },
// search meta.results.total, label.json). Checked against the seed files read here (SIDER frequencies of
// quetiapine, drug and placebo arms), a hand computation of PRR/ROR/χ² from a 2×2 table, and, on a second
// server in offline mode, FAERS "not available" and the synthetic corpus labels.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { createScratchDatabase, PROJECT_ROOT, ScratchDatabase } from '../../biomed/support/biomed-env';
import { Json, moduleClient } from './support/module-client';
import { Replayed, ReplayServer, startReplayServer } from './support/replay-server';

const SEED = path.join(PROJECT_ROOT, 'fixtures', 'seed');

/** SIDER frequency rows (PT) of a STITCH stereo id and side effect, from the seed file: [placebo?, lower, upper]. */
function siderFrequencies(stereo: string, umls: string): { drug: number[][]; placebo: number[][] } {
  const lines = zlib.gunzipSync(fs.readFileSync(path.join(SEED, 'sider4/meddra_freq.seed.tsv.gz'))).toString('utf8').split('\n').map((l) => l.split('\t'));
  const rows = lines.filter((c) => c[1] === stereo && c[8] === umls);
  const pick = (placebo: boolean) => rows.filter((c) => (c[3] === 'placebo') === placebo).map((c) => [Number(c[5]), Number(c[6])]);
  return { drug: pick(false), placebo: pick(true) };
}

// openFDA as the replay server plays it. The whole database: 1,000,000 reports; events across it: NAUSEA 50,000,
// STEVENS-JOHNSON SYNDROME 2,000 (SOMNOLENCE is not among them); QUETIAPINE: 10,000 reports with SOMNOLENCE 600,
// NAUSEA 300, STEVENS-JOHNSON SYNDROME 40.
const TOTAL = 1_000_000;
function openFda(request: Replayed): { status: number; body: unknown } {
  const q = request.url.searchParams;
  const meta = (total: number) => ({ meta: { disclaimer: 'Do not rely on openFDA…', results: { skip: 0, limit: 1, total } } });
  if (request.url.pathname === '/drug/label.json') {
    return /QUETIAPINE/i.test(q.get('search') ?? '')
      ? { status: 200, body: { ...meta(1), results: [{ set_id: 'aaaaaaaa-0000-4000-8000-000000000001', effective_time: '20200101', boxed_warning: ['WARNING: INCREASED MORTALITY <script>alert(1)</script>'], openfda: { generic_name: ['QUETIAPINE'] } }] } }
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No matches found!' } } };
  }
  const search = q.get('search');
  const count = q.get('count');
  if (search === null && count === null) return { status: 200, body: { ...meta(TOTAL), results: [{}] } };
  if (search === null) return { status: 200, body: { meta: meta(TOTAL).meta, results: [{ term: 'NAUSEA', count: 50_000 }, { term: 'STEVENS-JOHNSON SYNDROME', count: 2_000 }] } };
  if (search !== 'patient.drug.openfda.generic_name:"QUETIAPINE"') return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No matches found!' } } };
  if (count === null) return { status: 200, body: { ...meta(10_000), results: [{}] } };
  return { status: 200, body: { meta: meta(10_000).meta, results: [{ term: 'SOMNOLENCE', count: 600 }, { term: 'NAUSEA', count: 300 }, { term: 'STEVENS-JOHNSON SYNDROME', count: 40 }] } };
}

describe('analysis: drug safety (GET /api/safety/profiles, job drug-safety / safety)', function () {
  this.timeout(180_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  let offline: TestServer;
  let fda: ReplayServer;
  const api = moduleClient(() => server.baseUrl);
  const offlineApi = moduleClient(() => offline.baseUrl);

  before(async () => {
    fda = await startReplayServer(openFda);
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true', EVIDENCE_SOURCE_MODE: 'live', USE_CACHE: 'false', EVIDENCE_SOURCE_BASE_URLS: `fda_labels=${fda.baseUrl}` } });
    offline = await startTestServer({ databaseUrl: scratch.url, env: { EVIDENCE_SOURCE_MODE: 'offline' } });
  });
  after(async () => { await offline?.close(); await server?.close(); await scratch?.drop(); await fda?.close(); });

  it('lists quetiapine\'s SIDER side effects with drug and placebo frequencies as the seed file has them', async () => {
    const { status, body } = await api.get('/api/safety/profiles?drug_id=DRUGBANK:DB01224&max_side_effects=5000');
    expect(status).to.equal(200);
    expect(body).to.include({ module: 'drug-safety', seed: null });
    expect(body.disclaimer).to.match(/Research use only/);
    expect(body.method).to.match(/Evans/).and.to.match(/Rothman/);
    expect(body.snapshots.map((s: Json) => s.resource)).to.include('sider');
    const [drug] = body.drugs as Json[];
    expect(drug).to.include({ id: 'DRUGBANK:DB01224', name: 'Quetiapine', withdrawn: false });
    const somnolence = (drug!.side_effects.listed as Json[]).find((s) => s.id === 'UMLS:C2830004')!;
    const seed = siderFrequencies('CID000005002', 'C2830004');
    const lo = (rows: number[][]) => Math.min(...rows.map((r) => r[0]!));
    const hi = (rows: number[][]) => Math.max(...rows.map((r) => r[1]!));
    expect(somnolence.frequency).to.include({ lower: lo(seed.drug), upper: hi(seed.drug) });
    expect(somnolence.placebo_frequency).to.include({ lower: lo(seed.placebo), upper: hi(seed.placebo) });
    // Drug 0.0263158–0.57 vs placebo 0.038–0.15: the difference runs from 0.0263158 − 0.15 to 0.57 − 0.038, across 0.
    expect(somnolence.placebo_comparison.risk_difference.lower).to.be.closeTo(0.0263158 - 0.15, 1e-12);
    expect(somnolence.placebo_comparison.risk_difference.upper).to.be.closeTo(0.57 - 0.038, 1e-12);
    expect(somnolence.placebo_comparison.verdict).to.equal('overlapping');
    expect(drug!.side_effects.total).to.equal(drug!.side_effects.listed.length);
  });

  it('computes FAERS PRR, ROR, Yates χ² and the Evans criteria from openFDA\'s counts', async () => {
    const { body } = await api.get('/api/safety/profiles?drug_id=DB01224&max_side_effects=1');
    expect(body.sources.faers).to.include({ status: 'used', retrieval_mode: 'live', total_reports: TOTAL });
    const events = body.drugs[0].faers.events as Json[];
    expect(events.map((e) => e.term)).to.deep.equal(['SOMNOLENCE', 'NAUSEA', 'STEVENS-JOHNSON SYNDROME']);
    // SJS: a = 40, b = 10,000 − 40 = 9,960, c = 2,000 − 40 = 1,960, d = 1,000,000 − 10,000 − 2,000 + 40 = 988,040.
    // By hand: PRR = (40/10,000)/(1,960/990,000) = 2.0204082; SE = √(1/40 − 1/10,000 + 1/1,960 − 1/990,000) = 0.159402,
    // CI 2.0204 · e^(∓1.96·0.159402) = 1.47827–2.76137. ROR = 40·988,040/(9,960·1,960) = 2.0245062, CI 1.47943–2.77041.
    // χ² (Yates) = 10⁶ · (|ad − bc| − 5·10⁵)² / (10⁴ · 990,000 · 2,000 · 998,000) = 10⁶ · (1.95·10⁷)² / 1.97604·10¹⁹ = 19.24303.
    const sjs = events[2]!;
    expect(sjs.table).to.deep.equal({ a: 40, b: 9960, c: 1960, d: 988040 });
    expect(sjs.prr.value).to.be.closeTo(2.0204082, 1e-6);
    expect(sjs.prr.ci_lower).to.be.closeTo(1.47827, 1e-4);
    expect(sjs.prr.ci_upper).to.be.closeTo(2.76137, 1e-4);
    expect(sjs.ror.value).to.be.closeTo(2.0245062, 1e-6);
    expect(sjs.ror.ci_lower).to.be.closeTo(1.47943, 1e-4);
    expect(sjs.ror.ci_upper).to.be.closeTo(2.77041, 1e-4);
    expect(sjs.chi_square_yates).to.be.closeTo(19.24303, 1e-4);
    expect(sjs.evans_signal).to.equal(true);
    // Nausea: PRR = (300/10,000)/(49,700/990,000) = 0.59759 < 2: no signal although χ² = 84.64.
    expect(events[1]!.prr.value).to.be.closeTo(0.59759, 1e-5);
    expect(events[1]!.chi_square_yates).to.be.closeTo(84.63636, 1e-4);
    expect(events[1]!.evans_signal).to.equal(false);
    // Somnolence has no total count: no table, no statistic, never a guess.
    expect(events[0]).to.include({ table: null, prr: null, ror: null, chi_square_yates: null, evans_signal: false });
    expect(fda.requests.some((r) => r.url.searchParams.get('count') === 'patient.reaction.reactionmeddrapt.exact' && r.url.searchParams.get('search') === null)).to.equal(true);
  });

  it('shows the label\'s boxed warning, linked and not synthetic, from the live label API', async () => {
    const { body } = await api.get('/api/safety/profiles?drug_id=DB01224&max_side_effects=1');
    const labels = body.drugs[0].labels;
    expect(labels).to.include({ status: 'ok', retrieval_mode: 'live' });
    expect(labels.labels).to.have.length(1);
    expect(labels.labels[0]).to.include({ set_id: 'aaaaaaaa-0000-4000-8000-000000000001', synthetic: false });
    expect(labels.labels[0].boxed_warning).to.match(/^WARNING: INCREASED MORTALITY/);
    expect(labels.labels[0].url).to.match(/^https:\/\/dailymed/);
  });

  it('profiles the compounds indicated for the disease without drug_id, and reports DrugBank\'s withdrawn group', async () => {
    const dm = fs.readFileSync(path.join(SEED, 'pharmacotherapydb/indications.seed.tsv'), 'utf8').split('\n').map((l) => l.split('\t'))
      .filter((c) => c[0] === 'DOID:9074' && c[4] === 'DM').map((c) => `DRUGBANK:${c[1]}`).sort();
    const { status, body } = await api.get('/api/safety/profiles?disease=sle&max_drugs=3&max_side_effects=1');
    expect(status).to.equal(200);
    expect((body.drugs as Json[]).map((d) => d.id)).to.deep.equal(dm.slice(0, 3));
    const withdrawn = await api.get('/api/safety/profiles?drug_id=DB00323&max_side_effects=1');
    expect(withdrawn.status).to.equal(200);
    expect(withdrawn.body.drugs[0]).to.include({ name: 'Tolcapone', withdrawn: true });
    expect(withdrawn.body.drugs[0].drugbank_groups).to.include.members(['approved', 'withdrawn']);
  });

  it('answers 404 for an unknown drug or disease and 422 for bad parameters', async () => {
    expect((await api.get('/api/safety/profiles?drug_id=DB99999')).status).to.equal(404);
    expect((await api.get('/api/safety/profiles?disease=no_such_disease')).status).to.equal(404);
    for (const bad of ['drug_id=aspirin', 'drug_id=DB1', 'max_drugs=0', 'max_drugs=51', 'max_faers_events=1e400', 'disease=SLE%00', 'colour=blue']) {
      const { status, body } = await api.get(`/api/safety/profiles?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('runs as a job under its alias with the GET route\'s result and writes an escaped HTML report', async () => {
    const sync = (await api.get('/api/safety/profiles?drug_id=DB01224&max_side_effects=3')).body;
    const job = await api.job('safety', 'drug_id=DB01224&max_side_effects=3&export_html=true', 'drug-safety');
    expect(job.status, JSON.stringify(job.error ?? null)).to.equal('SUCCESS');
    const { report_path: reportPath, ...result } = job.result as Json;
    expect(result).to.deep.equal(sync);
    const html = fs.readFileSync(reportPath, 'utf8');
    expect(html).to.include('Quetiapine').and.to.include('Research use only');
    expect(html).to.include('&lt;script&gt;alert(1)&lt;/script&gt;').and.not.to.include('<script>alert(1)');
  });

  it('offline: FAERS is not available (never invented) and the corpus labels are marked synthetic and unlinked', async () => {
    const { status, body } = await offlineApi.get('/api/safety/profiles?drug_id=DB00635&disease=sle&max_side_effects=1');
    expect(status).to.equal(200);
    expect(body.sources.faers.status).to.equal('not_available');
    expect(body.sources.faers.reason).to.match(/offline mode, and no faers snapshot is active/);
    expect(body.drugs[0].faers).to.equal(null);
    const labels = body.drugs[0].labels;
    expect(labels.retrieval_mode).to.equal('offline');
    expect(labels.labels.length).to.be.greaterThan(0);
    for (const label of labels.labels as Json[]) expect(label).to.include({ synthetic: true, url: null });
  });
});
