// The knowledge graph of every drug-gene-disease resource of ../shared/data, imported through the real
// importers: its edges per type equal counts the test makes itself from the files with plain string
// splitting (distinct statements after the exact identity joins). Skips with a message where the shared
// data is absent.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv } from './support/biomed-env';
import { importReal, realImports } from './support/real-resources';

const SSSOM = 'mondo/mondo_exactmatch_doid.sssom.tsv';
const GENE_INFO = 'ncbi-gene/Homo_sapiens.gene_info.gz';
const IMPORTS = realImports(['disease_ontology', 'pharmacotherapydb', 'ncbi_gene', 'drugbank', 'drugcentral', 'bindingdb', 'gwas_catalog', 'ppi', 'sider', 'bgee']);

const lines = (rel: string) => (rel.endsWith('.gz') ? zlib.gunzipSync(fs.readFileSync(shared(rel))) : fs.readFileSync(shared(rel))).toString('utf8').split('\n').filter((l) => l.trim() !== '');

function tsv(rel: string): Record<string, string>[] {
  const [head, ...rest] = lines(rel);
  const names = head!.split('\t').map((n) => n.trim());
  return rest.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [names[i], v.trim()])));
}

/** Distinct statements each resource makes, counted from the files. */
function expectedEdges() {
  const mondoOf = new Map<string, Set<string>>();
  for (const l of lines(SSSOM)) {
    const [s, , p, o] = l.split('\t');
    if (p === 'skos:exactMatch' && s!.startsWith('MONDO:') && o!.startsWith('DOID:')) mondoOf.set(o!, (mondoOf.get(o!) ?? new Set()).add(s!));
  }
  const disease = (doid: string) => (mondoOf.get(doid)?.size === 1 ? [...mondoOf.get(doid)!][0]! : doid);
  const distinct = (pairs: string[]) => new Set(pairs).size;

  const targets = distinct(tsv('drugcentral/targets.tsv').map((r) => `${r.drugbank_id} ${r.GeneID}`));
  const binds = distinct(tsv('bindingdb/bindings-drugbank-gene.tsv').filter((r) => Number(r.affinity_nM) <= 1000).map((r) => `${r.drugbank_id} ${r.entrez_gene}`));
  const associates = distinct(tsv('gwas-catalog/gene-associations.tsv').map((r) => `${disease(r.doid_code!)} ${r.gene}`));

  // HGNC -> Entrez from gene_info's dbXrefs (human rows), used only where exactly one gene has the id.
  const entrezOf = new Map<string, Set<string>>();
  for (const l of lines(GENE_INFO)) {
    if (l.startsWith('#')) continue;
    const c = l.split('\t');
    if (c[0] !== '9606') continue;
    for (const x of c[5]!.split('|')) if (x.startsWith('HGNC:HGNC:')) entrezOf.set(x.slice(5), (entrezOf.get(x.slice(5)) ?? new Set()).add(c[1]!));
  }
  const gene = (hgnc: string) => (entrezOf.get(hgnc)?.size === 1 ? `NCBIGene:${[...entrezOf.get(hgnc)!][0]}` : hgnc);
  const ppiRows = tsv('ppi/protein-interactions.txt.gz');
  const interactions = distinct(ppiRows.filter((r) => gene(r.source_code!) !== gene(r.target_code!)).map((r) => [gene(r.source_code!), gene(r.target_code!)].sort().join(' ')));

  // SIDER: stereo STITCH id (CID0…) = PubChem CID -> DrugBank ids; side effect = the MedDRA term's UMLS id.
  const drugsOf = new Map<string, string[]>();
  for (const r of tsv('drugbank/mapping-pubchem.tsv')) drugsOf.set(r.pubchem_id!, [...(drugsOf.get(r.pubchem_id!) ?? []), r.drugbank_id!]);
  const causes = new Set<string>();
  for (const l of lines('sider4/meddra_all_se.tsv.gz')) {
    const c = l.split('\t');
    if (!c[4]) continue;
    for (const drug of drugsOf.get(String(Number(c[1]!.slice(3)))) ?? []) causes.add(`${drug} ${c[4]}`);
  }

  const cells = (rel: string, value: string) => lines(rel).slice(1).reduce((n, l) => n + l.split('\t').slice(1).filter((v) => v === value).length, 0);
  return {
    TARGETS: targets, BINDS: binds, ASSOCIATES: associates, INTERACTS_WITH: interactions, CAUSES: causes.size,
    EXPRESSED_IN: cells('bgee/present-in-adult.tsv.gz', '1'), UPREGULATED_IN: cells('bgee/diffex.tsv.gz', '1'), DOWNREGULATED_IN: cells('bgee/diffex.tsv.gz', '-1'),
    ppiRows: ppiRows.length,
  };
}

describe('knowledge graph of all the shared drug-gene-disease resources', function () {
  this.timeout(600_000);
  let env: BiomedEnv;

  before(async function () {
    requireSharedData(this, ...IMPORTS.flatMap(([, files]) => files));
    env = await startBiomedEnv();
    await importReal(env, IMPORTS);
  });
  after(async () => { await env?.close(); });

  it('has as many edges of each type as the files make distinct statements', async () => {
    const expected = expectedEdges();
    const { status, body } = await env.get('/api/kg/stats');
    expect(status).to.equal(200);
    // The interactome: 98,187 rows; the counts below are after self-loops and repeated pairs (none in this release).
    expect(expected.ppiRows).to.equal(98_187);
    for (const type of ['TARGETS', 'BINDS', 'ASSOCIATES', 'INTERACTS_WITH', 'CAUSES', 'EXPRESSED_IN', 'UPREGULATED_IN', 'DOWNREGULATED_IN'] as const) {
      expect(body.edge_types[type], type).to.equal(expected[type]);
    }
    expect(body.edge_types).to.include({ TREATS: 755, PALLIATES: 390 });
    expect(body.excluded_claims.by_predicate.BINDS).to.deep.equal({ neutral: 20_345 - tsv('bindingdb/bindings-drugbank-gene.tsv').filter((r) => Number(r.affinity_nM) <= 1000).length });
    expect(body.node_types.Anatomy).to.be.greaterThan(150);
    expect(body.node_types.SideEffect).to.be.greaterThan(5000);
  });

  it('answers a 4-hop any-direction path from a drug to a disease it does not treat, each step cited', async () => {
    // Amitriptyline (DB00321) to rheumatoid arthritis through its targets and the disease's GWAS genes.
    const { body } = await env.get('/api/kg/path?source=DRUGBANK:DB00321&target=DOID:7148&direction=any&edge_types=TARGETS&edge_types=BINDS&edge_types=INTERACTS_WITH&edge_types=ASSOCIATES');
    expect(body.result).to.equal('found');
    for (const path of body.paths) {
      expect(path.edges[0]).to.include({ source: 'DRUGBANK:DB00321' });
      const last = path.edges[path.edges.length - 1];
      expect(last).to.include({ type: 'ASSOCIATES', source: 'MONDO:0008383', direction: 'reverse' });
      for (const edge of path.edges) expect(edge.citations.length).to.be.greaterThan(0);
    }
  });
});
