// Issue 24 item 5: a module route's parameters come from its query schema (ajv useDefaults, query-string
// coercion), not from hand-written parsers restating the defaults. The defaults below are the ones the
// removed parsers hard-coded (and docs/modules.md states); a refused value gives the spec's 422 detail list.
import { expect } from 'chai';
import { ANALYSIS_MODULES } from '../../../commands/analysis';
import { analysisRouteRunner } from '../../../commands/analysis/run-analysis-route';
import { routeParameters } from '../../../commands/analysis/route-parameters';
import type { AnalysisDeps } from '../../../commands/analysis/analysis-module';
import { RequestValidationError } from '../../../domain/shared/schema-validation';

const mainQuery = (id: string) => ANALYSIS_MODULES.find((m) => m.id === id)!.routes[0]!.query;

describe('module parameters from the route schema', () => {
  const expected: Record<string, Record<string, unknown>> = {
    'literature-mining': { disease_id: 'sle', max_articles: 100, targeted: false, no_cache: false },
    'cart-suitability': { disease: 'sle', top_n: 20 },
    'gwas-loci': { disease_id: 'sle', max_studies: 50, no_cache: false },
    'expression-profile': { disease_id: 'sle', top_n: 20, max_fdr: 0.05 },
    'biomarker-discovery': { disease_id: 'sle', top_n: 20, max_fdr: 0.05 },
    'pathway-enrichment': { disease_id: 'sle', untargeted_only: false, max_fdr: 0.05, top_n: 50, no_cache: false },
    'clinical-trials': { disease_id: 'sle', max_trials: 100, no_cache: false },
    'drug-safety': { disease: 'sle', max_drugs: 10, max_side_effects: 100, max_faers_events: 20 },
    'evidence-gathering': { q: '', max_per_source: 20, use_cache: true, disease_id: 'sle' },
    'llm-extraction': { disease_id: 'sle' },
    // Two more whose run functions restated these defaults (converted with semantic search and cross-disease).
    'link-prediction': { disease_id: 'sle', top_n: 50, no_shap: false },
    'drug-combinations': { disease_id: 'sle', top_n: 50, max_compounds: 60, permutations: 1000, seed: 20190318, z_threshold: 0, separation_z_pairs: 20, network_randomisations: 20 },
    'virtual-screening': { top_n: 50, min_tanimoto: 0.3, use_vina: false, dock_top: 3, exhaustiveness: 4, disease_id: 'sle' },
  };
  for (const [id, defaults] of Object.entries(expected)) {
    it(`fills ${id}'s defaults from its schema when a caller gives none`, () => {
      expect(routeParameters(mainQuery(id), {})).to.deep.equal(defaults);
    });
  }

  it('coerces query-string values to the schema\'s types and keeps what the caller gave', () => {
    expect(routeParameters(mainQuery('expression-profile'), { top_n: '7', max_fdr: '0.1', disease_id: 'ra' }))
      .to.deep.equal({ disease_id: 'ra', top_n: 7, max_fdr: 0.1 });
  });

  it('refuses a value outside the schema with the 422 detail list (loc, msg, type)', () => {
    let caught: unknown;
    try { routeParameters(mainQuery('biomarker-discovery'), { top_n: 0 }); } catch (error) { caught = error; }
    expect(caught).to.be.instanceOf(RequestValidationError);
    const [detail] = (caught as RequestValidationError).details;
    expect(detail!.loc).to.deep.equal(['query', 'top_n']);
    expect(detail!.msg).to.be.a('string').and.not.equal('');
    expect(detail!.type).to.be.a('string').and.not.equal('');
  });

  // The last two converted: semantic search (its query has no default) and cross-disease (four routes, each
  // with its own caps; defaults as docs/modules.md and the routes' descriptions state them).
  const route = (id: string, path: string) => ANALYSIS_MODULES.find((m) => m.id === id)!.routes.find((r) => r.path === path)!;

  it('fills semantic search\'s defaults around the caller\'s query and adds no disease', () => {
    expect(routeParameters(route('semantic-search', '/api/semantic/search').query, { query: 'lupus' }))
      .to.deep.equal({ query: 'lupus', top_k: 20, expand: true, max_expansion: 25 });
    expect(routeParameters(route('semantic-search', '/api/semantic/search').query, { query: 'lupus', top_k: '5', expand: 'false', disease_id: 'sle' }))
      .to.deep.equal({ query: 'lupus', top_k: 5, disease_id: 'sle', expand: false, max_expansion: 25 });
  });

  it('refuses a semantic search without a query (422 at query.query)', () => {
    let caught: unknown;
    try { routeParameters(route('semantic-search', '/api/semantic/search').query, { top_k: 5 }); } catch (error) { caught = error; }
    expect(caught).to.be.instanceOf(RequestValidationError);
    expect((caught as RequestValidationError).details.map((d) => [d.loc, d.type])).to.deep.equal([[['query', 'query'], 'required']]);
  });

  const crossDisease: Record<string, Record<string, number>> = {
    '/api/cross-disease/overlap': { max_diseases: 200 },
    '/api/cross-disease/similarity': { max_diseases: 200, min_module_genes: 20 },
    '/api/cross-disease/drugs': { max_diseases: 200, top: 50 },
    '/api/cross-disease/modules': { max_diseases: 200, top_synergy: 20, min_module_genes: 20 },
  };
  for (const [path, defaults] of Object.entries(crossDisease)) {
    it(`fills ${path}'s defaults from its schema, and keeps a partial call's values`, () => {
      expect(routeParameters(route('cross-disease', path).query, {})).to.deep.equal(defaults);
      expect(routeParameters(route('cross-disease', path).query, { max_diseases: '5' })).to.deep.equal({ ...defaults, max_diseases: 5 });
    });
  }

  it('refuses a cross-disease cap outside its schema with the 422 detail list', () => {
    let caught: unknown;
    try { routeParameters(route('cross-disease', '/api/cross-disease/modules').query, { top_synergy: '201', min_module_genes: 1 }); } catch (error) { caught = error; }
    expect(caught).to.be.instanceOf(RequestValidationError);
    const details = (caught as RequestValidationError).details;
    expect(details.map((d) => [d.loc, d.type])).to.deep.equal([[['query', 'top_synergy'], 'maximum'], [['query', 'min_module_genes'], 'minimum']]);
    for (const d of details) expect(d.msg).to.be.a('string').and.not.equal('');
  });

  it('answers a refused value as an invalid outcome (the route\'s 422), never an error, before the module reads anything', async () => {
    const untouched = new Proxy({}, { get: () => { throw new Error('the module read its dependencies'); } }) as AnalysisDeps;
    const outcome = await analysisRouteRunner(ANALYSIS_MODULES, untouched)({ moduleId: 'gwas-loci', path: ANALYSIS_MODULES.find((m) => m.id === 'gwas-loci')!.routes[0]!.path, input: { max_studies: 'many' } });
    expect(outcome.kind).to.equal('invalid');
    expect((outcome as { details: { loc: string[] }[] }).details[0]!.loc).to.deep.equal(['query', 'max_studies']);
  });
});
