// run-all on the seed slice through a real server: the default module set completes on sle (the seed's
// surfaceome slice included, so CAR-T and biomarker discovery answer too), each with an HTML report that
// carries the disclaimer; skip_ml, parallel limits and the FAILURE case.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { findProjectRoot } from '../../../infra/sources/offline-reader';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('run-all on the seed data (POST /api/jobs/run-all)', function () {
  this.timeout(300_000);
  let scratch: ScratchDatabase;
  let server: TestServer;

  async function runAll(query: string): Promise<Json> {
    const submitted = await fetch(`${server.baseUrl}/api/jobs/run-all?${query}`, { method: 'POST' });
    expect(submitted.status).to.equal(202);
    const { job_id } = await submitted.json() as Json;
    let last: Json = {};
    await eventually(async () => {
      last = await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`)).json() as Json;
      return ['SUCCESS', 'FAILURE'].includes(last.status);
    }, `job ${job_id} finishes`, 240_000);
    return last;
  }

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true' } });
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  /**
   * The default set by its documented rule: every module but those with a submission route of their own (the
   * Workspace, the monitor's snapshot job), the slow ones and the on-demand tools.
   */
  const defaultSet = () => server.runtime.modules.list().filter((m) => !m.ownSubmission).map((m) => m.id)
    .filter((id) => !['link-prediction', 'virtual-screening', 'semantic-search', 'llm-extraction'].includes(id)).sort();

  it('completes every module of the default set on sle, each with an HTML report carrying the disclaimer', async () => {
    const started = Date.now();
    const done = await runAll('disease_id=sle&export_html=true');
    console.log(`      run-all default set on sle (seed): ${Date.now() - started} ms wall`);
    expect(done.status, JSON.stringify(done.error ?? done.result?.errors)).to.equal('SUCCESS');
    // The seed carries every resource the default set needs (the surfaceome slice included): no module is left out.
    const completing = defaultSet();
    expect(done.result.modules_completed).to.deep.equal(completing);
    expect(done.result.errors).to.deep.equal({});
    expect(Object.keys(done.result.report_paths).sort()).to.deep.equal(completing);
    for (const [module, file] of Object.entries(done.result.report_paths as Record<string, string>)) {
      const html = fs.readFileSync(file, 'utf8');
      expect(html, module).to.match(/^<!doctype html>/i);
      expect(html, module).to.contain('Research use only');
    }
    // Each module's result is recorded for export under the disease.
    await eventually(async () => {
      const listing = await (await fetch(`${server.baseUrl}/api/export/modules?disease_id=sle`)).json() as Json;
      return completing.every((id) => listing.modules.find((m: Json) => m.id === id)?.results.length === 1);
    }, 'every default module exported', 20_000);
    const report = await fetch(`${server.baseUrl}/api/export/report/pathway-enrichment?disease_id=sle`);
    expect(await report.text()).to.contain('Research use only');
  });

  it('answers CAR-T and biomarker discovery on sle with the GESP scores of the seed\'s surfaceome slice', async () => {
    // The slice read here: Ensembl id -> score, put on NCBI Gene ids through the seed gene_info (one Entrez gene per id, as the importer does).
    const seed = path.join(findProjectRoot(), 'fixtures', 'seed');
    const entrez = new Map<string, string[]>();
    for (const line of fs.readFileSync(path.join(seed, 'ncbi-gene/Homo_sapiens.seed.gene_info'), 'utf8').split('\n')) {
      const c = line.split('\t');
      if (c[0] !== '9606') continue;
      for (const x of c[5]!.split('|')) if (x.startsWith('Ensembl:')) entrez.set(x.slice(8), [...(entrez.get(x.slice(8)) ?? []), c[1]!]);
    }
    const gesp = new Map<string, number>();
    const lines = fs.readFileSync(path.join(seed, 'surfaceome/TCSA-Figure1_GESPscore.seed.tsv'), 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    const scoreCol = lines[0]!.split('\t').indexOf('Core Score');
    for (const line of lines.slice(1)) {
      const c = line.split('\t');
      const ids = entrez.get(c[0]!) ?? [];
      if (ids.length === 1) gesp.set(`NCBIGene:${ids[0]}`, Math.max(gesp.get(`NCBIGene:${ids[0]}`) ?? 0, Number(c[scoreCol])));
    }
    const cart = await fetch(`${server.baseUrl}/api/cart/suitability?disease=sle&top_n=500`);
    const cartBody = await cart.json() as Json;
    expect(cart.status, JSON.stringify(cartBody).slice(0, 300)).to.equal(200);
    expect(cartBody.antigens).to.have.length.greaterThan(0);
    for (const a of cartBody.antigens as Json[]) expect(a.surface.gesp_score, a.symbol).to.equal(gesp.get(a.id));
    const markers = await fetch(`${server.baseUrl}/api/biomarker/discover?disease_id=sle&top_n=500`);
    const markersBody = await markers.json() as Json;
    expect(markers.status, JSON.stringify(markersBody).slice(0, 300)).to.equal(200);
    expect(markersBody.biomarkers).to.have.length.greaterThan(0);
    for (const b of markersBody.biomarkers as Json[]) expect(b.accessibility.surface_gesp_score ?? 0, b.symbol).to.equal(gesp.get(b.id) ?? 0);
    expect((markersBody.biomarkers as Json[]).some((b) => b.criteria.surface_evidence)).to.equal(true);
    // Issue 29: clinical precedence is approved disease-modifying use or a phase ≥ 2 study, never a symptomatic use
    // (the seed's amitriptyline PALLIATES SLE made SLC6A2/SLC6A4 the top antigens); STUDIED_FOR edges count only
    // through the phases read from their claims, so seeing one here shows the phases were read.
    const precedents = (cartBody.antigens as Json[]).flatMap((a) => a.disease_relevance.clinical_precedence as Json[]);
    expect(precedents.map((p) => p.relation)).to.not.include('PALLIATES');
    expect(precedents.map((p) => p.relation)).to.include('STUDIED_FOR');
    for (const symbol of ['SLC6A2', 'SLC6A4']) expect((cartBody.antigens as Json[]).find((a) => a.symbol === symbol)?.disease_relevance.kind, symbol).to.not.equal('clinical_precedence');
    const describe = (a: Json) => `${a.symbol} (${a.disease_relevance.kind}${(a.disease_relevance.clinical_precedence as Json[]).length ? `: ${(a.disease_relevance.clinical_precedence as Json[]).map((p) => `${p.label} ${p.relation}`).join('; ')}` : ''})`;
    const rankOf = (symbol: string) => (cartBody.antigens as Json[]).find((a) => a.symbol === symbol)?.rank ?? 'absent';
    console.log(`      seed CAR-T on sle: ${cartBody.antigens.length} antigens (top ${(cartBody.antigens as Json[]).slice(0, 10).map(describe).join(', ')}; `
      + `CD19 ${rankOf('CD19')}, MS4A1 ${rankOf('MS4A1')}, TNFRSF17 ${rankOf('TNFRSF17')}); biomarkers: ${markersBody.biomarkers.length} genes, ${(markersBody.biomarkers as Json[]).filter((b) => b.criteria.surface_evidence).length} with surface evidence`);
  });

  it('adds the slow modules with full=true and drops the ML one with skip_ml=true, at most max_parallel at once', async () => {
    const done = await runAll('disease_id=sle&full=true&skip_ml=true&parallel=true&max_parallel=3');
    expect(done.status, JSON.stringify(done.error ?? null)).to.equal('SUCCESS');
    const ran = [...done.result.modules_completed, ...Object.keys(done.result.errors)].sort();
    expect(ran).to.include('virtual-screening');
    expect(ran).to.not.include('link-prediction');
    expect(done.result).to.not.have.property('report_paths');
  });

  it('records an unknown disease as a per-module error, never as a result', async () => {
    const done = await runAll('disease_id=no_such_disease');
    const errors = done.status === 'SUCCESS' ? done.result.errors as Record<string, string> : {};
    if (done.status === 'FAILURE') expect(done.error).to.contain('no module completed');
    else expect(Object.values(errors).some((e) => e.startsWith('NotFoundError'))).to.equal(true);
  });

  it('rejects bad parameters with 422 and queues nothing', async () => {
    for (const query of ['parallel=maybe', 'max_parallel=0', 'max_parallel=1e400', 'colour=blue', 'disease_id=%00']) {
      const response = await fetch(`${server.baseUrl}/api/jobs/run-all?${query}`, { method: 'POST' });
      expect(response.status, query).to.equal(422);
    }
  });
});
