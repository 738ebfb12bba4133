// Semantic search on the real resources of ../shared/data (Disease Ontology 2016, PharmacotherapyDB, NCBI Gene,
// DrugBank, DrugCentral, GWAS Catalog, imported through the real importers): "lupus" is an exact synonym of
// DOID:8857 in HumanDO.obo, so the query expands to its IS_A descendants, among them systemic lupus
// erythematosus, which is found with its indicated drugs' claims; with disease_id=sle every claim hit names SLE.
// Prints the index size, its build time and a steady query time. Skips with a message where the data is absent.
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { BiomedEnv, requireSharedData, startBiomedEnv } from '../../biomed/support/biomed-env';
import { importReal, realImports } from '../../biomed/support/real-resources';
import { Json, moduleClient } from './support/module-client';

const IMPORTS = realImports(['disease_ontology', 'pharmacotherapydb', 'ncbi_gene', 'drugbank', 'drugcentral', 'gwas_catalog']);

describe('analysis on the real resources: semantic search', function () {
  this.timeout(1_200_000);
  let env: BiomedEnv;
  let server: TestServer;
  const api = moduleClient(() => server.baseUrl);

  before(async function () {
    requireSharedData(this, ...IMPORTS.flatMap(([, files]) => files));
    env = await startBiomedEnv();
    await importReal(env, IMPORTS, (resource, ms) => console.log(`      imported ${resource} in ${(ms / 1000).toFixed(1)} s`));
    server = await startTestServer({ databaseUrl: env.runtime.settings.databaseUrl, env: { EVIDENCE_SOURCE_MODE: 'offline' } });
  });
  after(async () => { await server?.close(); await env?.close(); });

  it('expands "lupus" through the Disease Ontology to systemic lupus erythematosus and finds its treatments', async () => {
    let started = Date.now();
    const { status, body } = await api.get('/api/semantic/search?query=lupus&top_k=100');
    const firstMs = Date.now() - started;
    expect(status).to.equal(200);
    expect(body.expansion.matched.map((t: Json) => t.curie)).to.include('DOID:8857');
    expect(body.expansion.descendants.map((t: Json) => t.curie)).to.include('DOID:9074');
    const ids = (body.results as Json[]).map((r) => r.id);
    expect(ids).to.include('term:DOID:9074');
    const treats = (body.results as Json[]).filter((r) => r.kind === 'claim' && r.predicate === 'TREATS' && r.object.curie === 'MONDO:0007915');
    expect(treats.length, JSON.stringify(body.results.slice(0, 10).map((r: Json) => r.id))).to.be.greaterThan(0);
    started = Date.now();
    const scoped = await api.get('/api/semantic/search?query=methotrexate%20hydroxychloroquine&disease_id=sle&top_k=50');
    const steadyMs = Date.now() - started;
    expect(scoped.status).to.equal(200);
    for (const r of scoped.body.results as Json[]) if (r.kind === 'claim') expect([r.subject.curie, r.object.curie]).to.include('MONDO:0007915');
    console.log(`      index: ${body.index.terms} terms + ${body.index.claims} claims; first query (graph + index build) ${firstMs} ms, `
      + `scoped query ${steadyMs} ms; "lupus" expanded with ${body.expansion.descendants.length} descendants, ${treats.length} SLE TREATS claims in the top 100`);
  });
});
