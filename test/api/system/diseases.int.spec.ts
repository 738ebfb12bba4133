// GET /api/system/diseases on a tiny Express app (the route function mounted through an ApiRegistry with
// open guards), plus a check of the real fixtures when they are present.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { expect } from 'chai';
import { ApiRegistry } from '../../../api/http/registry';
import { errorHandler } from '../../../api/middleware/errors';
import { diseaseRoutes } from '../../../api/system/diseases.routes';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import { DEFAULT_DISEASES_DIR, DiseaseRegistry } from '../../../infra/diseases/disease-registry';
import { DEFAULT_KG_DIR, loadDefaultGraph } from '../../support/curated-graph/load-graph';

function module(id: string, name: string, synonyms: string[] = []): DiseaseModule {
  return {
    id, name, synonyms, mondo_id: 'MONDO:0007915', efo_id: 'EFO_0002690',
    search: { pubmed: { terms: [name] }, clinical_trials: { condition: name }, chembl: { target_genes: ['TLR7'] } },
    kg_seeds: { disease_node: `disease:${id}` },
  };
}

describe('GET /api/system/diseases', function () {
  let server: Server;
  let baseUrl: string;

  before(async function () {
    const registry = DiseaseRegistry.fromModules([
      module('sle', 'Systemic lupus erythematosus', ['SLE', 'Lupus']),
      module('ra', 'Rheumatoid arthritis', ['RA']),
      module('ms', 'Multiple sclerosis'),
      { id: 'ss', name: "Sjögren's syndrome", synonyms: [], search: { clinical_trials: { condition: 'Sjogren' } } },
    ]);
    const api = new ApiRegistry({ requireApiKey: () => undefined, resolvePrincipal: async () => undefined });
    api.add(...diseaseRoutes(registry));
    const app = express();
    app.use(api.router());
    app.use(errorHandler(() => undefined));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async function () {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = async (query = '') => {
    const response = await fetch(`${baseUrl}/api/system/diseases${query}`);
    return { status: response.status, body: await response.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('lists every discovered module with counts, sorted by id, and the invalid ones with their problems', async function () {
    const { status, body } = await get();
    expect(status).to.equal(200);
    expect(body.counts).to.deep.equal({ total: 4, valid: 3, invalid: 1 });
    expect(body.diseases.map((d: { id: string }) => d.id)).to.deep.equal(['ms', 'ra', 'sle', 'ss']);
    expect(body.diseases[2]).to.deep.equal({
      id: 'sle', name: 'Systemic lupus erythematosus', synonyms: ['SLE', 'Lupus'], mondo_id: 'MONDO:0007915', efo_id: 'EFO_0002690',
      sources_configured: ['pubmed', 'clinical_trials', 'chembl'], valid: true,
    });
    expect(body.diseases[3]).to.deep.include({ id: 'ss', mondo_id: null, sources_configured: ['clinical_trials'], valid: false });
    expect(body.invalid).to.have.length(1);
    expect(body.invalid[0].id).to.equal('ss');
    expect(body.invalid[0].problems).to.include.members(['search.pubmed is required', 'mondo_id is required', 'kg_seeds is required']);
  });

  it('narrows to a type-ahead prefix and pages', async function () {
    expect((await get('?q=lup')).body.diseases.map((d: { id: string }) => d.id)).to.deep.equal(['sle']);
    expect((await get('?q=RHEU')).body.diseases.map((d: { id: string }) => d.id)).to.deep.equal(['ra']);
    expect((await get('?limit=2&offset=1')).body.diseases.map((d: { id: string }) => d.id)).to.deep.equal(['ra', 'sle']);
    expect((await get('?q=s&limit=1&offset=1')).body.diseases).to.have.length(1);
    expect((await get('?q=s&offset=10')).body.diseases).to.deep.equal([]);
  });

  it('rejects out-of-range paging and unknown parameters with 422', async function () {
    for (const query of ['?limit=0', '?limit=1001', '?offset=-1', '?limit=ten', '?colour=blue']) {
      expect((await get(query)).status, query).to.equal(422);
    }
  });
});

describe('The real disease fixtures', function () {
  it('are all valid, and each module\'s kg_seeds exist in the real knowledge graph', function () {
    const present = fs.existsSync(DEFAULT_DISEASES_DIR) ? fs.readdirSync(DEFAULT_DISEASES_DIR).filter((f) => f.endsWith('.json')) : [];
    if (present.length < 18) {
      console.warn(`      (skipped: ${DEFAULT_DISEASES_DIR} holds ${present.length} of the 18 disease modules)`);
      this.skip();
    }
    const registry = DiseaseRegistry.load();
    expect(registry.invalid(), 'invalid disease modules').to.deep.equal([]);
    expect(registry.ids()).to.include.members(['sle', 'ra', 'ms', 'ss', 'ssc', 't1d', 'ibd', 'ad', 'als', 'as', 'asthma', 'atopic_dermatitis', 'copd', 'gout', 'pd', 'psa', 'pso', 't2d']);
    if (!fs.existsSync(DEFAULT_KG_DIR)) return;
    const kg = loadDefaultGraph();
    const missing = registry.validIds().flatMap((id) => {
      const seeds = registry.require(id).kg_seeds;
      return [seeds.disease_node, ...(seeds.phenotype_nodes ?? [])].filter((node) => !kg.node(node)).map((node) => `${id}: ${node}`);
    });
    expect(missing, 'kg_seeds absent from fixtures/kg').to.deep.equal([]);
  });
});
