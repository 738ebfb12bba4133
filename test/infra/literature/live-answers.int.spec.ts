// Write-through of live answers (infra/literature/live-answers.ts): a real recorded ClinicalTrials.gov v2
// answer (../shared/data/responses/clinicaltrials/search_keytruda_limit3_20260811.json: NCT05431270,
// NCT03590054, NCT04795661) served by a local HTTP stub is fetched live with an API key, written through, and
// read back by an offline run that asks no provider: same records, the snapshot naming the live answer and
// its time, the key nowhere in what was written; a query with no live answer is answered by the pinned bulk
// snapshot alone (never a mix).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import { LayeredMirror, LiveAnswerLayer, scrubSecrets } from '../../../infra/literature/live-answers';
import { FileMirror, defaultMirrorDir } from '../../../infra/literature/mirror';
import { clinicalTrialsAdapter } from '../../../infra/sources/adapters/clinical_trials';
import { runSource } from '../../../infra/sources/source-runner';
import { requireSharedData, shared } from '../../biomed/support/biomed-env';
import { ReplayServer } from '../sources/replay-server';
import { tempDir } from '../sources/source-adapter.contract';
import { loadSettings } from '../../../infra/config/settings';
import { offlineSourceOptions } from '../../../commands/workspace/offline-source-options';

const FILE = 'responses/clinicaltrials/search_keytruda_limit3_20260811.json';
const ROOT = path.resolve(__dirname, '../../../..');
const disease = (id: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'diseases', `${id}.json`), 'utf8')) as DiseaseModule;
const KEY = 'sk-test-4f1c9a7e22';
const request = (d: DiseaseModule) => ({ disease: d, question: 'What treats it?', dateFrom: null, dateTo: null, limit: 50 });

const filesUnder = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));

describe('write-through of live answers into the local mirror', function () {
  this.timeout(60_000);
  let server: ReplayServer;
  before(async function () {
    requireSharedData(this, FILE);
    const body = fs.readFileSync(shared(FILE), 'utf8');
    server = await ReplayServer.start(() => ({ headers: { 'content-type': 'application/json' }, body }));
  });
  after(async () => { await server?.close(); });

  it('a live answer written through answers offline next time, with its provenance and without the API key', async () => {
    const layer = new LiveAnswerLayer(tempDir('live-answers'));
    const at = new Date('2026-11-27T14:50:00.000Z');
    const live = await runSource(clinicalTrialsAdapter, request(disease('t2d')), {
      mode: 'live', baseUrl: server.url('/api/v2/'), extraParams: { api_key: KEY }, minIntervalMs: 0, liveAnswers: layer, now: () => at,
    });
    expect(live.status).to.include({ status: 'ok', retrieval_mode: 'live' });
    expect(server.requests.at(-1)!.query.get('api_key')).to.equal(KEY);
    const liveIds = live.records.map((r) => r.nativeId).sort();
    expect(liveIds).to.deep.equal(['NCT03590054', 'NCT04795661', 'NCT05431270']);

    const written = filesUnder(layer.dir);
    expect(written).to.have.length(1);
    const text = fs.readFileSync(written[0]!, 'utf8');
    expect(text).to.not.contain(KEY);
    expect(JSON.parse(text)).to.include({ kind: 'live_answer', version: 1, source: 'clinical_trials', disease_id: 't2d', retrieved_at: at.toISOString() });

    const asked = server.requests.length;
    const mirror = new LayeredMirror(layer, FileMirror.load(defaultMirrorDir()));
    const offline = await runSource(clinicalTrialsAdapter, request(disease('t2d')), { mode: 'offline', mirror });
    expect(server.requests.length).to.equal(asked);
    expect(offline.status).to.include({ retrieval_mode: 'offline', snapshot_id: 'live-answer:clinical_trials:t2d:2026-11-27T14:50:00.000Z' });
    expect(offline.records.map((r) => r.nativeId).sort()).to.deep.equal(liveIds);
    expect(offline.records.every((r) => r.synthetic === false)).to.equal(true);
    expect(offline.records.find((r) => r.nativeId === 'NCT05431270')!.title).to.equal(live.records.find((r) => r.nativeId === 'NCT05431270')!.title);
  });

  it('a query with no live answer is answered by the pinned bulk snapshot only, never mixed with live answers', async () => {
    const layer = new LiveAnswerLayer(tempDir('live-answers'));
    await runSource(clinicalTrialsAdapter, request(disease('t2d')), { mode: 'live', baseUrl: server.url('/api/v2/'), minIntervalMs: 0, liveAnswers: layer });
    const files = FileMirror.load(defaultMirrorDir());
    const bulkId = files.snapshotId('clinical_trials')!;
    const offline = await runSource(clinicalTrialsAdapter, request(disease('ra')), { mode: 'offline', mirror: new LayeredMirror(layer, files) });
    expect(offline.status.snapshot_id).to.equal(bulkId);
    const bulk = await runSource(clinicalTrialsAdapter, request(disease('ra')), { mode: 'offline', mirror: files });
    expect(offline.records.map((r) => r.nativeId)).to.deep.equal(bulk.records.map((r) => r.nativeId));
    for (const id of ['NCT03590054', 'NCT04795661', 'NCT05431270']) expect(offline.records.map((r) => r.nativeId)).to.not.include(id);
  });

  it('an answer that is not live (offline, or empty) is not written through', async () => {
    const layer = new LiveAnswerLayer(tempDir('live-answers'));
    await runSource(clinicalTrialsAdapter, request(disease('t2d')), { mode: 'offline', mirror: FileMirror.load(defaultMirrorDir()), liveAnswers: layer });
    server.setHandler(() => ({ headers: { 'content-type': 'application/json' }, body: '{"studies":[]}' }));
    try {
      await runSource(clinicalTrialsAdapter, request(disease('t2d')), { mode: 'live', baseUrl: server.url('/api/v2/'), minIntervalMs: 0, liveAnswers: layer });
    } finally {
      const body = fs.readFileSync(shared(FILE), 'utf8');
      server.setHandler(() => ({ headers: { 'content-type': 'application/json' }, body }));
    }
    expect(fs.existsSync(layer.dir) ? filesUnder(layer.dir) : []).to.deep.equal([]);
  });

  it('is opt-in: EVIDENCE_LIVE_MIRROR_DIR turns the layer on for the service\'s runs, unset leaves it off', () => {
    const dir = tempDir('live-answers');
    const on = offlineSourceOptions(loadSettings({ EVIDENCE_LIVE_MIRROR_DIR: dir }));
    expect(on.liveAnswers).to.be.instanceOf(LiveAnswerLayer);
    expect((on.liveAnswers as LiveAnswerLayer).dir).to.equal(path.resolve(dir));
    expect(on.mirror).to.be.instanceOf(LayeredMirror);
    const off = offlineSourceOptions(loadSettings({}));
    expect(off.liveAnswers).to.equal(undefined);
    expect(off.mirror).to.be.instanceOf(FileMirror);
  });

  it('scrubs known secrets and credential-looking query parameters from every string', () => {
    const out = scrubSecrets({ url: 'https://x.org/a?db=pubmed&api_key=abc123&email=me@x.org', nested: [`key ${KEY} here`] }, [KEY]);
    expect(out).to.deep.equal({ url: 'https://x.org/a?db=pubmed&api_key=***&email=***', nested: ['key *** here'] });
  });
});
