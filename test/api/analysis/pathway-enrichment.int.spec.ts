// The enrichment module through a real server on the seed slice (its own scratch database): the GET route
// (envelope, 404, 422, untargeted_only), the job under its id and its legacy alias (same result), determinism,
// the module catalog; the pathway rows checked against the seed files read here (GWAS genes, Reactome
// members) and the p-value against an exact BigInt hypergeometric tail. Then, on a store with GWAS but no
// Reactome or DrugBank, the 409s.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';
import { BiomedEnv, createScratchDatabase, PROJECT_ROOT, ScratchDatabase, startBiomedEnv } from '../../biomed/support/biomed-env';

const SEED = path.join(PROJECT_ROOT, 'fixtures', 'seed');
const rows = (rel: string) => fs.readFileSync(path.join(SEED, rel), 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).map((l) => l.split('\t'));

/** SLE's GWAS genes in the seed file (DOID:9074): NCBI gene id -> symbol. */
function sleGenes(): Map<string, string> {
  return new Map(rows('gwas-catalog/gene-associations.seed.tsv').filter((c) => c[0] === 'DOID:9074').map((c) => [`NCBIGene:${c[6]}`, c[7]!]));
}

/** SLE's loci in the seed file: NCBI gene id -> its locus numbers (column 3). */
function sleLoci(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of rows('gwas-catalog/gene-associations.seed.tsv').filter((x) => x[0] === 'DOID:9074')) out.set(`NCBIGene:${c[6]}`, [...(out.get(`NCBIGene:${c[6]}`) ?? []), c[2]!]);
  return out;
}

/** How many locus units a gene list makes: genes sharing a locus are one unit (transitively), by a naive merge. */
function lociCount(genes: string[], lociOf: Map<string, string[]>): number {
  const groups: Set<string>[] = [];
  for (const gene of genes) {
    const loci = new Set(lociOf.get(gene) ?? [`gene ${gene}`]);
    const joined = groups.filter((grp) => [...loci].some((l) => grp.has(l)));
    const merged = new Set([...loci, ...joined.flatMap((grp) => [...grp])]);
    for (const grp of joined) groups.splice(groups.indexOf(grp), 1);
    groups.push(merged);
  }
  return groups.length;
}

/** Reactome stable id -> member symbols, from the seed .gmt. */
function reactomeMembers(): Map<string, Set<string>> {
  return new Map(rows('reactome/ReactomePathways.seed.gmt').map((c) => [`REACTOME:${c[1]}`, new Set(c.slice(2))]));
}

function choose(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0n; i < BigInt(k); i++) r = (r * (BigInt(n) - i)) / (i + 1n);
  return r;
}
function exactTail(N: number, K: number, n: number, k: number): number {
  let num = 0n;
  for (let i = k; i <= Math.min(n, K); i++) num += choose(K, i) * choose(N - K, n - i);
  const scale = 10n ** 40n;
  return Number((num * scale) / choose(N, n)) / 1e40;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('analysis: pathway enrichment (GET /api/bioinformatics/enrichment, job pathway-enrichment / enrichment)', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  const get = async (url: string) => { const r = await fetch(`${server.baseUrl}${url}`); return { status: r.status, body: await r.json() as Json }; };

  async function runJob(name: string, query: string): Promise<Json> {
    const submitted = await fetch(`${server.baseUrl}/api/jobs/${name}?${query}`, { method: 'POST' });
    expect(submitted.status).to.equal(202);
    const { job_id, module } = await submitted.json() as Json;
    expect(module).to.equal('pathway-enrichment');
    let last: Json = {};
    await eventually(async () => {
      last = await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`)).json() as Json;
      return ['SUCCESS', 'FAILURE'].includes(last.status);
    }, `job ${job_id} finishes`, 60_000);
    expect(last.status, JSON.stringify(last.error ?? null)).to.equal('SUCCESS');
    return last.result as Json;
  }

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true' } });
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  it('answers with the envelope, Reactome used and GO reported as not available', async () => {
    const { status, body } = await get('/api/bioinformatics/enrichment?disease_id=sle&max_fdr=1&top_n=20');
    expect(status).to.equal(200);
    expect(body).to.include({ module: 'pathway-enrichment', seed: null });
    expect(body.disease).to.deep.equal({ curie: 'MONDO:0007915', label: 'systemic lupus erythematosus', module_id: 'sle' });
    expect(body.parameters).to.deep.equal({ disease_id: 'sle', untargeted_only: false, max_fdr: 1, top_n: 20, no_cache: false });
    expect(body.method).to.match(/hypergeometric/).and.to.match(/Benjamini/);
    expect(body.disclaimer).to.match(/Research use only/);
    expect(body.snapshots.map((s: Json) => s.resource)).to.include.members(['reactome', 'gwas_catalog']);
    expect(body.sources.reactome.status).to.equal('used');
    expect(body.sources.go).to.include({ status: 'not_available' });
    expect(body.sources.go.reason).to.match(/GO/);
    expect(body.background.definition).to.match(/at least one Reactome pathway annotation/);
    // The disease's genes are the seed file's SLE genes (read here).
    expect(body.query.disease_genes).to.equal(sleGenes().size);
    expect(body.query.tested_genes + body.query.outside_background).to.equal(body.query.disease_genes);
    expect(body.pathways).to.have.length(20);
    expect(body.counts.listed).to.equal(20);
  });

  it('lists rows whose genes, sizes and p-values check out against the seed files and an exact computation', async () => {
    const { body } = await get('/api/bioinformatics/enrichment?disease_id=sle&max_fdr=1&top_n=10');
    const sle = sleGenes();
    const members = reactomeMembers();
    const N = body.background.size;
    const n = body.query.tested_loci;
    const loci = sleLoci();
    let lastP = 0;
    let lastFdr = 0;
    for (const row of body.pathways as Json[]) {
      expect(row.k_genes).to.equal(row.genes.length);
      // k counts a GWAS locus once: the locus units of the overlapping genes (seed file's locus column).
      expect(row.k).to.equal(lociCount(row.genes.map((x: Json) => x.id), loci));
      expect(row.p).to.be.at.least(lastP);
      expect(row.fdr).to.be.at.least(lastFdr);
      [lastP, lastFdr] = [row.p, row.fdr];
      // Each overlapping gene is an SLE GWAS gene and a member of the pathway in the .gmt (by symbol).
      for (const gene of row.genes as Json[]) {
        expect(sle.has(gene.id), gene.id).to.equal(true);
        expect(members.get(row.id)!.has(gene.symbol), `${gene.symbol} in ${row.id}`).to.equal(true);
      }
      // k: the pathway's members that are SLE genes, counted by symbol in the files.
      const sleSymbols = new Set(sle.values());
      expect(row.k_genes).to.equal([...members.get(row.id)!].filter((s) => sleSymbols.has(s)).length);
      expect(row.pathway_size).to.be.at.most(members.get(row.id)!.size);
      expect(row.expected).to.be.closeTo((n * row.pathway_size) / N, 1e-12);
      expect(row.fold_enrichment).to.be.closeTo(row.k / row.expected, 1e-12);
      const exact = exactTail(N, row.pathway_size, n, row.k);
      expect(Math.abs(row.p - exact) / exact, `${row.id}: ${row.p} vs ${exact}`).to.be.below(1e-10);
    }
  });

  it('lists only pathways at FDR ≤ max_fdr, at most top_n', async () => {
    const all = (await get('/api/bioinformatics/enrichment?disease_id=ra&max_fdr=1&top_n=500')).body;
    const strict = (await get('/api/bioinformatics/enrichment?disease_id=ra&max_fdr=0.05&top_n=3')).body;
    // Rows are by p and BH is monotone in p, so the FDR ≤ 0.05 rows are a prefix, complete if the last listed row is above it.
    const expected = (all.pathways as Json[]).filter((r) => r.fdr <= 0.05);
    expect(all.pathways[all.pathways.length - 1].fdr).to.be.above(0.05);
    expect(expected.length).to.be.greaterThan(0);
    expect(strict.counts.significant).to.equal(expected.length);
    expect(strict.pathways).to.deep.equal(expected.slice(0, 3));
    expect(all.counts.pathways_tested).to.be.greaterThan(500);
  });

  it('drops the genes an approved drug targets with untargeted_only, and says which', async () => {
    const plain = (await get('/api/bioinformatics/enrichment?disease_id=sle&max_fdr=1')).body;
    const { status, body } = await get('/api/bioinformatics/enrichment?disease_id=sle&max_fdr=1&untargeted_only=true');
    expect(status).to.equal(200);
    const u = body.query.untargeted;
    expect(u.approved_compounds).to.be.greaterThan(0);
    expect(u.dropped_count).to.equal(u.dropped.length);
    expect(u.dropped_count).to.be.greaterThan(0);
    for (const gene of u.dropped as Json[]) expect(gene.approved_compounds.length).to.be.greaterThan(0);
    expect(body.background.size).to.be.below(plain.background.size);
    expect(body.background.definition).to.match(/minus the genes an approved drug targets/);
    const dropped = new Set((u.dropped as Json[]).map((d) => d.id));
    for (const row of body.pathways as Json[]) for (const gene of row.genes as Json[]) expect(dropped.has(gene.id)).to.equal(false);
    expect(body.query.tested_genes).to.be.at.most(plain.query.tested_genes);
  });

  it('accepts a disease CURIE, answers 404 for unknown diseases and 422 for bad parameters', async () => {
    const byCurie = await get('/api/bioinformatics/enrichment?disease_id=DOID:9074&max_fdr=1&top_n=5');
    expect(byCurie.status).to.equal(200);
    expect(byCurie.body.disease.curie).to.equal('MONDO:0007915');
    expect((await get('/api/bioinformatics/enrichment?disease_id=no_such_disease')).status).to.equal(404);
    expect((await get('/api/bioinformatics/enrichment?disease_id=MONDO:9999999')).status).to.equal(404);
    for (const bad of ['max_fdr=1.5', 'max_fdr=-0.1', 'top_n=0', 'top_n=501', 'untargeted_only=perhaps', 'colour=blue']) {
      const { status, body } = await get(`/api/bioinformatics/enrichment?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('gives byte-identical JSON for the same request', async () => {
    const a = await fetch(`${server.baseUrl}/api/bioinformatics/enrichment?disease_id=ra&max_fdr=1&top_n=30&no_cache=true`);
    const b = await fetch(`${server.baseUrl}/api/bioinformatics/enrichment?disease_id=ra&max_fdr=1&top_n=30&no_cache=true`);
    expect(await a.text()).to.equal(await b.text());
  });

  it('runs as a job under its id and its legacy alias, with the GET route\'s result, and writes an HTML report', async () => {
    const sync = (await get('/api/bioinformatics/enrichment?disease_id=sle&max_fdr=1&top_n=5')).body;
    expect(await runJob('pathway-enrichment', 'disease_id=sle&max_fdr=1&top_n=5')).to.deep.equal(sync);
    expect(await runJob('enrichment', 'disease_id=sle&max_fdr=1&top_n=5')).to.deep.equal(sync);
    const withReport = await runJob('enrichment', 'disease_id=sle&max_fdr=1&top_n=5&export_html=true');
    const html = fs.readFileSync(withReport.report_path, 'utf8');
    expect(html).to.include('Pathway enrichment: systemic lupus erythematosus');
    expect(html).to.include(sync.pathways[0].id);
    expect(html).to.include('Research use only');
  });

  it('is in the module catalog with its legacy alias', async () => {
    const { body } = await get('/api/system/modules');
    const entry = (body.modules as Json[]).find((m) => m.id === 'pathway-enrichment');
    expect(entry, JSON.stringify((body.modules as Json[]).map((m) => m.id))).to.not.equal(undefined);
    expect(entry!.aliases).to.deep.equal(['enrichment']);
  });
});

describe('analysis: pathway enrichment without Reactome or DrugBank (409)', function () {
  this.timeout(120_000);
  let env: BiomedEnv;

  before(async () => {
    env = await startBiomedEnv();
    const sssom = path.join(SEED, 'mondo/mondo_exactmatch_doid.seed.sssom.tsv');
    for (const [resource, files] of [
      ['disease_ontology', [path.join(SEED, 'disease-ontology/HumanDO.seed.obo'), sssom]],
      ['gwas_catalog', [path.join(SEED, 'gwas-catalog/gene-associations.seed.tsv'), path.join(SEED, 'gwas-catalog/snp-associations.seed.tsv'), sssom]],
    ] as const) {
      const result = await env.import({ resource, files: [...files] });
      expect(result.outcome, `${resource}: ${'message' in result ? result.message : ''}`).to.equal('imported');
    }
  });
  after(async () => { await env?.close(); });

  it('answers 409 ModuleNotAvailableError naming the missing resource, never a result', async () => {
    const { status, body } = await env.get('/api/bioinformatics/enrichment?disease_id=sle');
    expect(status).to.equal(409);
    expect(body.error_type).to.equal('ModuleNotAvailableError');
    expect(body.detail).to.match(/reactome/);
  });

  it('with Reactome imported answers, but untargeted_only without a drugbank snapshot is 409', async () => {
    for (const [resource, files] of [
      ['ncbi_gene', [path.join(SEED, 'ncbi-gene/Homo_sapiens.seed.gene_info')]],
      ['reactome', [path.join(SEED, 'reactome/ReactomePathways.seed.txt'), path.join(SEED, 'reactome/ReactomePathways.seed.gmt')]],
    ] as const) {
      const result = await env.import({ resource, files: [...files] });
      expect(result.outcome, `${resource}: ${'message' in result ? result.message : ''}`).to.equal('imported');
    }
    expect((await env.get('/api/bioinformatics/enrichment?disease_id=sle')).status).to.equal(200);
    const { status, body } = await env.get('/api/bioinformatics/enrichment?disease_id=sle&untargeted_only=true');
    expect(status).to.equal(409);
    expect(body).to.include({ error_type: 'ModuleNotAvailableError' });
    expect(body.detail).to.match(/drugbank/);
  });
});
