// The start-up seed's use case on scratch databases: a fresh store gets the seed snapshots (reports say
// seed: true), a second run imports nothing, and a store with an operator's active snapshot is never seeded.
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { seedBiomedStore } from '../../commands/biomed/seed-store';
import zlib from 'node:zlib';
import { DESIGNATED_MEDICAL_EVENT_TERMS } from '../../domain/pharmacovigilance/designated-medical-events';
import { seriousSideEffects } from '../../infra/biomed/read/serious-side-effects';
import { withdrawnCompounds } from '../../infra/biomed/read/withdrawn-compounds';
import { findProjectRoot } from '../../infra/sources/offline-reader';
import { loadStoreGraph } from '../../infra/kg/load-store-graph';
import { EDGE_TYPES, edgeTypeIndex, PATH_DEFAULT_EXCLUDED } from '../../domain/knowledge-graph/metagraph';
import { kShortestPaths } from '../../domain/knowledge-graph/paths';
import { snapshotQueries } from '../../projections/biomed/snapshots.queries';
import { BiomedEnv, fixture, startBiomedEnv, storeFootprint } from './support/biomed-env';

describe('biomed: seeding a fresh store', function () {
  this.timeout(60_000);
  let env: BiomedEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it('imports the seed snapshots into a fresh store, with seed: true in their reports, and nothing on a second run', async function () {
    env = await startBiomedEnv();
    const first = await seedBiomedStore(env.deps);
    expect(first.kind).to.equal('seeded');
    if (first.kind !== 'seeded') return;
    expect(first.imports.map((i) => [i.resource, i.outcome])).to.deep.equal([
      'mondo', 'hp', 'disease_ontology', 'pharmacotherapydb', 'ncbi_gene', 'drugbank', 'drugcentral', 'bindingdb', 'gwas_catalog', 'ppi', 'reactome', 'sider', 'bgee', 'surfaceome',
      'hgnc', 'drugbank_vocabulary', 'chembl', 'pubmed', 'pmc', 'clinical_trials', 'openfda_labels',
    ].map((resource) => [resource, 'imported']));
    for (const { snapshot_id: id } of first.imports) {
      const snapshot = await snapshotQueries(env.runtime.db.knex).get(id!);
      expect(snapshot).to.include({ active: true, forced: false });
      expect(snapshot!.report).to.include({ seed: true });
    }
    // The seed graph: each curated disease is a MONDO node with its indications and GWAS genes.
    const { graph } = await loadStoreGraph(env.runtime.db.knex);
    for (const mondo of ['MONDO:0007915', 'MONDO:0008383', 'MONDO:0005301', 'MONDO:0005083', 'MONDO:0004979', 'MONDO:0005148', 'MONDO:0005011', 'MONDO:0005180']) {
      const node = graph.lookup(mondo);
      expect(node, mondo).to.not.equal(undefined);
      const degree = graph.degreeByType(node!);
      // Parkinson disease has symptomatic (PALLIATES) indications only in PharmacotherapyDB.
      expect((degree.TREATS?.in ?? 0) + (degree.PALLIATES?.in ?? 0), `${mondo} TREATS/PALLIATES`).to.be.greaterThan(0);
      expect(degree.ASSOCIATES?.out, `${mondo} ASSOCIATES`).to.be.greaterThan(0);
    }
    // DrugBank's withdrawn group, read independently from the seed file: the store read returns exactly those drugs.
    const slim = fs.readFileSync(path.join(findProjectRoot(), 'fixtures/seed/drugbank/drugbank-slim.seed.tsv'), 'utf8').split('\n').slice(1);
    const expected = slim.map((line) => line.split('\t')).filter((f) => (f[3] ?? '').split('|').includes('withdrawn')).map((f) => `DRUGBANK:${f[0]}`);
    expect(expected.length).to.be.greaterThan(0);
    const drugbank = first.imports.find((i) => i.resource === 'drugbank')!.snapshot_id;
    const withdrawn = await withdrawnCompounds(env.runtime.db.knex);
    expect([...withdrawn.keys()].sort()).to.deep.equal(expected.sort());
    for (const snapshot of withdrawn.values()) expect(snapshot).to.equal(drugbank);
    // SIDER side effects on the DME list, read independently from the seed files: PT rows whose name is a held
    // DME term, STITCH stereo id CID0… → PubChem CID → DrugBank by the seed's mapping file.
    const seedFile = (name: string) => path.join(findProjectRoot(), 'fixtures/seed', name);
    const dbByCid = new Map<string, string[]>();
    for (const [db, cid] of fs.readFileSync(seedFile('drugbank/mapping-pubchem.seed.tsv'), 'utf8').trim().split(/\r?\n/).slice(1).map((l) => l.split('\t'))) {
      dbByCid.set(cid!, [...(dbByCid.get(cid!) ?? []), `DRUGBANK:${db}`]);
    }
    const dme = new Set(DESIGNATED_MEDICAL_EVENT_TERMS.map((t) => t.toLowerCase()));
    const expectedDme = new Map<string, Set<string>>();
    for (const f of zlib.gunzipSync(fs.readFileSync(seedFile('sider4/meddra_all_se.seed.tsv.gz'))).toString('utf8').trim().split('\n').map((l) => l.split('\t'))) {
      if (f[3] !== 'PT' || !dme.has((f[5] ?? '').toLowerCase())) continue;
      for (const compound of dbByCid.get(String(Number((f[1] ?? '').slice(3)))) ?? []) expectedDme.set(compound, new Set([...(expectedDme.get(compound) ?? []), f[5]!]));
    }
    expect(expectedDme.size, 'the seed has drugs with designated medical events on their labels').to.be.greaterThan(0);
    const serious = await seriousSideEffects(env.runtime.db.knex);
    expect([...serious.keys()].sort()).to.deep.equal([...expectedDme.keys()].sort());
    for (const [compound, { effects }] of serious) expect(effects.map((e) => e.name).sort(), compound).to.deep.equal([...expectedDme.get(compound)!].sort());
    // The surfaceome slice: one claim per gene line of the TSV (counted here from the file), its genes on NCBIGene.
    const surfaceTsv = fs.readFileSync(path.join(findProjectRoot(), 'fixtures/seed/surfaceome/TCSA-Figure1_GESPscore.seed.tsv'), 'utf8')
      .split('\n').filter((l) => l !== '' && !l.startsWith('#')).slice(1);
    const surfaceome = await snapshotQueries(env.runtime.db.knex).get(first.imports.find((i) => i.resource === 'surfaceome')!.snapshot_id!);
    const surfaceCounts = (surfaceome!.report as { counts: Record<string, number> }).counts;
    expect(surfaceCounts.rows).to.equal(surfaceTsv.length);
    expect(surfaceCounts.claims_on_ncbigene! + surfaceCounts.claims_on_ensembl!).to.equal(surfaceTsv.length);
    expect(surfaceCounts.claims_on_ncbigene).to.be.greaterThan(surfaceTsv.length * 0.9);
    // Modern drugs (issue 25): biologics and post-2016 drugs of the seed diseases are compounds with targets and
    // indications; targets checked by hand from ChEMBL (rituximab and ocrelizumab bind CD20 = MS4A1, NCBI Gene 931;
    // belimumab BAFF = TNFSF13B, 10673).
    const modern = ['belimumab', 'anifrolumab', 'rituximab', 'hydroxychloroquine', 'baricitinib', 'ocrelizumab', 'adalimumab', 'tocilizumab', 'upadacitinib', 'ustekinumab'];
    const compoundOf = (name: string) => {
      const same: number[] = [];
      for (let i = 0; i < graph.nodeCount; i++) if (graph.node(i).type === 'Compound' && graph.node(i).label.toLowerCase() === name) same.push(i);
      expect(same, `${name}: one compound node`).to.have.length(1);
      return same[0]!;
    };
    for (const name of modern) {
      const degree = graph.degreeByType(compoundOf(name));
      expect(degree.TARGETS?.out ?? 0, `${name} TARGETS`).to.be.greaterThan(0);
      expect((degree.APPROVED_FOR?.out ?? 0) + (degree.STUDIED_FOR?.out ?? 0), `${name} indications`).to.be.greaterThan(0);
    }
    const onlyTargets = new Uint8Array(EDGE_TYPES.length);
    onlyTargets[edgeTypeIndex('TARGETS')!] = 1;
    const targetIds = (name: string) => { const out: string[] = []; graph.forEachStep(compoundOf(name), 'forward', onlyTargets, (_e, other) => out.push(graph.node(other).id)); return out; };
    expect(targetIds('rituximab')).to.include('NCBIGene:931');
    expect(targetIds('ocrelizumab')).to.include('NCBIGene:931');
    expect(targetIds('belimumab')).to.include('NCBIGene:10673');
    // Forward paths (subject -> object only) from a modern drug to its disease: belimumab -> SLE, ocrelizumab -> MS.
    const walkable = new Uint8Array(EDGE_TYPES.length);
    EDGE_TYPES.forEach((e, i) => { if (!PATH_DEFAULT_EXCLUDED.has(e.type)) walkable[i] = 1; });
    for (const [drug, disease] of [['belimumab', 'MONDO:0007915'], ['ocrelizumab', 'MONDO:0005301']] as const) {
      const found = kShortestPaths(graph, { from: compoundOf(drug), to: graph.lookup(disease)!, maxHops: 3, k: 50, mode: 'forward', allowed: walkable });
      expect(found.shortest, `${drug} -> ${disease}`).to.equal(1);
      const first = found.paths[0]!.steps[0]!;
      expect([graph.edgeType(first.edge), first.reverse]).to.deep.equal(['APPROVED_FOR', false]);
      console.log(`      ${drug} -> ${disease}: ${found.paths.length} forward paths within 3 hops, via a target: ${found.paths.filter((p) => p.nodes.some((n) => graph.node(n).type === 'Gene')).length}`);
    }
    const footprint = await storeFootprint(env);
    expect(await seedBiomedStore(env.deps)).to.deep.equal({ kind: 'skipped', reason: 'the store already has an active snapshot' });
    expect(await storeFootprint(env)).to.deep.equal(footprint);
  });

  it('never seeds a store where any snapshot is active (an operator\'s own import), and an operator\'s report has no seed flag', async function () {
    env = await startBiomedEnv();
    const own = await env.import({ resource: 'hp', files: [fixture('hp-fixture.obo')] });
    expect(own.outcome).to.equal('imported');
    if (own.outcome === 'imported') expect(own.report).to.not.have.property('seed');
    expect((await seedBiomedStore(env.deps)).kind).to.equal('skipped');
    expect(await snapshotQueries(env.runtime.db.knex).activeSnapshotId('mondo')).to.equal(null);
  });
});
