// /api/kg/* over a graph built from real imported snapshots (Disease Ontology + MONDO's exact DOID
// mappings + PharmacotherapyDB): counts equal the test's own reading of the files, every DM indication's
// drug reaches its disease by a directed path, a reversed edge is never shown as forward, and bad input
// gets 422/404. Skips with a message where ../shared/data is absent.
import fs from 'node:fs';
import { expect } from 'chai';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv } from './support/biomed-env';

const DO = 'disease-ontology/HumanDO.obo';
const SSSOM = 'mondo/mondo_exactmatch_doid.sssom.tsv';
const PDB = 'pharmacotherapydb/indications.tsv';

/** Read straight from the files with string splitting (not the importers' parsers). */
function fromFiles() {
  const mondoOf = new Map<string, Set<string>>();
  for (const line of fs.readFileSync(shared(SSSOM), 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [subject, , predicate, object] = line.split('\t');
    if (predicate === 'skos:exactMatch' && subject!.startsWith('MONDO:') && object!.startsWith('DOID:')) mondoOf.set(object!, (mondoOf.get(object!) ?? new Set()).add(subject!));
  }
  const lines = fs.readFileSync(shared(PDB), 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = lines[0]!.split('\t');
  const rows = lines.slice(1).map((l) => {
    const c = l.split('\t');
    const doid = c[header.indexOf('doid_id')]!;
    const mondo = mondoOf.get(doid);
    return { doid, disease: mondo?.size === 1 ? [...mondo][0]! : doid, drug: `DRUGBANK:${c[header.indexOf('drugbank_id')]}`, category: c[header.indexOf('category')]! };
  });
  const pairs = (category: string) => new Set(rows.filter((r) => r.category === category).map((r) => `${r.drug} ${r.disease}`));
  const edgeDrugs = new Set(rows.filter((r) => r.category !== 'NOT').map((r) => r.drug));
  return { rows, dm: pairs('DM'), sym: pairs('SYM'), not: rows.filter((r) => r.category === 'NOT').length, edgeDrugs };
}

describe('/api/kg over real snapshots (Disease Ontology + PharmacotherapyDB)', function () {
  this.timeout(180_000);
  let env: BiomedEnv;
  let files: ReturnType<typeof fromFiles>;

  before(async function () {
    requireSharedData(this, DO, SSSOM, PDB);
    files = fromFiles();
    env = await startBiomedEnv();
    for (const [resource, list] of [['disease_ontology', [DO, SSSOM]], ['pharmacotherapydb', [PDB, SSSOM]]] as const) {
      const result = await env.import({ resource, files: list.map(shared) });
      expect(result.outcome, resource).to.equal('imported');
    }
  });
  after(async () => { await env?.close(); });

  it('stats: TREATS and PALLIATES edges, compounds and the excluded NOT claims equal the files\' counts', async () => {
    const { status, body } = await env.get('/api/kg/stats');
    expect(status).to.equal(200);
    expect(body.edge_types.TREATS).to.equal(files.dm.size);
    expect(body.edge_types.PALLIATES).to.equal(files.sym.size);
    expect([files.dm.size, files.sym.size]).to.deep.equal([755, 390]);
    // Drugs with only NOT rows are no node: a curated non-indication is not an edge.
    expect(body.node_types.Compound).to.equal(files.edgeDrugs.size);
    expect(body.excluded_claims.by_predicate.TREATS).to.deep.equal({ contradicts: files.not });
    expect(body.snapshots.map((s: { resource: string }) => s.resource)).to.have.members(['disease_ontology', 'pharmacotherapydb']);
    expect(body.edge_types.IS_A).to.be.greaterThan(6000);
  });

  it('path: amitriptyline reaches each disease it treats by a directed path, every edge cited', async () => {
    const amitriptylineDiseases = files.rows.filter((r) => r.drug === 'DRUGBANK:DB00321' && r.category === 'DM').map((r) => r.disease);
    expect(amitriptylineDiseases).to.have.length.greaterThan(0);
    for (const disease of amitriptylineDiseases) {
      const { status, body } = await env.get(`/api/kg/path?source=DRUGBANK:DB00321&target=${disease}`);
      expect(status).to.equal(200);
      expect(body.result).to.equal('found');
      const first = body.paths[0];
      expect(first.length).to.equal(1);
      expect(first.edges[0]).to.include({ source: 'DRUGBANK:DB00321', target: disease, type: 'TREATS', direction: 'forward' });
      expect(first.edges[0].citations[0]).to.include({ resource: 'pharmacotherapydb', source_file: 'indications.tsv', evidence_code: 'DM', reference: 'doi:10.7554/eLife.26726' });
    }
  });

  it('path: every DM indication\'s drug reaches its disease forward (checked for every 15th row)', async () => {
    const dm = files.rows.filter((r) => r.category === 'DM');
    for (let i = 0; i < dm.length; i += 15) {
      const { body } = await env.get(`/api/kg/path?source=${dm[i]!.drug}&target=${dm[i]!.doid}&k=1`);
      expect(body.result, `${dm[i]!.drug} -> ${dm[i]!.doid}`).to.equal('found');
      for (const edge of body.paths[0].edges) expect(edge.direction).to.equal('forward');
    }
  });

  it('path: a reversed edge is never walked as if forward', async () => {
    const forward = await env.get('/api/kg/path?source=MONDO:0007915&target=DRUGBANK:DB00321&max_hops=1');
    expect(forward.body.result).to.equal('no_path_found');
    expect(forward.body.scope).to.include({ max_hops: 1, direction: 'forward' });
    const any = await env.get('/api/kg/path?source=MONDO:0007915&target=DRUGBANK:DB00321&max_hops=1&direction=any');
    expect(any.body.result).to.equal('found');
    const edge = any.body.paths[0].edges[0];
    // Amitriptyline palliates SLE (SYM): stored drug -> disease, walked disease -> drug, so reverse.
    expect(edge).to.include({ source: 'DRUGBANK:DB00321', target: 'MONDO:0007915', type: 'PALLIATES', direction: 'reverse' });
  });

  it('node, neighbors, search and graph resolve DOIDs and registry ids to the MONDO node', async () => {
    const node = await env.get('/api/kg/node/DOID:9074?disease_id=sle');
    expect(node.status).to.equal(200);
    expect(node.body.node).to.deep.equal({ id: 'MONDO:0007915', label: 'systemic lupus erythematosus', type: 'Disease' });
    expect(node.body.aliases).to.include('DOID:9074');
    expect(node.body.disease.distance).to.equal(0);
    const expectedTreats = new Set(files.rows.filter((r) => r.disease === 'MONDO:0007915' && r.category === 'DM').map((r) => r.drug)).size;
    expect(node.body.degree_by_type.TREATS).to.deep.equal({ out: 0, in: expectedTreats });
    const neighbors = await env.get('/api/kg/neighbors/MONDO:0007915?edge_types=TREATS&direction=in&limit=500');
    expect(neighbors.body.total).to.equal(expectedTreats);
    for (const n of neighbors.body.neighbors) expect(n.edge).to.include({ type: 'TREATS', target: 'MONDO:0007915', direction: 'reverse' });
    const search = await env.get('/api/kg/search?q=systemic%20lupus%20erythematosus&types=Disease');
    expect(search.body.hits[0]).to.include({ id: 'MONDO:0007915', match: 'label' });
    const graph = await env.get('/api/kg/graph?disease_id=sle&max_nodes=10');
    expect(graph.status).to.equal(200);
    expect(graph.body.elements.nodes).to.have.length(10);
    expect(graph.body.truncated).to.equal(true);
    const ids = new Set(graph.body.elements.nodes.map((n: { data: { id: string } }) => n.data.id));
    for (const e of graph.body.elements.edges) expect(ids.has(e.data.source) && ids.has(e.data.target)).to.equal(true);
  });

  it('centrality and communities: computed once per snapshot set, then served from memory, the same answer', async () => {
    const first = await env.get('/api/kg/centrality?metric=betweenness&top_n=5');
    const second = await env.get('/api/kg/centrality?metric=betweenness&top_n=5');
    expect(first.body).to.include({ exact: false, samples: 128 });
    expect(second.body.cached).to.equal(true);
    expect(second.body.top).to.deep.equal(first.body.top);
    const communities = await env.get('/api/kg/communities?disease_id=ra&top=3');
    const again = await env.get('/api/kg/communities?disease_id=ra&top=3');
    expect(communities.body.communities).to.deep.equal(again.body.communities);
    expect(communities.body.disease_community).to.be.a('number');
  });

  it('refuses bad input with 422 and unknown ids with 404', async () => {
    for (const url of ['/api/kg/path?source=DRUGBANK:DB00321&target=MONDO:0007915&max_hops=9', '/api/kg/path?source=DRUGBANK:DB00321', '/api/kg/centrality?metric=fame',
      '/api/kg/search?q=', '/api/kg/neighbors/DRUGBANK:DB00321?limit=0', '/api/kg/graph?disease_id=Not%20an%20id', '/api/kg/path?source=a%00b:1&target=MONDO:0007915',
      '/api/kg/path?source=DRUGBANK:DB00321&target=MONDO:0007915&edge_types=KNOWS']) {
      expect((await env.get(url)).status, url).to.equal(422);
    }
    expect((await env.get('/api/kg/node/DRUGBANK:DB99999999')).status).to.equal(404);
    expect((await env.get('/api/kg/graph?disease_id=no_such_module')).status).to.equal(404);
    expect((await env.get('/api/kg/stats?disease_id=NCBIGene:7124')).status).to.equal(404);
  });
});
