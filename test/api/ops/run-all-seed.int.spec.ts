// run-all on the seed slice through a real server: the default module set completes on sle, each with an
// HTML report that carries the disclaimer; skip_ml, parallel limits and the FAILURE case.
import fs from 'node:fs';
import { expect } from 'chai';
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

  /** The default set by its documented rule: every module but the Workspace, the slow ones and the on-demand tools. */
  const defaultSet = () => server.runtime.modules.list().map((m) => m.id)
    .filter((id) => !['workspace', 'link-prediction', 'virtual-screening', 'semantic-search', 'llm-extraction'].includes(id)).sort();
  /** Modules whose data the seed slice does not carry (409 ModuleNotAvailableError, never a fake result). */
  const SEED_LACKS: Record<string, string> = { 'biomarker-discovery': 'surfaceome', 'cart-suitability': 'surfaceome' };

  it('completes every module of the default set on sle, each with an HTML report carrying the disclaimer', async () => {
    const started = Date.now();
    const done = await runAll('disease_id=sle&export_html=true');
    console.log(`      run-all default set on sle (seed): ${Date.now() - started} ms wall`);
    expect(done.status, JSON.stringify(done.error ?? done.result?.errors)).to.equal('SUCCESS');
    const completing = defaultSet().filter((id) => !(id in SEED_LACKS));
    expect(done.result.modules_completed).to.deep.equal(completing);
    for (const [id, error] of Object.entries(done.result.errors as Record<string, string>)) {
      expect(error, id).to.match(new RegExp(`^ModuleNotAvailableError: .*${SEED_LACKS[id] ?? 'never'}`));
    }
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
