// The evidence monitor through a real server, offline on a copy of the bundled corpus, on a database of its
// own: POST /api/monitor/snapshot queues a job and answers 202 before any of the work (issue 23: it ran the
// research pipeline inside the request, ~30 s under load); the job's result is the snapshot, which holds each
// configured source's records (ids read from the corpus file here) and the top rankings; after a trial is
// taken out of the corpus, the next snapshot's diff names exactly that record as removed; status lists both;
// 404 / 422 for unknown diseases, snapshots and odd input; the scheduler's duty takes one too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { createScratchDatabase, PROJECT_ROOT, ScratchDatabase } from '../../biomed/support/biomed-env';
import { startMonitorDuty } from '../../../app/operations-schedule';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const KEY = 'monitor-test-key-0123456789abcdef';

describe('evidence monitor (/api/monitor/*)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let database: ScratchDatabase;
  const corpus = fs.mkdtempSync(path.join(os.tmpdir(), 'monitor-corpus-'));
  const trials = path.join(corpus, 'clinical_trials', 'sle.json');
  const call = async (method: string, url: string, headers: Record<string, string> = { 'X-API-Key': KEY }) => {
    const r = await fetch(`${server.baseUrl}${url}`, { method, headers });
    return { status: r.status, body: await r.json().catch(() => null) as Json };
  };
  const nctIds = () => (JSON.parse(fs.readFileSync(trials, 'utf8')).studies as Json[]).map((s) => s.protocolSection.identificationModule.nctId as string).sort();

  /** The finished job's result: the snapshot. */
  const finished = async (jobId: string): Promise<Json> => {
    for (;;) {
      const job = await call('GET', `/api/jobs/${jobId}`);
      if (job.body?.status === 'SUCCESS') return job.body.result as Json;
      if (job.body?.status === 'FAILURE') throw new Error(`snapshot job failed: ${JSON.stringify(job.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const snapshot = async (): Promise<Json> => {
    const queued = await call('POST', '/api/monitor/snapshot?disease_id=sle');
    expect(queued.status).to.equal(202);
    return finished(queued.body.job_id as string);
  };

  before(async () => {
    fs.cpSync(path.join(PROJECT_ROOT, 'fixtures', 'corpus'), corpus, { recursive: true });
    database = await createScratchDatabase();
    // No workers yet: the first test shows the request answered with nothing computed.
    server = await startTestServer({ databaseUrl: database.url, env: { API_KEY: KEY, EVIDENCE_SOURCE_MODE: 'offline', EVIDENCE_CORPUS_DIR: corpus, USE_CACHE: 'false', MONITOR_DISEASES: 'sle' } });
  });
  after(async () => { await server?.close(); await database?.drop(); fs.rmSync(corpus, { recursive: true, force: true }); });

  it('queues a snapshot (202, job id, Location) and answers before any of it is computed; used to compute it inside the request', async () => {
    expect((await call('POST', '/api/monitor/snapshot?disease_id=sle', {})).status).to.equal(401);
    const response = await fetch(`${server.baseUrl}/api/monitor/snapshot?disease_id=sle`, { method: 'POST', headers: { 'X-API-Key': KEY } });
    const queued = await response.json() as Json;
    expect(response.status).to.equal(202);
    expect(queued).to.include({ status: 'PENDING', module: 'monitor-snapshot' });
    expect(response.headers.get('location')).to.equal(`/api/jobs/${queued.job_id}`);
    // No worker runs yet: the answer came with nothing taken, and the service answers meanwhile.
    expect((await call('GET', '/api/monitor/status?disease_id=sle', {})).body.snapshots).to.deep.equal([]);
    expect((await call('GET', '/api/health', {})).status).to.equal(200);
    expect((await call('GET', `/api/jobs/${queued.job_id}`)).body.status).to.equal('PENDING');
    await server.runtime.startWorkers();
    const taken = await finished(queued.job_id as string);
    expect(taken.snapshotId, 'the job id is the snapshot id').to.equal(queued.job_id);
    const status = await call('GET', '/api/monitor/status?disease_id=sle', {});
    expect(status.body.snapshots.map((s: Json) => s.snapshot_id)).to.deep.equal([queued.job_id]);
  });

  it('the snapshot holds every configured source\'s record ids and the top rankings', async () => {
    const body = (await call('GET', '/api/monitor/status?disease_id=sle', {})).body.latest as Json;
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
    const second = await snapshot();
    const { status, body } = await call('GET', '/api/monitor/diff?disease_id=sle');
    expect(status).to.equal(200);
    expect(body.to.snapshot_id).to.equal(second.snapshotId);
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
