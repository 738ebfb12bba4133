// Repurposing and the disease module on every drug-gene-disease resource of ../shared/data, imported through
// the real importers, checked against what the test derives from the files itself (plain string splitting):
// the known indications of multiple sclerosis flagged and listed, the compounds acting on TNF, and the
// SLE disease module's LCC. Prints the measured timings. Skips with a message where the shared data is absent.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv } from './support/biomed-env';
import { importReal, realImports } from './support/real-resources';

const GENE_INFO = 'ncbi-gene/Homo_sapiens.gene_info.gz';
const IMPORTS = realImports(['disease_ontology', 'pharmacotherapydb', 'ncbi_gene', 'drugbank', 'drugcentral', 'bindingdb', 'gwas_catalog', 'ppi', 'sider', 'bgee']);

const lines = (rel: string) => (rel.endsWith('.gz') ? zlib.gunzipSync(fs.readFileSync(shared(rel))) : fs.readFileSync(shared(rel))).toString('utf8').split('\n').filter((l) => l.trim() !== '');
function tsv(rel: string): Record<string, string>[] {
  const [head, ...rest] = lines(rel);
  const names = head!.split('\t').map((n) => n.trim());
  return rest.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [names[i], v.trim()])));
}

/** The LCC of a disease's GWAS genes in the interactome, from the files (HGNC -> Entrez where exactly one gene has it). */
function lccFromFiles(doid: string): { genes: number; lcc: number; edges: number } {
  const genes = new Set(tsv('gwas-catalog/gene-associations.tsv').filter((r) => r.doid_code === doid).map((r) => `NCBIGene:${r.gene}`));
  const entrezOf = new Map<string, Set<string>>();
  for (const l of lines(GENE_INFO)) {
    const c = l.split('\t');
    if (c[0] !== '9606') continue;
    for (const x of c[5]!.split('|')) if (x.startsWith('HGNC:HGNC:')) entrezOf.set(x.slice(5), (entrezOf.get(x.slice(5)) ?? new Set()).add(c[1]!));
  }
  const gene = (hgnc: string) => (entrezOf.get(hgnc)?.size === 1 ? `NCBIGene:${[...entrezOf.get(hgnc)!][0]}` : hgnc);
  const parent = new Map<string, string>();
  const find = (x: string): string => (parent.get(x) === x ? x : find(parent.get(x)!));
  const inInteractome = new Set<string>();
  const pairs = new Set<string>();
  for (const r of tsv('ppi/protein-interactions.txt.gz')) {
    const a = gene(r.source_code!);
    const b = gene(r.target_code!);
    if (a === b) continue;
    inInteractome.add(a).add(b);
    if (genes.has(a) && genes.has(b)) pairs.add([a, b].sort().join(' '));
  }
  for (const g of genes) if (inInteractome.has(g)) parent.set(g, g);
  for (const p of pairs) { const [a, b] = p.split(' '); parent.set(find(a!), find(b!)); }
  const sizes = new Map<string, number>();
  for (const g of parent.keys()) sizes.set(find(g), (sizes.get(find(g)) ?? 0) + 1);
  return { genes: parent.size, lcc: Math.max(...sizes.values()), edges: pairs.size };
}

describe('repurposing and the disease module on all the shared resources', function () {
  this.timeout(900_000);
  let env: BiomedEnv;

  before(async function () {
    requireSharedData(this, ...IMPORTS.flatMap(([, files]) => files));
    env = await startBiomedEnv();
    await importReal(env, IMPORTS);
    // Build the knowledge graph once, outside the timings below.
    expect((await env.get('/api/repurpose/gene/NCBIGene:7124')).status).to.equal(200);
  });
  after(async () => { await env?.close(); });

  it('the SLE disease module: its LCC is the one the files give, with a finite z-score', async () => {
    const expected = lccFromFiles('DOID:9074');
    let started = Date.now();
    const { status, body } = await env.get('/api/bioinformatics/ppi?disease_id=sle');
    const firstMs = Date.now() - started;
    started = Date.now();
    await env.get('/api/bioinformatics/ppi?disease_id=sle&seed=1');
    const againMs = Date.now() - started;
    expect(status).to.equal(200);
    expect(body.disease_genes.in_interactome).to.have.length(expected.genes);
    expect(body.lcc.size).to.equal(expected.lcc);
    expect(Number.isFinite(body.z)).to.equal(true);
    console.log(`      SLE module: ${expected.genes} genes in the interactome, ${expected.edges} interactions among them, LCC ${body.lcc.size}; `
      + `random ${body.random_mean.toFixed(2)} ± ${body.random_sd.toFixed(2)}, z ${body.z.toFixed(2)}, p ${body.p_empirical.toFixed(3)}; `
      + `${firstMs} ms (first: reads every interaction's evidence), ${againMs} ms after`);
    // NOTE: the issue expected a positive z for SLE. On this data SLE's 84 genes in the interactome share 5
    // interactions, all disjoint pairs (LCC 2), fewer than degree-matched random sets (mean ≈ 2.4), so z < 0.
    // The method does find modules where the files have them: Parkinson's disease, below.
    const pd = await env.get('/api/bioinformatics/ppi?disease_id=DOID:14330');
    expect(pd.body.lcc.size).to.equal(lccFromFiles('DOID:14330').lcc);
    expect(pd.body.z).to.be.greaterThan(0);
    console.log(`      Parkinson's module: LCC ${pd.body.lcc.size}, z ${pd.body.z.toFixed(2)}, p ${pd.body.p_empirical.toFixed(3)}`);
  });

  it('repurposing for multiple sclerosis flags every known indication and gives finite z-scores', async () => {
    const started = Date.now();
    const { status, body } = await env.get('/api/repurpose/candidates?disease_id=MONDO:0005301&top_n=500');
    const ms = Date.now() - started;
    expect(status).to.equal(200);
    const rows = tsv('pharmacotherapydb/indications.tsv').filter((r) => r.doid_id === 'DOID:2377');
    const treats = new Set(rows.filter((r) => r.category === 'DM').map((r) => `DRUGBANK:${r.drugbank_id}`));
    const palliates = new Set(rows.filter((r) => r.category === 'SYM').map((r) => `DRUGBANK:${r.drugbank_id}`));
    expect(new Set(body.known_indications.filter((k: { relation: string }) => k.relation.includes('TREATS')).map((k: { compound: { id: string } }) => k.compound.id))).to.deep.equal(treats);
    expect(new Set(body.known_indications.filter((k: { relation: string }) => k.relation.includes('PALLIATES')).map((k: { compound: { id: string } }) => k.compound.id))).to.deep.equal(palliates);
    for (const c of body.candidates) {
      expect(Number.isFinite(c.z), c.compound.id).to.equal(true);
      expect(c.known_indication).to.equal(treats.has(c.compound.id));
      expect(c.palliates).to.equal(palliates.has(c.compound.id));
    }
    const flagged = body.candidates.filter((c: { known_indication: boolean }) => c.known_indication);
    expect(flagged.length).to.be.greaterThan(0);
    const ranks = body.known_indications.filter((k: { rank: number | null }) => k.rank !== null);
    console.log(`      MS: ${body.candidates_total} candidates, ${body.disease_genes.scored}/${body.disease_genes.total} genes scored; `
      + `known indications ranked ${ranks.map((k: { compound: { name: string }; rank: number }) => `${k.compound.name} #${k.rank}`).join(', ')}; ${ms} ms for 1000 permutations`);
  });

  it('SLE repurposing over every compound runs at least the 1,000 requested permutations and says whether its p resolution reaches the FDR (timing logged; bench:modules measures it)', async () => {
    const timings: number[] = [];
    for (const seed of [1, 2]) {
      const started = Date.now();
      const { status, body } = await env.get(`/api/repurpose/candidates?disease_id=sle&seed=${seed}`);
      timings.push(Date.now() - started);
      expect(status).to.equal(200);
      const m = body.result?.multiplicity ?? body.multiplicity;
      expect(m.permutations_run).to.be.at.least(1000);
      expect(m.resolution_reaches_fdr).to.be.a('boolean');
      expect(m.note).to.be.a('string').and.not.equal('');
    }
    console.log(`      SLE repurposing, 1000 permutations requested: ${timings.join(', ')} ms`);
  });

  it('/api/repurpose/gene/NCBIGene:7124 (TNF) lists the compounds acting on TNF that the files give', async () => {
    const { status, body } = await env.get('/api/repurpose/gene/NCBIGene:7124');
    expect(status).to.equal(200);
    const expected = new Set([
      ...tsv('drugcentral/targets.tsv').filter((r) => r.GeneID === '7124').map((r) => `DRUGBANK:${r.drugbank_id}`),
      ...tsv('bindingdb/bindings-drugbank-gene.tsv').filter((r) => r.entrez_gene === '7124' && Number(r.affinity_nM) <= 1000).map((r) => `DRUGBANK:${r.drugbank_id}`),
    ]);
    expect(expected.size).to.be.greaterThan(0);
    expect(new Set(body.compounds.map((c: { compound: { id: string } }) => c.compound.id))).to.deep.equal(expected);
    expect(body.gene.symbol).to.equal('TNF');
    console.log(`      TNF: ${body.compounds.map((c: { compound: { name: string }; binds: { affinity_nM: number } | null }) => `${c.compound.name}${c.binds ? ` (${c.binds.affinity_nM} nM)` : ''}`).join('; ')}`);
  });
});
