// The drug-combinations module through a real server on the seed slice (8 diseases): GET /api/synergy/pairs
// (200 with the envelope, 404, 422, determinism), the job under its id and its alias `synergy` (same result),
// the job body's dose-response matrix (HSA, Bliss, Loewe, ZIP; 422 for a body the schema refuses, a failed job
// for a matrix whose shape does not fit its doses), and the module catalogue.
import fs from 'node:fs';
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const hill = (x: number, ec50: number, h: number) => (x <= 0 ? 0 : Math.pow(x / ec50, h) / (1 + Math.pow(x / ec50, h)));

describe('Drug combinations module (GET /api/synergy/pairs, job drug-combinations / synergy)', function () {
  this.timeout(180_000);
  let server: TestServer;
  const json = { 'content-type': 'application/json' };
  const get = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    return { status: response.status, body: (await response.json()) as Json, text: '' };
  };
  const submit = async (path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: json, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const finished = async (jobId: string) => {
    let last: Json = {};
    await eventually(async () => {
      last = (await (await fetch(`${server.baseUrl}/api/jobs/${jobId}`)).json()) as Json;
      return ['SUCCESS', 'FAILURE', 'REVOKED'].includes(last.status as string);
    }, `job ${jobId} finishes`, 120_000);
    return last;
  };

  before(async () => {
    server = await startTestServer({ startWorkers: true, env: { BIOMED_SEED: 'true', JOB_STREAM_POLL_MS: '50' } });
  });
  after(async () => { await server?.close(); });

  it('ranks drug pairs for lupus with every factor, complementary exposure first, in the result envelope', async () => {
    const { status, body } = await get('/api/synergy/pairs?disease_id=sle&top_n=30');
    expect(status, JSON.stringify(body).slice(0, 400)).to.equal(200);
    expect(body).to.include({ module: 'drug-combinations', seed: 20190318 });
    expect(body.disease).to.deep.equal({ curie: 'MONDO:0007915', label: 'systemic lupus erythematosus', module_id: 'sle' });
    expect(body.parameters).to.deep.equal({ disease_id: 'sle', top_n: 30, max_compounds: 60, permutations: 1000, z_threshold: 0, separation_z_pairs: 20, network_randomisations: 20, dose_response_matrix: null });
    expect(body.proximity).to.include({ permutations: 1000, z_threshold: 0 });
    expect(body.snapshots.map((s: Json) => s.resource)).to.include.members(['ppi', 'gwas_catalog', 'drugcentral', 'bindingdb', 'pharmacotherapydb']);
    expect(body.disclaimer).to.match(/Research use only/);
    expect(body.method).to.match(/Cheng, Kovács & Barabási, Nat Commun 2019/);
    expect(body.dose_response_synergy).to.equal(null);
    expect(body.pairs).to.have.length(30);
    expect(body.pairs_total).to.equal((body.selection.selected * (body.selection.selected - 1)) / 2);
    const counted = Object.values(body.configuration_counts as Record<string, number>).reduce((s, n) => s + n, 0);
    expect(counted).to.equal(body.pairs_total);
    // Indicated compounds come first in the selection.
    const indicated = body.compounds.filter((c: Json) => c.indicated).length;
    expect(indicated).to.equal(body.selection.indicated_with_interactome_targets);
    expect(body.compounds.slice(0, indicated).every((c: Json) => c.indicated)).to.equal(true);
    // The ranking follows the configuration order, and each pair's class follows from its own factors.
    const order = ['complementary_exposure', 'overlapping_exposure', 'indirect_exposure', 'single_exposure', 'non_exposure', 'independent_action', 'undetermined'];
    for (let i = 1; i < body.pairs.length; i++) expect(order.indexOf(body.pairs[i].configuration)).to.be.at.least(order.indexOf(body.pairs[i - 1].configuration));
    // A drug hits the disease module when its proximity z-score is below z_threshold (0 here).
    for (const c of body.compounds) expect(c.hits_disease_module).to.equal(c.proximity?.z == null ? null : c.proximity.z < 0);
    for (const p of body.pairs) {
      if (p.s_ab === null || p.z_a === null || p.z_b === null) { expect(p.configuration).to.equal('undetermined'); continue; }
      const hits = Number(p.z_a < 0) + Number(p.z_b < 0);
      const expected = hits === 2 ? (p.s_ab < 0 ? 'overlapping_exposure' : 'complementary_exposure')
        : hits === 1 ? (p.s_ab < 0 ? 'indirect_exposure' : 'single_exposure') : (p.s_ab < 0 ? 'non_exposure' : 'independent_action');
      expect(p.configuration).to.equal(expected);
      expect(p.s_ab).to.be.closeTo(p.d_ab - (p.d_aa + p.d_bb) / 2, 2e-4);
      expect(p.complementary_exposure).to.equal(p.configuration === 'complementary_exposure');
      expect(p.overlapping_exposure).to.equal(p.configuration === 'overlapping_exposure');
    }
  });

  it('answers the same bytes twice, 404 for an unknown disease, 422 for bad parameters', async () => {
    const a = await fetch(`${server.baseUrl}/api/synergy/pairs?disease_id=ra&top_n=10`);
    const b = await fetch(`${server.baseUrl}/api/synergy/pairs?disease_id=ra&top_n=10`);
    expect(a.status).to.equal(200);
    expect(await a.text()).to.equal(await b.text());
    expect((await get('/api/synergy/pairs?disease_id=no_such_disease')).status).to.equal(404);
    expect((await get('/api/synergy/pairs?disease_id=MONDO:9999999')).status).to.equal(404);
    for (const bad of ['top_n=0', 'top_n=501', 'max_compounds=1', 'colour=blue', 'top_n=ten', 'permutations=99', 'seed=-1', 'z_threshold=11']) {
      const { status, body } = await get(`/api/synergy/pairs?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('runs as a job under its id and its alias with the same result as the GET route', async () => {
    const sync = await get('/api/synergy/pairs?disease_id=pso&top_n=5');
    for (const name of ['drug-combinations', 'synergy']) {
      const submitted = await submit(`/api/jobs/${name}?disease_id=pso&top_n=5`);
      expect(submitted.status, JSON.stringify(submitted.body)).to.equal(202);
      expect(submitted.body.module).to.equal('drug-combinations');
      const job = await finished(submitted.body.job_id as string);
      expect(job.status, JSON.stringify(job).slice(0, 400)).to.equal('SUCCESS');
      expect(job.result).to.deep.equal(sync.body);
    }
  });

  it('scores a dose-response matrix given as the job body with HSA, Bliss, Loewe and ZIP', async () => {
    // Two Hill curves acting independently (Bliss), as fractions: Bliss and ZIP are 0, HSA positive.
    const dosesA = [0, 0.1, 0.3, 1, 3, 10], dosesB = [0, 0.5, 1, 2, 4, 8];
    const responses = dosesA.map((x) => dosesB.map((y) => { const a = hill(x, 1, 1.2), b = hill(y, 2, 0.8); return a + b - a * b; }));
    const body = { drug_a: 'DRUGBANK:DB00563', drug_b: 'DRUGBANK:DB00688', doses_a: dosesA, doses_b: dosesB, responses };
    const submitted = await submit('/api/jobs/synergy?disease_id=sle&top_n=3', body);
    expect(submitted.status, JSON.stringify(submitted.body)).to.equal(202);
    const job = await finished(submitted.body.job_id as string);
    expect(job.status, JSON.stringify(job).slice(0, 400)).to.equal('SUCCESS');
    const dr = job.result.dose_response_synergy;
    expect(dr).to.include({ unit: 'fraction', unit_inferred: true, drug_a: 'DRUGBANK:DB00563' });
    expect(dr.scores.bliss).to.be.closeTo(0, 1e-3);
    expect(dr.scores.zip).to.be.closeTo(0, 1e-3);
    expect(dr.scores.hsa).to.be.greaterThan(0);
    expect(dr.readings).to.deep.equal({ hsa: dr.scores.hsa > 10 ? 'synergistic' : 'additive', bliss: 'additive', loewe: dr.readings.loewe, zip: 'additive' });
    expect(dr.surfaces.bliss.synergy).to.have.length(5);
    expect(dr.surfaces.bliss.synergy[0]).to.have.length(5);
    expect(dr.single_drug_fits.drug_a.converged).to.equal(true);
    // Methotrexate and mycophenolate are compounds of the graph: their network configuration for lupus.
    expect(dr.network.pair ?? dr.network.not_computed).to.not.equal(undefined);
    expect(job.result.parameters.dose_response_matrix).to.deep.equal({ drug_a: 'DRUGBANK:DB00563', drug_b: 'DRUGBANK:DB00688', doses_a: 6, doses_b: 6, unit: null });
    expect(job.result.method).to.match(/Yadav, Wennerberg, Aittokallio & Tang/);
  });

  it('refuses a body the schema refuses (422) and fails a job whose matrix does not fit its doses', async () => {
    const partial = await submit('/api/jobs/synergy', { drug_a: 'x', doses_a: [0, 1, 2, 3] });
    expect(partial.status).to.equal(422);
    expect(partial.body.detail.some((d: Json) => d.loc[0] === 'body')).to.equal(true);
    const extra = await submit('/api/jobs/synergy', { colour: 'blue' });
    expect(extra.status).to.equal(422);
    const misshapen = await submit('/api/jobs/synergy?top_n=1', {
      drug_a: 'a', drug_b: 'b', doses_a: [0, 1, 2, 3], doses_b: [1, 2, 3, 4], responses: [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6], [1, 1, 1, 1]],
    });
    expect(misshapen.status).to.equal(202);
    const job = await finished(misshapen.body.job_id as string);
    expect(job.status).to.equal('FAILURE');
    expect(JSON.stringify(job.error)).to.match(/first dose must be 0/).and.to.match(/one row per dose of drug A/);
  });

  it('is listed by /api/system/modules with its alias and body schema', async () => {
    const { body } = await get('/api/system/modules');
    const entry = body.modules.find((m: Json) => m.id === 'drug-combinations');
    expect(entry).to.include({ available: true });
    expect(entry.aliases).to.deep.equal(['synergy']);
    expect(entry.body_schema.properties).to.have.keys(['drug_a', 'drug_b', 'doses_a', 'doses_b', 'responses', 'unit']);
  });

  it('writes its HTML report with export_html', async () => {
    const submitted = await submit('/api/jobs/drug-combinations?disease_id=sle&top_n=3&export_html=true');
    const job = await finished(submitted.body.job_id as string);
    expect(job.status).to.equal('SUCCESS');
    const html = fs.readFileSync(job.result.report_path as string, 'utf8');
    expect(html).to.match(/^<!doctype html>/).and.to.include('Research use only').and.to.include(job.result.pairs[0].drug_a.curie);
  });
});
