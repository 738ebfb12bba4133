// GET /api/ml/predict and the link-prediction job through a real server on the real seed slice (8 diseases,
// 125 disease-modifying treatments): the envelope and result schema, exact SHAP sums, the model cached per
// active snapshot set and retrained when it changes, determinism, 404 / 422, the job by id and by its legacy alias, the module catalog, and
// 409 on a store without enough treatments.
import { expect } from 'chai';
import { diseaseRankingCached } from '../../../commands/analysis/link-prediction/disease-ranking';
import { linkModel, linkModelCached } from '../../../commands/analysis/link-prediction/link-model';
import { linkPredictionModule } from '../../../commands/analysis/link-prediction/link-prediction-module';
import { validate } from '../../../domain/shared/schema-validation';
import { storeGraphCache } from '../../../infra/kg/store-graph-cache';
import { biomedDeps } from '../../../app/biomed.compose';
import { importSnapshot } from '../../../commands/biomed/import-snapshot';
import { createScratchDatabase, fixture, ScratchDatabase } from '../../biomed/support/biomed-env';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function get(server: TestServer, path: string): Promise<{ status: number; body: Json; text: string }> {
  const response = await fetch(`${server.baseUrl}${path}`);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Json, text };
}

async function finished(server: TestServer, jobId: string): Promise<Json> {
  let last: Json = {};
  await eventually(async () => {
    last = (await (await fetch(`${server.baseUrl}/api/jobs/${jobId}`)).json()) as Json;
    return last.status === 'SUCCESS' || last.status === 'FAILURE';
  }, `job ${jobId} finishes`, 60_000);
  return last;
}

describe('link prediction: GET /api/ml/predict and the job (seed slice)', function () {
  this.timeout(180_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  let first: { status: number; body: Json; text: string };

  before(async function () {
    // A database of its own: the last test activates one more snapshot, which no other spec should see.
    scratch = await createScratchDatabase();
    server = await startTestServer({ startWorkers: true, databaseUrl: scratch.url, env: { BIOMED_SEED: 'true', JOB_STREAM_POLL_MS: '50' } });
  });
  after(async function () {
    await server?.close();
    await scratch?.drop();
  });

  it('trains on the first request and answers with the envelope, exact SHAP values and example paths', async function () {
    const served = await storeGraphCache(server.runtime.db.knex).current();
    expect(linkModelCached(served), 'nothing trained before the first request').to.equal(false);
    first = await get(server, '/api/ml/predict?disease_id=ms&top_n=10');
    expect(first.status, first.text).to.equal(200);
    expect(linkModelCached(served), 'the model is cached for the active set').to.equal(true);
    const body = first.body;
    expect(validate(linkPredictionModule.routes[0]!.resultSchema, JSON.parse(first.text), 'body')).to.deep.equal([]);
    expect(body).to.include({ module: 'link-prediction' });
    expect(body.method).to.contain('Rephetio');
    expect(body.disease).to.deep.equal({ curie: 'MONDO:0005301', label: 'multiple sclerosis', module_id: 'ms' });
    expect(body.parameters).to.deep.equal({ top_n: 10, no_shap: false });
    expect(body.seed).to.be.a('number');
    expect(body.snapshots.map((s: Json) => s.resource)).to.include('pharmacotherapydb');
    expect(body.model.version).to.equal(served.key);
    expect(body.model.training.positives).to.be.at.least(20);
    // The seed holds ChEMBL molecules without a Rephetio-era edge: the answer says they were left out of the universe.
    const universe = body.model.training.compound_universe;
    expect(universe).to.include({ feature_set: 'rephetio_era', compounds: body.model.training.compounds });
    expect(universe.resources).to.include('pharmacotherapydb').and.not.include('chembl');
    expect(universe.excluded_compounds).to.be.above(0);
    expect(universe.compounds + universe.excluded_compounds).to.equal(served.graph.countsByNodeType().Compound);
    expect(body.model.features.map((f: Json) => f.id)).to.include.members(['dwpc_CbGaD', 'dwpc_CcSEcCtD', 'proximity', 'degree_CbG']);
    expect(body.predictions).to.have.length(10);
    body.predictions.forEach((p: Json, i: number) => {
      expect(p.rank).to.equal(i + 1);
      if (i > 0) expect(p.log_odds).to.be.at.most(body.predictions[i - 1].log_odds);
      expect(p.probability).to.be.closeTo(1 / (1 + Math.exp(-p.log_odds)), 1e-12);
      expect(p.compound.curie).to.match(/^DRUGBANK:DB\d+$/);
      // Exact SHAP in log-odds: the values sum to the log-odds minus the base value.
      const sum = Object.values(p.shap as Record<string, number>).reduce((s, v) => s + v, 0);
      expect(sum).to.be.closeTo(p.log_odds - body.model.base_value, 1e-9);
      expect(p.top_features).to.have.length(3);
      for (const f of p.top_features) {
        expect(f.contribution).to.equal(p.shap[f.feature]);
        if (f.value !== null && f.value > 0 && f.kind !== 'missing_indicator' && f.kind !== 'prior') {
          expect(f.path, f.feature).to.not.equal(null);
          expect(f.path.nodes[0].id).to.equal(p.compound.curie);
          expect(f.path.edges).to.have.length(f.path.nodes.length - 1);
          for (const e of f.path.edges) expect(e.types.length).to.be.greaterThan(0);
        }
      }
    });
    // Multiple sclerosis has disease-modifying treatments in the seed: each listed with its rank, marked in-sample
    // (the model was fitted on them: their scores are fitted values), and no extrapolation warning.
    expect(body.known_treatments.length).to.be.greaterThan(0);
    for (const k of body.known_treatments) {
      expect(k.rank).to.be.within(1, body.compounds_scored);
      expect(k.in_sample, k.compound.curie).to.equal(true);
    }
    for (const p of body.predictions) if (p.known === 'treats') expect(p.in_sample).to.equal(true);
    expect(body.warning).to.equal(null);
    expect(body.model.probability_meaning).to.match(/PharmacotherapyDB disease-modifying indication/).and.match(/not a chance of clinical efficacy/);
  });

  it('warns "extrapolated" for a disease with no known disease-modifying treatment (Parkinson\'s disease: symptomatic and NOT labels only)', async function () {
    const { status, body } = await get(server, '/api/ml/predict?disease_id=pd&top_n=5');
    expect(status).to.equal(200);
    expect(body.known_treatments).to.deep.equal([]);
    expect(body.warning.kind).to.equal('extrapolated');
    expect(body.warning.message).to.match(/no known disease-modifying treatment/);
    for (const p of body.predictions) expect(p.in_sample).to.equal(false);
  });

  it('serves the second request from the cached model and the disease\'s cached ranking, byte-identical', async function () {
    const again = await get(server, '/api/ml/predict?disease_id=ms&top_n=10');
    expect(again.text).to.equal(first.text);
    const served = await storeGraphCache(server.runtime.db.knex).current();
    const outcome = await linkModel(served, server.runtime.db.knex);
    if (outcome.kind !== 'ready') throw new Error(outcome.kind);
    expect(diseaseRankingCached(outcome.trained, served.graph.lookup('MONDO:0005301')!), 'MS\'s ranking kept beside the model').to.equal(true);
    // A longer list from the cached ranking: its first ten are the first answer's, explanations and all.
    const longer = await get(server, '/api/ml/predict?disease_id=ms&top_n=25');
    expect(longer.body.predictions).to.have.length(25);
    expect(longer.body.predictions.slice(0, 10)).to.deep.equal(first.body.predictions);
    expect(longer.body.known_treatments).to.deep.equal(first.body.known_treatments);
  });

  it('leaves out the SHAP vectors with no_shap but keeps each prediction\'s top features', async function () {
    const { status, body } = await get(server, '/api/ml/predict?disease_id=MONDO:0005301&top_n=3&no_shap=true');
    expect(status).to.equal(200);
    expect(body.parameters).to.deep.equal({ top_n: 3, no_shap: true });
    for (const p of body.predictions) {
      expect(p.shap).to.equal(null);
      expect(p.top_features).to.have.length(3);
    }
    expect(body.predictions.map((p: Json) => p.compound.curie)).to.deep.equal(first.body.predictions.slice(0, 3).map((p: Json) => p.compound.curie));
  });

  it('answers 404 for an unknown disease and 422 for bad parameters', async function () {
    expect((await get(server, '/api/ml/predict?disease_id=no_such_disease')).status).to.equal(404);
    expect((await get(server, '/api/ml/predict?disease_id=MONDO:9999999')).status).to.equal(404);
    for (const query of ['top_n=0', 'top_n=5001', 'top_n=abc', 'no_shap=maybe', 'unknown=1']) {
      expect((await get(server, `/api/ml/predict?${query}`)).status, query).to.equal(422);
    }
  });

  it('runs as a job under its id and its legacy alias, with the route\'s result', async function () {
    const byId = await fetch(`${server.baseUrl}/api/jobs/link-prediction?disease_id=ms&top_n=10`, { method: 'POST' });
    expect(byId.status).to.equal(202);
    const job = await finished(server, ((await byId.json()) as Json).job_id);
    expect(job.status, JSON.stringify(job)).to.equal('SUCCESS');
    expect(job.module).to.equal('link-prediction');
    expect(job.result).to.deep.equal(JSON.parse(first.text)); // stored as jsonb: same content, key order not kept
    const byAlias = await fetch(`${server.baseUrl}/api/jobs/ml?disease_id=MONDO:0005301&top_n=2`, { method: 'POST' });
    expect(byAlias.status).to.equal(202);
    const aliased = await finished(server, ((await byAlias.json()) as Json).job_id);
    expect(aliased.status).to.equal('SUCCESS');
    expect(aliased.module).to.equal('link-prediction');
    expect(aliased.result.predictions).to.have.length(2);
    // An unknown disease is refused before it is queued (issue 23: it was queued, 202, only to fail).
    const unknown = await fetch(`${server.baseUrl}/api/jobs/ml?disease_id=no_such_disease`, { method: 'POST' });
    expect(unknown.status).to.equal(422);
    expect(((await unknown.json()) as Json).detail).to.deep.equal([{ loc: ['query', 'disease_id'], msg: "unknown disease module 'no_such_disease'", type: 'unknown_disease' }]);
  });

  it('is listed in /api/system/modules with its alias', async function () {
    const { body } = await get(server, '/api/system/modules');
    const entry = body.modules.find((m: Json) => m.id === 'link-prediction');
    expect(entry).to.not.equal(undefined);
    expect(entry.aliases).to.deep.equal(['ml']);
    expect(entry.available).to.equal(true);
    expect(entry.request_schema.properties).to.include.keys('disease_id', 'top_n', 'no_shap');
  });

  it('retrains when the active snapshots change: the new model is versioned by the new set', async function () {
    const before = (await storeGraphCache(server.runtime.db.knex).current()).key;
    const deps = biomedDeps(server.runtime.settings, server.runtime.db, server.runtime.store, server.runtime.clock);
    const imported = await importSnapshot(deps, { resource: 'hpoa', files: [fixture('hpoa-fixture.hpoa')] });
    expect(imported.outcome).to.equal('imported');
    const after = await storeGraphCache(server.runtime.db.knex).current();
    expect(after.key).to.not.equal(before);
    expect(linkModelCached(after)).to.equal(false);
    const { status, body } = await get(server, '/api/ml/predict?disease_id=ms&top_n=10');
    expect(status).to.equal(200);
    expect(body.model.version).to.equal(after.key);
    expect(body.model.version).to.contain('hpoa-');
    expect(body.snapshots.map((s: Json) => s.resource)).to.include('hpoa');
    expect(linkModelCached(after)).to.equal(true);
  });
});

describe('link prediction: 409 without enough treatments in the active snapshots', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let server: TestServer;

  before(async function () {
    scratch = await createScratchDatabase();
    server = await startTestServer({ startWorkers: true, databaseUrl: scratch.url, env: { BIOMED_SEED: 'false', JOB_STREAM_POLL_MS: '50' } });
  });
  after(async function () {
    await server?.close();
    await scratch?.drop();
  });

  it('answers 409 ModuleNotAvailableError naming the rule, and the job fails with the same reason', async function () {
    const { status, body } = await get(server, '/api/ml/predict?disease_id=ms');
    expect(status).to.equal(409);
    expect(body.error_type).to.equal('ModuleNotAvailableError');
    expect(body.detail).to.contain('at least 20 disease-modifying treatments');
    const submitted = await fetch(`${server.baseUrl}/api/jobs/link-prediction?disease_id=ms`, { method: 'POST' });
    expect(submitted.status).to.equal(202);
    const job = await finished(server, ((await submitted.json()) as Json).job_id);
    expect(job.status).to.equal('FAILURE');
    expect(job.error).to.contain('at least 20 disease-modifying treatments');
  });
});
