// The virtual-screening module through a real server on the seed slice: GET /api/screening (200 with the
// envelope, 404, 409, 422, determinism), the job under its id and its alias `screening`, docking with Vina
// (409 naming what is missing; a docked candidate when vina, obabel and a receptor are there), and the module
// catalogue. The receptor configured here is Debian's autodock-vina test receptor (ABL kinase) filed under
// PTGS2's gene id: this checks the docking plumbing, not biology (the real-data spec docks ABL1 into it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { findDockingTools } from '../../../infra/screening/docking';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DEBIAN_RECEPTOR = '/usr/share/doc/autodock-vina/test-data/protein.pdbqt.gz';
const PTGS2 = 'NCBIGene:5743';

describe('Virtual screening module (GET /api/screening, job virtual-screening / screening)', function () {
  this.timeout(300_000);
  let server: TestServer;
  let receptors: string;
  const previous = process.env.SCREENING_RECEPTORS_DIR;
  const get = async (p: string) => {
    const response = await fetch(`${server.baseUrl}${p}`);
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
    receptors = fs.mkdtempSync(path.join(os.tmpdir(), 'receptors-'));
    if (fs.existsSync(DEBIAN_RECEPTOR)) fs.writeFileSync(path.join(receptors, '5743.pdbqt'), zlib.gunzipSync(fs.readFileSync(DEBIAN_RECEPTOR)));
    fs.writeFileSync(path.join(receptors, '5743.box'), '# Debian autodock-vina test box\ncenter_x = 11\ncenter_y = 90.5\ncenter_z = 57.5\nsize_x = 22\nsize_y = 24\nsize_z = 28\n');
    fs.writeFileSync(path.join(receptors, '1813.pdbqt'), 'REMARK not used\n');
    fs.writeFileSync(path.join(receptors, '1813.box'), 'center_x = 1\nreceptor = /etc/passwd\n');
    process.env.SCREENING_RECEPTORS_DIR = receptors; // read when the server's modules are built
    server = await startTestServer({ startWorkers: true, env: { BIOMED_SEED: 'true', JOB_STREAM_POLL_MS: '50' } });
  });
  after(async () => {
    await server?.close();
    if (previous === undefined) delete process.env.SCREENING_RECEPTORS_DIR; else process.env.SCREENING_RECEPTORS_DIR = previous;
    fs.rmSync(receptors, { recursive: true, force: true });
  });

  it('screens DrugBank for the disease\'s most-targeted gene by default, binders listed apart', async () => {
    const { status, body } = await get('/api/screening?disease_id=sle&top_n=20');
    expect(status, JSON.stringify(body).slice(0, 400)).to.equal(200);
    expect(body).to.include({ module: 'virtual-screening', seed: null, docking: null });
    expect(body.disease.curie).to.equal('MONDO:0007915');
    expect(body.parameters).to.deep.equal({ disease_id: 'sle', gene_id: null, top_n: 20, min_tanimoto: 0.3, use_vina: false, dock_top: null, exhaustiveness: null });
    expect(body.target.chosen_by).to.equal('most_targeted_disease_gene');
    expect(body.target.known_binders).to.equal(body.known_binders.length);
    expect(body.fingerprint).to.include({ type: 'Morgan', radius: 2, bits: 2048 });
    expect(body.library.structures_restored + body.library.not_restored.length).to.equal(body.library.compounds_with_inchi);
    expect(body.library.structures_restored / body.library.compounds_with_inchi).to.be.at.least(0.98);
    const binders = new Set(body.known_binders.map((b: Json) => b.curie));
    // Only compounds at or above the Tanimoto floor are candidates; the floor report counts the rest.
    expect(body.candidates).to.have.length(Math.min(20, body.similarity_floor.above_floor));
    expect(body.similarity_floor.above_floor + body.similarity_floor.below_floor).to.equal(body.library.candidates_screened);
    expect(body.similarity_floor.no_analogue_above_floor).to.equal(body.similarity_floor.above_floor === 0);
    for (const [i, c] of body.candidates.entries()) {
      expect(c.max_tanimoto).to.be.at.least(0.3);
      expect(binders.has(c.curie)).to.equal(false);
      expect(binders.has(c.nearest_binder.curie)).to.equal(true);
      if (i > 0) expect(c.max_tanimoto).to.be.at.most(body.candidates[i - 1].max_tanimoto);
      expect(c.lipinski.passes).to.equal(c.lipinski.violations.length <= 1);
      expect(c.qed_without_alerts.value).to.be.within(0, 1);
      expect(c.qed.value).to.be.within(0, 1);
      expect(c.qed.properties.ALERTS).to.equal(c.qed.alerts.length);
      expect(c.smiles).to.be.a('string').and.not.equal('');
      expect(c.docking).to.equal(null);
    }
  });

  it('screens a given gene: PTGS2, whose binders are NSAIDs', async () => {
    const { status, body } = await get(`/api/screening?gene_id=${PTGS2}&top_n=10`);
    expect(status).to.equal(200);
    expect(body.target).to.include({ curie: PTGS2, symbol: 'PTGS2', chosen_by: 'gene_id' });
    expect(body.known_binders.map((b: Json) => b.label)).to.include.members(['Celecoxib', 'Naproxen', 'Indomethacin']);
    expect(body.known_binders.every((b: Json) => b.edge_types.every((t: string) => ['TARGETS', 'BINDS'].includes(t)))).to.equal(true);
    expect(body.candidates[0].max_tanimoto).to.be.greaterThan(0.3);
  });

  it('answers the same bytes twice; 404 for an unknown disease or gene; 409 for a gene without binders; 422 for bad parameters', async () => {
    const a = await fetch(`${server.baseUrl}/api/screening?gene_id=${PTGS2}&top_n=30`);
    const b = await fetch(`${server.baseUrl}/api/screening?gene_id=${PTGS2}&top_n=30`);
    expect(await a.text()).to.equal(await b.text());
    expect((await get('/api/screening?disease_id=no_such')).status).to.equal(404);
    expect((await get('/api/screening?gene_id=NCBIGene:999999999')).status).to.equal(404);
    const noBinders = await get('/api/screening?gene_id=NCBIGene:10318');
    expect(noBinders.status).to.equal(409);
    expect(noBinders.body).to.include({ error_type: 'ModuleNotAvailableError' });
    expect(noBinders.body.detail).to.match(/no known binders/);
    for (const bad of ['gene_id=HGNC:1', 'gene_id=5743', 'top_n=0', 'top_n=1501', 'use_vina=perhaps', 'dock_top=11', 'exhaustiveness=0', 'min_tanimoto=1.5', 'min_tanimoto=-0.1']) {
      const { status, body } = await get(`/api/screening?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('refuses to dock (409) naming what is missing: a receptor, or a box file with other keys', async () => {
    const none = await get('/api/screening?gene_id=NCBIGene:2908&use_vina=true');
    expect(none.status).to.equal(409);
    expect(none.body.detail).to.match(/no receptor 2908\.pdbqt in SCREENING_RECEPTORS_DIR/).and.to.match(/no search box 2908\.box/);
    expect(none.body.detail).to.not.include(receptors); // names the file, not the server's path
    const badBox = await get('/api/screening?gene_id=NCBIGene:1813&use_vina=true');
    expect(badBox.status).to.equal(409);
    expect(badBox.body.detail).to.match(/1813\.box is not a valid box file: line 2: 'receptor' is not a box key/);
  });

  it('docks the top candidate with Vina, repeatably, when vina, obabel and the receptor are there', async function () {
    const tools = findDockingTools();
    if (!('tools' in tools) || !fs.existsSync(DEBIAN_RECEPTOR)) {
      const { status, body } = await get(`/api/screening?gene_id=${PTGS2}&use_vina=true`);
      expect(status).to.equal(409);
      expect(body.detail).to.match(/not on PATH|no receptor/);
      console.log(`      docking itself not run: ${'missing' in tools ? tools.missing.join('; ') : 'no Debian test receptor'}`);
      return;
    }
    const url = `/api/screening?gene_id=${PTGS2}&top_n=2&use_vina=true&dock_top=1&exhaustiveness=1`;
    const first = await fetch(`${server.baseUrl}${url}`);
    const text = await first.text();
    expect(first.status, text.slice(0, 300)).to.equal(200);
    const body = JSON.parse(text) as Json;
    expect(body.seed).to.be.a('number');
    expect(body.parameters).to.include({ use_vina: true, dock_top: 1, exhaustiveness: 1 });
    expect(body.docking).to.include({ receptor: '5743.pdbqt', docked: 1, requested: 1, cpu: 1 });
    expect(body.docking.box).to.deep.equal({ center_x: 11, center_y: 90.5, center_z: 57.5, size_x: 22, size_y: 24, size_z: 28 });
    expect(body.candidates[0].docking.ok, JSON.stringify(body.candidates[0].docking)).to.equal(true);
    expect(body.candidates[0].docking.affinity_kcal_mol).to.be.below(0);
    expect(body.candidates[1].docking).to.equal(null);
    expect(body.method).to.match(/AutoDock Vina/);
    const again = await (await fetch(`${server.baseUrl}${url}`)).text();
    expect(again).to.equal(text);
  });

  it('runs as a job under its id and its alias with the same result as the GET route', async () => {
    const sync = await get(`/api/screening?gene_id=${PTGS2}&top_n=5`);
    for (const name of ['virtual-screening', 'screening']) {
      const response = await fetch(`${server.baseUrl}/api/jobs/${name}?gene_id=${PTGS2}&top_n=5`, { method: 'POST' });
      const submitted = (await response.json()) as Json;
      expect(response.status, JSON.stringify(submitted)).to.equal(202);
      expect(submitted.module).to.equal('virtual-screening');
      const job = await finished(submitted.job_id as string);
      expect(job.status, JSON.stringify(job).slice(0, 300)).to.equal('SUCCESS');
      expect(job.result).to.deep.equal(sync.body);
    }
    const failing = await fetch(`${server.baseUrl}/api/jobs/screening?gene_id=NCBIGene:10318`, { method: 'POST' });
    const job = await finished(((await failing.json()) as Json).job_id as string);
    expect(job.status).to.equal('FAILURE');
    expect(job.error).to.match(/ModuleNotAvailableError: .*no known binders/);
  });

  it('is listed by /api/system/modules with its alias', async () => {
    const { body } = await get('/api/system/modules');
    const entry = body.modules.find((m: Json) => m.id === 'virtual-screening');
    expect(entry).to.include({ available: true, body_schema: null });
    expect(entry.aliases).to.deep.equal(['screening']);
    expect(entry.request_schema.properties).to.include.keys(['gene_id', 'top_n', 'use_vina', 'disease_id']);
  });
});
