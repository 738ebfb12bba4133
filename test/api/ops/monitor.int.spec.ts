// The evidence monitor through a real server, offline on a copy of the bundled corpus: a snapshot holds
// each configured source's records (ids read from the corpus file here) and the top rankings; after a
// trial is taken out of the corpus, the next snapshot's diff names exactly that record as removed; status
// lists both; 404 / 422 for unknown diseases, snapshots and odd input; the scheduler's duty takes one too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { PROJECT_ROOT } from '../../biomed/support/biomed-env';
import { startMonitorDuty } from '../../../app/operations-schedule';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const KEY = 'monitor-test-key-0123456789abcdef';

describe('evidence monitor (/api/monitor/*)', function () {
  this.timeout(120_000);
  let server: TestServer;
  const corpus = fs.mkdtempSync(path.join(os.tmpdir(), 'monitor-corpus-'));
  const trials = path.join(corpus, 'clinical_trials', 'sle.json');
  const call = async (method: string, url: string, headers: Record<string, string> = { 'X-API-Key': KEY }) => {
    const r = await fetch(`${server.baseUrl}${url}`, { method, headers });
    return { status: r.status, body: await r.json().catch(() => null) as Json };
  };
  const nctIds = () => (JSON.parse(fs.readFileSync(trials, 'utf8')).studies as Json[]).map((s) => s.protocolSection.identificationModule.nctId as string).sort();

  before(async () => {
    fs.cpSync(path.join(PROJECT_ROOT, 'fixtures', 'corpus'), corpus, { recursive: true });
    server = await startTestServer({ env: { API_KEY: KEY, EVIDENCE_SOURCE_MODE: 'offline', EVIDENCE_CORPUS_DIR: corpus, USE_CACHE: 'false', MONITOR_DISEASES: 'sle' } });
  });
  after(async () => { await server?.close(); fs.rmSync(corpus, { recursive: true, force: true }); });

  it('takes a snapshot on demand (key required) with every configured source\'s record ids and the top rankings', async () => {
    expect((await call('POST', '/api/monitor/snapshot?disease_id=sle', {})).status).to.equal(401);
    const { status, body } = await call('POST', '/api/monitor/snapshot?disease_id=sle');
    expect(status).to.equal(201);
    expect(body).to.include({ diseaseId: 'sle', trigger: 'on_demand' });
    expect(body.sources.clinical_trials.record_ids).to.deep.equal(nctIds());
    expect(body.sources.clinical_trials).to.include({ status: 'ok', record_count: nctIds().length, retrieval_mode: 'offline' });
    expect(body.rankings.drugs.length).to.be.within(1, 10);
    // Standard competition ranking, as the dossier ranks (domain/workspace/ranking.ts): a drug's rank is its
    // position, unless it ties the drug before it (equal on every ordering key, so on score too), whose rank it shares.
    const drugs = body.rankings.drugs as Json[];
    drugs.forEach((d, i) => {
      if (i > 0 && d.rank === drugs[i - 1]!.rank) expect(d.score, `${d.id} shares a rank`).to.equal(drugs[i - 1]!.score);
      else expect(d.rank, `${d.id}`).to.equal(i + 1);
    });
  });

  it('diffs the previous and the latest snapshot: a trial taken out of the corpus is removed', async () => {
    expect((await call('GET', '/api/monitor/diff?disease_id=sle')).status, 'one snapshot: nothing to diff').to.equal(404);
    const file = JSON.parse(fs.readFileSync(trials, 'utf8'));
    const gone = file.studies.pop().protocolSection.identificationModule.nctId as string;
    fs.writeFileSync(trials, JSON.stringify(file));
    const second = await call('POST', '/api/monitor/snapshot?disease_id=sle');
    expect(second.status).to.equal(201);
    const { status, body } = await call('GET', '/api/monitor/diff?disease_id=sle');
    expect(status).to.equal(200);
    expect(body.to.snapshot_id).to.equal(second.body.snapshotId);
    expect(body.sources.clinical_trials).to.deep.include({ added: [], removed: [gone] });
    expect(body.sources.clinical_trials.count_after).to.equal(body.sources.clinical_trials.count_before - 1);
    expect(body.sources.pubmed).to.deep.include({ added: [], removed: [] });
  });

  it('lists the snapshots newest first, takes a scheduled one, and answers 404 / 422 for odd input', async () => {
    await startMonitorDuty(server.runtime)(); // runs once at start; stop waits for it
    const status = await call('GET', '/api/monitor/status?disease_id=sle', {});
    expect(status.body.snapshots.map((s: Json) => s.trigger)).to.deep.equal(['scheduled', 'on_demand', 'on_demand']);
    expect(status.body.interval_hours).to.equal(24);
    expect(status.body.latest.snapshotId).to.equal(status.body.snapshots[0].snapshot_id);
    const [latest, , first] = status.body.snapshots as Json[];
    const explicit = await call('GET', `/api/monitor/diff?disease_id=sle&from=${first!.snapshot_id}&to=${latest!.snapshot_id}`);
    expect(explicit.body.sources.clinical_trials.removed).to.have.length(1);
    expect((await call('GET', '/api/monitor/status?disease_id=no_such')).status).to.equal(404);
    expect((await call('POST', '/api/monitor/snapshot?disease_id=no_such')).status).to.equal(404);
    expect((await call('GET', '/api/monitor/diff?disease_id=sle&from=6b1c7f1e-0000-4000-8000-000000000009')).status).to.equal(404);
    for (const url of ['/api/monitor/diff?from=nope', '/api/monitor/status?disease_id=%00', '/api/monitor/status?x=1']) {
      expect((await call('GET', url)).status, url).to.equal(422);
    }
  });
});
