// The repurposing and disease-module routes and jobs through a real server on the seed slice (8 diseases,
// their genes, drugs and the interactome among those genes): 200 with the envelope and the declared result
// schema, 404, 422, 409, the job under its id and legacy alias giving the GET route's exact result,
// byte-identical repeats, and the module catalog.
import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import { diseaseModuleModule } from '../../../commands/analysis/disease-module/disease-module-module';
import { repurposeModule } from '../../../commands/analysis/repurpose/repurpose-module';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ajv = new Ajv2020({ strict: false, allErrors: true });
const conforms = (schema: object, value: unknown) => {
  const validate = ajv.compile(schema);
  expect(validate(value), JSON.stringify(validate.errors)).to.equal(true);
};

describe('Analysis: repurposing and the disease module on the seed slice', function () {
  this.timeout(120_000);
  let server: TestServer;
  const get = async (path: string): Promise<{ status: number; text: string; body: Json }> => {
    const res = await fetch(`${server.baseUrl}${path}`);
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text) as Json };
  };
  async function job(name: string, query: string): Promise<Json> {
    const res = await fetch(`${server.baseUrl}/api/jobs/${name}?${query}`, { method: 'POST' });
    expect(res.status, await res.clone().text()).to.equal(202);
    const { job_id } = await res.json() as Json;
    let last: Json = {};
    await eventually(async () => {
      last = await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`)).json() as Json;
      return last.status === 'SUCCESS' || last.status === 'FAILURE';
    }, `job ${name} finishes`, 60_000);
    return last;
  }

  before(async function () {
    server = await startTestServer({ startWorkers: true, env: { BIOMED_SEED: 'true', JOB_STREAM_POLL_MS: '50' } });
  });
  after(async () => { await server?.close(); });

  it('GET /api/repurpose/candidates: ranked candidates in the envelope, known indications flagged, byte-identical on repeat', async () => {
    const path = '/api/repurpose/candidates?disease_id=sle&top_n=20&permutations=200';
    const first = await get(path);
    expect(first.status, first.text).to.equal(200);
    const r = first.body;
    conforms(repurposeModule.routes[0]!.resultSchema, r);
    expect(r).to.include({ module: 'repurpose', seed: 20161010 });
    expect(r.disease).to.include({ curie: 'MONDO:0007915', module_id: 'sle' });
    expect(r.parameters).to.deep.equal({ disease_id: 'sle', top_n: 20, gene_id: null, permutations: 200, seed: 20161010, fdr: 0.05 });
    expect(r.multiplicity.fdr).to.equal(0.05);
    expect(r.snapshots.map((s: Json) => s.resource)).to.include('ppi');
    expect(r.disclaimer).to.match(/^Research use only/);
    expect(r.candidates.length).to.be.within(1, 20);
    expect(r.candidates_total).to.be.at.least(r.candidates.length);
    for (const c of r.candidates) {
      expect(c.compound.id).to.match(/^(DRUGBANK:DB\d+|CHEMBL:CHEMBL\d+)$/); // ChEMBL molecules with no DrugBank join keep their own id
      expect(c.targets.scored).to.be.greaterThan(0);
      // Permutations may have been extended for the FDR (multiplicity.permutations_run >= 200).
      expect(c.p_empirical).to.be.within(1 / (1 + r.multiplicity.permutations_run), 1);
      for (const p of c.closest_pairs) {
        expect(p.path[0]).to.deep.equal(p.target);
        expect(p.path[p.path.length - 1]).to.deep.equal(p.gene);
        expect(p.path).to.have.length(p.distance + 1);
      }
    }
    // Known indications: every one is listed; those scored carry the flag in the ranking.
    expect(r.known_indications.length).to.be.greaterThan(0);
    for (const k of r.known_indications.filter((x: Json) => x.rank !== null && x.rank <= 20)) {
      const c = r.candidates.find((x: Json) => x.compound.id === k.compound.id);
      expect(c.known_indication || c.palliates).to.equal(true);
    }
    const again = await get(path);
    expect(again.text).to.equal(first.text);
    const otherSeed = await get(`${path}&seed=7`);
    expect(otherSeed.body.candidates.map((c: Json) => c.random_mean)).not.to.deep.equal(r.candidates.map((c: Json) => c.random_mean));
  });

  it('gene_id restricts the candidates to compounds acting on it', async () => {
    const all = await get('/api/repurpose/candidates?disease_id=ra&top_n=500&permutations=100');
    const target = all.body.candidates[0].closest_pairs[0].target.id as string;
    const only = await get(`/api/repurpose/candidates?disease_id=ra&top_n=500&permutations=100&gene_id=${target}`);
    expect(only.status).to.equal(200);
    expect(only.body.restricted_to_gene.id).to.equal(target);
    const gene = await get(`/api/repurpose/gene/${target}?disease_id=ra`);
    expect(only.body.candidates.map((c: Json) => c.compound.id).sort()).to.deep.equal(gene.body.compounds.map((c: Json) => c.compound.id).sort());
    // A compound's score does not depend on the other compounds scored.
    const first = only.body.candidates[0];
    expect(all.body.candidates.find((c: Json) => c.compound.id === first.compound.id)).to.deep.include({ z: first.z, d: first.d, p_empirical: first.p_empirical });
  });

  it('fdr sets the Benjamini–Hochberg level: multiplicity.passing_fdr counts the candidates with q at or below it', async () => {
    const counted = async (fdr: string) => {
      const { status, body } = await get(`/api/repurpose/candidates?disease_id=ra&top_n=500&permutations=100${fdr}`);
      expect(status, JSON.stringify(body).slice(0, 300)).to.equal(200);
      expect(body.candidates_total, 'every candidate listed').to.be.at.most(500);
      return body as Json;
    };
    const loose = await counted('&fdr=0.999');
    expect(loose.parameters.fdr).to.equal(0.999);
    expect(loose.multiplicity.fdr).to.equal(0.999);
    // BH q ≤ 0.999 over every scored compound, counted from the q values shown (each candidate carries its q).
    expect(loose.multiplicity.passing_fdr).to.equal((loose.candidates as Json[]).filter((c) => c.q_bh <= 0.999).length);
    const strict = await counted('');
    expect(strict.multiplicity.fdr).to.equal(0.05);
    expect(strict.multiplicity.passing_fdr).to.equal((strict.candidates as Json[]).filter((c) => c.q_bh <= 0.05).length);
  });

  it('GET /api/repurpose/gene/{gene_id}: compounds with action or affinity, associated diseases', async () => {
    const { status, body } = await get('/api/repurpose/gene/NCBIGene:3663?disease_id=sle'); // IRF5, an SLE GWAS gene
    expect(status).to.equal(200);
    conforms(repurposeModule.routes[1]!.resultSchema, body);
    expect(body.gene).to.deep.equal({ id: 'NCBIGene:3663', symbol: 'IRF5' });
    expect(body.diseases.map((d: Json) => d.id)).to.include('MONDO:0007915');
    expect(body.disease_link).to.deep.include({ gene_associated: true });
    expect(body.interactome.distance_to_disease_genes).to.equal(body.interactome.in_interactome ? 0 : null);
    // A gene with compounds: the first SLE candidate's closest target.
    const sle = await get('/api/repurpose/candidates?disease_id=sle&top_n=1&permutations=100');
    const target = sle.body.candidates[0].closest_pairs[0].target.id;
    const gene = await get(`/api/repurpose/gene/${target}`);
    expect(gene.body.disease).to.equal(null);
    expect(gene.body.compounds.length).to.be.greaterThan(0);
    for (const c of gene.body.compounds) {
      expect(c.targets !== null || c.binds !== null).to.equal(true);
      if (c.binds) expect(c.binds.affinity_nM).to.be.at.most(1000);
      expect(c).not.to.have.property('known_indication');
    }
    expect((await get('/api/repurpose/gene/NCBIGene:999999999')).status).to.equal(404);
    expect((await get('/api/repurpose/gene/DRUGBANK:DB00001')).status).to.equal(404);
  });

  it('GET /api/bioinformatics/ppi: the disease module with its LCC edges\' evidence; confidence filters', async () => {
    const first = await get('/api/bioinformatics/ppi?permutations=200');
    expect(first.status, first.text).to.equal(200);
    const r = first.body;
    conforms(diseaseModuleModule.routes[0]!.resultSchema, r);
    expect(r).to.include({ module: 'disease-module', seed: 20161010 });
    expect(r.disease.module_id).to.equal('sle');
    expect(r.parameters).to.deep.equal({ disease_id: 'sle', confidence: 1, permutations: 200, seed: 20161010 });
    expect(r.lcc.size).to.equal(r.lcc.genes.length);
    expect(r.lcc.size).to.be.at.least(1);
    const inLcc = new Set(r.lcc.genes.map((x: Json) => x.id));
    for (const e of r.lcc.edges) {
      expect(inLcc.has(e.source.id) && inLcc.has(e.target.id)).to.equal(true);
      expect(e.evidence_count).to.equal(e.pubmed_ids.length + e.methods.length);
    }
    expect(r.lcc.edges.length).to.be.at.least(r.lcc.size - 1);
    expect(r.disease_genes.in_interactome.filter((x: Json) => x.in_lcc)).to.have.length(r.lcc.size);
    expect((await get('/api/bioinformatics/ppi?permutations=200')).text).to.equal(first.text);
    const strict = await get('/api/bioinformatics/ppi?permutations=100&confidence=3&disease_id=ms');
    expect(strict.status).to.be.oneOf([200, 409]);
    if (strict.status === 200) expect(strict.body.interactome.interactions).to.be.below(r.interactome.interactions);
  });

  it('404 for an unknown disease, 422 for bad parameters, 409 for a disease without genes in the interactome', async () => {
    for (const path of ['/api/repurpose/candidates?disease_id=no_such_disease', '/api/repurpose/candidates?disease_id=MONDO:9999999', '/api/bioinformatics/ppi?disease_id=MONDO:9999999', '/api/repurpose/gene/NCBIGene:3663?disease_id=MONDO:9999999']) {
      expect((await get(path)).status, path).to.equal(404);
    }
    for (const path of ['/api/repurpose/candidates?top_n=0', '/api/repurpose/candidates?top_n=501', '/api/repurpose/candidates?permutations=99', '/api/repurpose/candidates?permutations=5001',
      '/api/repurpose/candidates?seed=-1', '/api/repurpose/candidates?colour=blue',
      '/api/repurpose/candidates?fdr=0', '/api/repurpose/candidates?fdr=1', '/api/repurpose/candidates?fdr=-0.1', '/api/repurpose/candidates?fdr=x', '/api/bioinformatics/ppi?confidence=0', '/api/bioinformatics/ppi?confidence=6', '/api/bioinformatics/ppi?seed=x']) {
      expect((await get(path)).status, path).to.equal(422);
    }
    // The root of the Disease Ontology is a disease with no GWAS genes of its own.
    for (const path of ['/api/repurpose/candidates?disease_id=DOID:4&permutations=100', '/api/bioinformatics/ppi?disease_id=DOID:4&permutations=100']) {
      const { status, body } = await get(path);
      expect(status, path).to.equal(409);
      expect(body).to.deep.include({ error_type: 'ModuleNotAvailableError' });
      expect(body.detail).to.contain('no associated genes');
    }
  });

  it('runs as a job under its id and legacy alias with the GET route\'s exact result', async () => {
    const sync = await get('/api/repurpose/candidates?disease_id=ms&top_n=10&permutations=100');
    for (const name of ['repurpose', 'classic']) {
      const done = await job(name, 'disease_id=ms&top_n=10&permutations=100');
      expect(done.status, JSON.stringify(done)).to.equal('SUCCESS');
      expect(done.result).to.deep.equal(sync.body);
    }
    const module = await get('/api/bioinformatics/ppi?disease_id=ms&permutations=100');
    for (const name of ['disease-module', 'ppi']) {
      const done = await job(name, 'disease_id=ms&permutations=100');
      expect(done.status, JSON.stringify(done)).to.equal('SUCCESS');
      expect(done.result).to.deep.equal(module.body);
    }
    const failed = await job('repurpose', 'disease_id=DOID:4&permutations=100');
    expect(failed.status).to.equal('FAILURE');
    expect(failed.error).to.contain('no associated genes');
  });

  it('the module catalog lists both modules with their aliases and request schemas', async () => {
    const catalog = (await get('/api/system/modules')).body;
    const repurpose = catalog.modules.find((m: Json) => m.id === 'repurpose');
    expect(repurpose.aliases).to.deep.equal(['classic']);
    expect(repurpose.request_schema.properties).to.include.keys('disease_id', 'top_n', 'gene_id', 'permutations', 'seed', 'export_html');
    const module = catalog.modules.find((m: Json) => m.id === 'disease-module');
    expect(module.aliases).to.deep.equal(['ppi']);
    expect(module.request_schema.properties).to.include.keys('disease_id', 'confidence', 'permutations', 'seed');
  });
});
