// The cross-disease module through a real server on the seed slice (its own scratch database): the four GET
// routes, checked against the seed files read here — which registry diseases have GWAS genes, the genes two
// diseases share, indications and targets of the shared compounds — and RA–SLE's network separation
// against a naive computation (BFS from every gene over the seed interactome file, then Menche et al.'s
// formulas). Also 422s, determinism, the job (its first route), the catalog, and 409s without the data.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';
import { BiomedEnv, createScratchDatabase, PROJECT_ROOT, ScratchDatabase, startBiomedEnv } from '../../biomed/support/biomed-env';

const SEED = path.join(PROJECT_ROOT, 'fixtures', 'seed');
const DISEASES = path.join(PROJECT_ROOT, 'fixtures', 'diseases');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const table = (rel: string) => {
  const [head, ...rest] = fs.readFileSync(path.join(SEED, rel), 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const names = head!.split('\t');
  return rest.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [names[i], v])));
};

/** Quote-aware split of one CSV line (the ChEMBL and DrugBank vocabulary slices). */
function csvLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  const text = line.replace(/\r$/, '');
  while (i <= text.length) {
    if (text[i] === '"') { let v = ''; i++; for (;;) { const q = text.indexOf('"', i); if (text[q + 1] === '"') { v += text.slice(i, q + 1); i = q + 2; continue; } v += text.slice(i, q); i = q + 2; break; } out.push(v); }
    else { const c = text.indexOf(',', i); const end = c < 0 ? text.length : c; out.push(text.slice(i, end)); i = end + 1; }
  }
  return out;
}
const csv = (rel: string) => fs.readFileSync(path.join(SEED, rel), 'utf8').split('\n').filter((l) => l.trim() !== '').slice(1).map(csvLine);

/**
 * Compound -> gene pairs the ChEMBL slice backs (a superset, no uniqueness rules): a molecule's UniProt targets
 * (mechanisms x targets, and the approved-drug targets), its DrugBank ids by UniChem or by a vocabulary entry
 * carrying its name or its name without trailing salt words, else CHEMBL:<id>; UniProt -> Entrez by HGNC rows.
 */
function chemblTargets(): string[] {
  const uniprotOfTarget = new Map(csv('chembl/targets.seed.csv').map((r) => [r[0]!, r[2]!]));
  const pairs = [...csv('chembl/mechanisms.seed.csv').map((r) => [r[2]!, uniprotOfTarget.get(r[3]!) ?? ''] as const), ...csv('chembl/chembl36-approved-drug-targets.seed.csv').map((r) => [r[0]!, r[1]!] as const)];
  const nameOf = new Map(csv('chembl/chembl36-approved-drugs.seed.csv').map((r) => [r[0]!, r[1]!.toLowerCase()]));
  const idsByName = new Map<string, string[]>();
  for (const [id, name] of nameOf) idsByName.set(name, [...(idsByName.get(name) ?? []), id]);
  const unichem = new Map<string, string[]>();
  for (const l of fs.readFileSync(path.join(SEED, 'chembl/unichem-chembl-drugbank.seed.txt'), 'utf8').split('\n').slice(1).filter((x) => x !== '')) {
    const [c, d] = l.trim().split('\t');
    unichem.set(c!, [...(unichem.get(c!) ?? []), d!]);
  }
  const vocabulary = csv('drugbank/drugbank_vocabulary.seed.csv').map((r) => ({ id: r[0]!, names: [r[2]!, ...r[5]!.split(' | ')].map((n) => n.toLowerCase()) }));
  const entrezOf = new Map<string, string[]>();
  const hgnc = zlib.gunzipSync(fs.readFileSync(path.join(SEED, 'hgnc/hgnc_complete_set.seed.txt.gz'))).toString('utf8').split('\n').filter((l) => l !== '');
  const hh = hgnc[0]!.split('\t');
  for (const l of hgnc.slice(1)) {
    const c = l.split('\t');
    if (c[hh.indexOf('entrez_id')] === '') continue;
    for (const u of c[hh.indexOf('uniprot_ids')]!.replace(/"/g, '').split('|')) entrezOf.set(u, [...(entrezOf.get(u) ?? []), c[hh.indexOf('entrez_id')]!]);
  }
  const out: string[] = [];
  for (const [molecule, uniprot] of pairs) {
    const name = nameOf.get(molecule);
    const names = name ? name.split(' ').map((_, i, w) => w.slice(0, w.length - i).join(' ')) : [];
    const related = [molecule, ...names.flatMap((n) => idsByName.get(n) ?? [])];
    const compounds = [`CHEMBL:${molecule}`, ...related.map((m) => `CHEMBL:${m}`), ...related.flatMap((m) => unichem.get(m) ?? []).map((d) => `DRUGBANK:${d}`),
      ...vocabulary.filter((v) => names.some((n) => v.names.includes(n))).map((v) => `DRUGBANK:${v.id}`)];
    for (const compound of compounds) for (const e of entrezOf.get(uniprot) ?? []) out.push(`${compound} NCBIGene:${e}`);
  }
  return out;
}

/** What the seed files say, read without the importers. */
function fromFiles() {
  const mondoOf = new Map<string, string[]>();
  for (const r of table('mondo/mondo_exactmatch_doid.seed.sssom.tsv')) {
    if (r.predicate_id === 'skos:exactMatch') mondoOf.set(r.object_id!, [...(mondoOf.get(r.object_id!) ?? []), r.subject_id!]);
  }
  const disease = (doid: string) => (mondoOf.get(doid)?.length === 1 ? mondoOf.get(doid)![0]! : doid);
  const genes = new Map<string, Set<string>>();
  for (const r of table('gwas-catalog/gene-associations.seed.tsv')) {
    const d = disease(r.doid_code!);
    genes.set(d, (genes.get(d) ?? new Set()).add(`NCBIGene:${r.gene}`));
  }
  const indications = new Set(table('pharmacotherapydb/indications.seed.tsv').filter((r) => r.category === 'DM').map((r) => `DRUGBANK:${r.drugbank_id} ${disease(r.doid_id!)}`));
  const targets = new Set([
    ...table('drugcentral/targets.seed.tsv').map((r) => `DRUGBANK:${r.drugbank_id} NCBIGene:${r.GeneID}`),
    ...table('bindingdb/bindings-drugbank-gene.seed.tsv').filter((r) => Number(r.affinity_nM) <= 1000).map((r) => `DRUGBANK:${r.drugbank_id} NCBIGene:${r.entrez_gene}`),
    ...chemblTargets(),
  ]);
  // The interactome: HGNC ids to NCBI Gene through gene_info's dbXrefs (where exactly one gene has the id).
  const entrez = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(SEED, 'ncbi-gene/Homo_sapiens.seed.gene_info'), 'utf8').split('\n')) {
    const c = line.split('\t');
    if (c[0] !== '9606') continue;
    for (const x of c[5]!.split('|')) if (x.startsWith('HGNC:HGNC:')) entrez.set(x.slice(5), [...(entrez.get(x.slice(5)) ?? []), `NCBIGene:${c[1]}`]);
  }
  const gene = (hgnc: string) => (entrez.get(hgnc)?.length === 1 ? entrez.get(hgnc)![0]! : hgnc);
  const adjacency = new Map<string, Set<string>>();
  for (const r of table('ppi/protein-interactions.seed.tsv')) {
    const [a, b] = [gene(r.source_code!), gene(r.target_code!)];
    if (a === b) continue;
    adjacency.set(a, (adjacency.get(a) ?? new Set()).add(b));
    adjacency.set(b, (adjacency.get(b) ?? new Set()).add(a));
  }
  const registry = fs.readdirSync(DISEASES).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(DISEASES, f), 'utf8')) as { id: string; mondo_id: string })
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  return { genes, indications, targets, adjacency, registry };
}

/** Menche et al.'s d_AA, d_BB, d_AB, s_AB by a BFS from every gene (the paper's separation.py, naively). */
function naiveSeparation(adjacency: Map<string, Set<string>>, A: Set<string>, B: Set<string>) {
  const bfs = (from: string) => {
    const d = new Map([[from, 0]]);
    const queue = [from];
    for (let i = 0; i < queue.length; i++) for (const v of adjacency.get(queue[i]!) ?? []) if (!d.has(v)) { d.set(v, d.get(queue[i]!)! + 1); queue.push(v); }
    return d;
  };
  const inNet = (s: Set<string>) => [...s].filter((x) => adjacency.has(x));
  const nearest = (x: string, targets: string[], self: boolean) => {
    const d = bfs(x);
    const found = targets.filter((y) => !(self && y === x) && d.has(y)).map((y) => d.get(y)!);
    return found.length ? Math.min(...found) : undefined;
  };
  const mean = (xs: (number | undefined)[]) => { const ok = xs.filter((x): x is number => x !== undefined); return ok.reduce((p, q) => p + q, 0) / ok.length; };
  const [a, b] = [inNet(A), inNet(B)];
  const dAA = mean(a.map((x) => nearest(x, a, true)));
  const dBB = mean(b.map((x) => nearest(x, b, true)));
  const dAB = mean([...a.map((x) => nearest(x, b, false)), ...b.map((x) => nearest(x, a, false))]);
  return { dAA, dBB, dAB, s: dAB - (dAA + dBB) / 2 };
}

const RA = 'MONDO:0008383';
const SLE = 'MONDO:0007915';

describe('analysis: cross-disease (GET /api/cross-disease/*, job cross-disease)', function () {
  this.timeout(120_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  const files = fromFiles();
  const get = async (url: string) => { const r = await fetch(`${server.baseUrl}${url}`); return { status: r.status, body: await r.json() as Json }; };
  const expectedCompared = files.registry.filter((m) => (files.genes.get(m.mondo_id)?.size ?? 0) > 0);

  before(async () => {
    scratch = await createScratchDatabase();
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true' } });
  });
  after(async () => { await server?.close(); await scratch?.drop(); });

  it('overlap: compares the registry diseases with GWAS genes and says why the others were left out', async () => {
    const { status, body } = await get('/api/cross-disease/overlap');
    expect(status).to.equal(200);
    expect(body).to.include({ module: 'cross-disease', disease: null, seed: null });
    expect(body.parameters).to.deep.equal({ max_diseases: 200 });
    expect(body.disclaimer).to.match(/Research use only/);
    expect(expectedCompared.length).to.be.greaterThan(3);
    expect(body.compared.map((d: Json) => d.module_id)).to.deep.equal(expectedCompared.map((m) => m.id));
    for (const d of body.compared as Json[]) expect(d.genes, d.curie).to.equal(files.genes.get(d.curie)!.size);
    expect(body.diseases.registry_modules).to.equal(files.registry.length);
    const leftOut = Object.values(body.diseases.left_out as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(body.diseases.compared + leftOut).to.equal(files.registry.length);
    expect(body.counts.pairs).to.equal((expectedCompared.length * (expectedCompared.length - 1)) / 2);
  });

  it('overlap: shared genes and Jaccard as the files give them, BH FDR monotone in p', async () => {
    const { body } = await get('/api/cross-disease/overlap');
    const pair = (body.pairs as Json[]).find((p) => [p.a.curie, p.b.curie].sort().join() === [RA, SLE].sort().join())!;
    const [ra, sle] = [files.genes.get(RA)!, files.genes.get(SLE)!];
    const shared = [...ra].filter((x) => sle.has(x));
    expect(pair.shared_genes).to.equal(shared.length);
    expect(pair.genes.map((g: Json) => g.id).sort()).to.deep.equal(shared.sort());
    expect(pair.gene_jaccard).to.be.closeTo(shared.length / new Set([...ra, ...sle]).size, 1e-12);
    expect(pair.pathway_jaccard).to.be.within(0, 1);
    expect(pair.shared_pathways).to.be.at.most(Math.min(pair.pathways_a, pair.pathways_b));
    let last = { p: 0, fdr: 0 };
    for (const p of body.pairs as Json[]) {
      expect(p.shared_genes).to.be.greaterThan(0);
      expect(p.p).to.be.at.least(last.p);
      expect(p.fdr).to.be.at.least(last.fdr).and.at.least(p.p);
      last = p as { p: number; fdr: number };
    }
  });

  it('similarity: s_AB sorted, the matrix symmetric, and RA–SLE equal to a naive BFS from every gene of the seed interactome', async () => {
    const { status, body } = await get('/api/cross-disease/similarity');
    expect(status).to.equal(200);
    expect(body.method).to.match(/Menche/);
    const pairs = body.pairs as Json[];
    for (let i = 1; i < pairs.length; i++) expect(pairs[i]!.s_AB).to.be.at.least(pairs[i - 1]!.s_AB);
    const order: string[] = body.matrix.diseases;
    const m: (number | null)[][] = body.matrix.s_AB;
    order.forEach((_, i) => { expect(m[i]![i]).to.equal(null); order.forEach((__, j) => expect(m[i]![j]).to.equal(m[j]![i])); });
    const modules = new Map<string, Json>((body.modules as Json[]).map((x) => [x.curie, x]));
    for (const p of pairs) {
      expect(m[order.indexOf(p.a.curie)]![order.indexOf(p.b.curie)]).to.equal(p.s_AB);
      expect(p.s_AB).to.be.closeTo(p.d_AB - (modules.get(p.a.curie)!.d_AA + modules.get(p.b.curie)!.d_AA) / 2, 1e-12);
    }
    const naive = naiveSeparation(files.adjacency, files.genes.get(RA)!, files.genes.get(SLE)!);
    const raSle = pairs.find((p) => [p.a.curie, p.b.curie].sort().join() === [RA, SLE].sort().join())!;
    expect(modules.get(RA)!.d_AA).to.be.closeTo(naive.dAA, 1e-12);
    expect(modules.get(SLE)!.d_AA).to.be.closeTo(naive.dBB, 1e-12);
    expect(raSle.d_AB).to.be.closeTo(naive.dAB, 1e-12);
    expect(raSle.s_AB).to.be.closeTo(naive.s, 1e-12);
    expect(modules.get(RA)!.in_interactome).to.equal([...files.genes.get(RA)!].filter((x) => files.adjacency.has(x)).length);
  });

  it('modules: the most overlapping pairs first, with the genes they share', async () => {
    const { body } = await get('/api/cross-disease/modules?top_synergy=3');
    const similarity = (await get('/api/cross-disease/similarity')).body;
    expect(body.pairs).to.have.length(3);
    expect(body.pairs.map((p: Json) => [p.a.curie, p.b.curie, p.s_AB])).to.deep.equal(similarity.pairs.slice(0, 3).map((p: Json) => [p.a.curie, p.b.curie, p.s_AB]));
    for (const p of body.pairs as Json[]) {
      const shared = [...files.genes.get(p.a.curie)!].filter((x) => files.genes.get(p.b.curie)!.has(x));
      expect(p.genes.map((g: Json) => g.id).sort()).to.deep.equal(shared.sort());
      expect(p.overlapping).to.equal(p.s_AB < 0);
    }
  });

  it('drugs: compounds reaching two or more diseases, each route backed by the files', async () => {
    const { status, body } = await get('/api/cross-disease/drugs?top=500');
    expect(status).to.equal(200);
    expect(body.compounds.length).to.be.greaterThan(0);
    let last = Number.POSITIVE_INFINITY;
    let targetRoutes = 0;
    for (const c of body.compounds as Json[]) {
      expect(c.disease_count).to.equal(c.diseases.length).and.to.be.at.least(2).and.at.most(last);
      last = c.disease_count;
      expect(c.id).to.match(/^(DRUGBANK:DB\d+|CHEMBL:CHEMBL\d+)$/); // ChEMBL molecules with no DrugBank join keep their own id
      for (const d of c.diseases as Json[]) {
        expect(d.routes.length).to.be.greaterThan(0);
        expect(d.routes.includes('indication'), `${c.id} ${d.curie}`).to.equal(files.indications.has(`${c.id} ${d.curie}`));
        expect(d.routes.includes('target')).to.equal(d.target_genes.length > 0);
        for (const g of d.target_genes as Json[]) {
          expect(files.targets.has(`${c.id} ${g.id}`), `${c.id} targets ${g.id}`).to.equal(true);
          expect(files.genes.get(d.curie)!.has(g.id)).to.equal(true);
          targetRoutes++;
        }
      }
    }
    expect(targetRoutes, 'some compound reaches a disease through its genes').to.be.greaterThan(0);
    expect((await get('/api/cross-disease/drugs?top=2')).body.compounds).to.have.length(2);
  });

  it('caps the diseases at max_diseases in registry order and counts the rest', async () => {
    const { body } = await get('/api/cross-disease/similarity?max_diseases=3');
    expect(body.matrix.diseases).to.deep.equal(expectedCompared.slice(0, 3).map((m) => m.mondo_id));
    expect(body.diseases.left_out.beyond_max_diseases).to.equal(expectedCompared.length - 3);
    expect(body.counts.pairs).to.equal(3);
  });

  it('gives a separation only to modules with at least min_module_genes interactome genes, and says why not', async () => {
    const { body } = await get('/api/cross-disease/similarity?min_module_genes=50');
    const large = (body.modules as Json[]).filter((m) => m.in_interactome >= 50).map((m) => m.curie);
    expect(large.length).to.be.within(2, body.modules.length - 1);
    for (const m of body.modules as Json[]) {
      expect(m.separation_defined).to.equal(m.in_interactome >= 50);
      expect(m.no_separation_because).to.equal(m.in_interactome >= 50 ? null : 'fewer genes in the interactome than min_module_genes');
    }
    expect(body.counts.with_separation).to.equal((large.length * (large.length - 1)) / 2);
    for (const p of body.pairs as Json[]) expect(large).to.include.members([p.a.curie, p.b.curie]);
    const modules = (await get('/api/cross-disease/modules?min_module_genes=50&top_synergy=200')).body;
    expect(modules.pairs).to.have.length(body.counts.with_separation);
    for (const p of modules.pairs as Json[]) expect(Math.min(p.genes_in_interactome.a, p.genes_in_interactome.b)).to.be.at.least(50);
  });

  it('answers 422 for bad parameters and gives byte-identical JSON for the same request', async () => {
    for (const bad of ['overlap?max_diseases=0', 'overlap?max_diseases=5001', 'drugs?top=0', 'drugs?top=501', 'modules?top_synergy=201', 'similarity?min_module_genes=1', 'similarity?disease_id=sle', 'overlap?top=3']) {
      const { status } = await get(`/api/cross-disease/${bad}`);
      expect(status, bad).to.equal(422);
    }
    for (const route of ['overlap', 'similarity', 'drugs', 'modules']) {
      const a = await (await fetch(`${server.baseUrl}/api/cross-disease/${route}`)).text();
      const b = await (await fetch(`${server.baseUrl}/api/cross-disease/${route}`)).text();
      expect(a, route).to.equal(b);
    }
  });

  it('runs the overlap as the job cross-disease (no legacy alias), with the GET route\'s result and an HTML report', async () => {
    const submitted = await fetch(`${server.baseUrl}/api/jobs/cross-disease?max_diseases=5&export_html=true`, { method: 'POST' });
    expect(submitted.status).to.equal(202);
    const { job_id, module } = await submitted.json() as Json;
    expect(module).to.equal('cross-disease');
    let last: Json = {};
    await eventually(async () => {
      last = await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`)).json() as Json;
      return ['SUCCESS', 'FAILURE'].includes(last.status);
    }, 'cross-disease job finishes', 60_000);
    expect(last.status, JSON.stringify(last.error ?? null)).to.equal('SUCCESS');
    const { report_path: reportPath, ...result } = last.result as Json;
    expect(result).to.deep.equal((await get('/api/cross-disease/overlap?max_diseases=5')).body);
    const html = fs.readFileSync(reportPath, 'utf8');
    expect(html).to.include('Cross-disease overlap').and.to.include('Research use only');
    const { body } = await get('/api/system/modules');
    expect((body.modules as Json[]).find((m) => m.id === 'cross-disease')?.aliases).to.deep.equal([]);
  });
});

describe('analysis: cross-disease without the data (409)', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  before(async () => { env = await startBiomedEnv(); });
  after(async () => { await env?.close(); });

  it('needs two diseases with genes, and the interactome for separation; overlap without a background says so', async () => {
    for (const route of ['overlap', 'similarity', 'drugs', 'modules']) {
      const { status, body } = await env.get(`/api/cross-disease/${route}`);
      expect(status, route).to.equal(409);
      expect(body).to.include({ error_type: 'ModuleNotAvailableError' });
      expect(body.detail).to.match(/at least two registry diseases/);
    }
    const sssom = path.join(SEED, 'mondo/mondo_exactmatch_doid.seed.sssom.tsv');
    for (const [resource, list] of [
      ['disease_ontology', [path.join(SEED, 'disease-ontology/HumanDO.seed.obo'), sssom]],
      ['gwas_catalog', [path.join(SEED, 'gwas-catalog/gene-associations.seed.tsv'), path.join(SEED, 'gwas-catalog/snp-associations.seed.tsv'), sssom]],
    ] as const) {
      const result = await env.import({ resource, files: [...list] });
      expect(result.outcome).to.equal('imported');
    }
    for (const route of ['similarity', 'modules']) {
      const { status, body } = await env.get(`/api/cross-disease/${route}`);
      expect(status, route).to.equal(409);
      expect(body.detail).to.match(/interactome/);
    }
    const overlap = await env.get('/api/cross-disease/overlap');
    expect(overlap.status).to.equal(200);
    expect(overlap.body.background.size).to.equal(0);
    for (const p of overlap.body.pairs as Json[]) expect([p.p, p.fdr, p.pathway_jaccard]).to.deep.equal([null, null, null]);
  });
});
