// GET /api/stats and GET /api/system/corpus-status through a real server on the seed slice (own scratch
// database): the graph figures agree with /api/kg/stats, a job shows under its disease with its stored
// result; the corpus report, written by the scheduler's duty, has one tier per registry disease and SLE's
// tier is the one /api/v1/conditions/{curie} reports.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { testEvent } from '../../support/events';
import { startTestServer, TestServer } from '../../support/test-server';
import { createScratchDatabase, PROJECT_ROOT, ScratchDatabase } from '../../biomed/support/biomed-env';
import { startCorpusStatusDuty } from '../../../app/operations-schedule';
import { corpusStatusRows, latestCorpusStatus } from '../../../commands/corpus-status/corpus-status';
import { BlobStore } from '../../../infra/blobs/blob-store';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('GET /api/stats and /api/system/corpus-status', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  const get = async (url: string) => { const r = await fetch(`${server.baseUrl}${url}`); return { status: r.status, body: await r.json() as Json }; };

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true' } });
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  it('reports the store, the graph (as /api/kg/stats does) and a job with its result under its disease', async () => {
    const submitted = await (await fetch(`${server.baseUrl}/api/jobs/enrichment?disease_id=sle`, { method: 'POST' })).json() as Json;
    let sle: Json = {};
    await eventually(async () => {
      sle = (await get('/api/stats?disease_id=sle')).body;
      return sle.diseases?.sle?.jobs?.by_phase?.succeeded >= 1 && sle.diseases.sle.module_results >= 1;
    }, `job ${submitted.job_id} counted`, 60_000);
    expect(sle.diseases.sle.jobs.by_module['pathway-enrichment']).to.be.at.least(1);
    expect(Object.keys(sle.diseases)).to.deep.equal(['sle']);
    const kg = (await get('/api/kg/stats')).body;
    expect(sle.graph).to.include({ nodes: kg.nodes, edges: kg.edges, claims: kg.claims });
    expect(sle.store.totals.terms).to.be.greaterThan(0);
    expect(sle.store.snapshots.map((s: Json) => s.resource)).to.include('mondo');
    expect((await get('/api/stats?disease_id=%00')).status).to.equal(422);
    expect((await get('/api/stats?other=1')).status).to.equal(422);
  });

  it('a job for a disease id named like an object member (constructor, __proto__) made GET /api/stats answer 500', async () => {
    // bench:fuzz found it: the per-disease tally was a plain object, and `constructor` read Object's own member.
    // Submissions now refuse an unknown disease (422), but a store keeps the jobs it recorded before that check,
    // so the jobs are recorded here as those were: their JobSubmitted events appended to the store.
    for (const id of ['constructor', '__proto__']) {
      expect((await fetch(`${server.baseUrl}/api/jobs/enrichment?disease_id=${id}`, { method: 'POST' })).status, id).to.equal(422);
      const jobId = randomUUID();
      await server.runtime.store.append(`job-${jobId}`, [testEvent('JobSubmitted', { jobId, module: 'enrichment', params: { disease_id: id }, at: new Date().toISOString() })]);
    }
    let stats: { status: number; body: Json } = { status: 0, body: {} };
    await eventually(async () => {
      stats = await get('/api/stats');
      return stats.status !== 200 || (Object.hasOwn(stats.body.diseases, 'constructor') && Object.hasOwn(stats.body.diseases, '__proto__'));
    }, 'both jobs counted', 60_000);
    expect(stats.status).to.equal(200);
    for (const id of ['constructor', '__proto__']) expect(stats.body.diseases[id].jobs.total, id).to.be.at.least(1);
    expect((await get('/api/stats?disease_id=constructor')).body.diseases.constructor.jobs.total).to.be.at.least(1);
  });

  it('has no corpus report until the scheduler writes one, then one tier per registry disease', async () => {
    const before = (await get('/api/system/corpus-status')).body;
    expect(before).to.include({ available: false, diseases: 0, generated_at: null });
    const stop = startCorpusStatusDuty(server.runtime);
    await stop(); // the duty runs once at start; stop waits for it
    const { status, body } = await get('/api/system/corpus-status');
    expect(status).to.equal(200);
    const moduleFiles = fs.readdirSync(path.join(PROJECT_ROOT, 'fixtures', 'diseases')).filter((f) => f.endsWith('.json'));
    expect(body.available).to.equal(true);
    expect(body.diseases).to.equal(moduleFiles.length);
    expect(Object.values(body.tiers as Record<string, number>).reduce((a, b) => a + b, 0)).to.equal(body.diseases);
    const sleTier = (await get('/api/v1/conditions/MONDO:0007915')).body.readiness_tier as string;
    expect(body.tiers[sleTier]).to.be.at.least(1);
    const report = await latestCorpusStatus(server.runtime);
    const rows = await corpusStatusRows({ blobs: new BlobStore(server.runtime.db.knex) }, report!);
    expect(rows.map((r) => r.disease_id)).to.deep.equal(moduleFiles.map((f) => JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'fixtures', 'diseases', f), 'utf8')).id).sort());
    expect(rows.find((r) => r.disease_id === 'sle')).to.deep.equal({ disease_id: 'sle', mondo_id: 'MONDO:0007915', tier: sleTier });
    expect(body.tier_meaning.L0).to.be.a('string');
  });
});
