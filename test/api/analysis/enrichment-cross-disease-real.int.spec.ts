// Enrichment and cross-disease on the real resources of ../shared/data, every drug-gene-disease resource
// imported through the real importers (as test/biomed/kg-counts-real.int.spec.ts does, plus Reactome and the
// MONDO mapping sets): rheumatoid arthritis is enriched in a cytokine / interleukin Reactome pathway at
// FDR < 0.05, by module id and by MONDO id, with BH FDRs monotone in p; and the cross-disease routes over
// the whole registry (curated + discovered from the Disease Ontology) run within the 10 s target on the full
// graph (timings printed). Skips with a message where the shared data is absent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { analysisDeps } from '../../../commands/analysis/analysis-deps';
import type { AnalysisDeps } from '../../../commands/analysis/analysis-module';
import { crossDiseaseModule } from '../../../commands/analysis/cross-disease/cross-disease-module';
import { analysisRouteRunner, type AnalysisRouteAnswer } from '../../../commands/analysis/run-analysis-route';
import { readMondoConditions } from '../../../infra/biomed/discover/mondo-conditions';
import { discoverModules } from '../../../infra/biomed/discover/write-modules';
import { DEFAULT_DISEASES_DIR, DiseaseRegistry } from '../../../infra/diseases/disease-registry';
import { BiomedEnv, fixture, requireSharedData, shared, startBiomedEnv } from '../../biomed/support/biomed-env';
import { importReal, realImports } from '../../biomed/support/real-resources';

const MONDO_SETS = ['doid', 'efo', 'mesh', 'omim', 'orphanet'].map((s) => `mondo/mondo_exactmatch_${s}.sssom.tsv`);
const IMPORTS = realImports(['disease_ontology', 'pharmacotherapydb', 'ncbi_gene', 'drugbank', 'drugcentral', 'bindingdb', 'gwas_catalog', 'ppi', 'reactome', 'sider', 'bgee']);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('analysis on the real resources: enrichment of RA and cross-disease over the whole registry', function () {
  this.timeout(1_800_000);
  let env: BiomedEnv;
  let modulesDir: string;

  before(async function () {
    requireSharedData(this, ...IMPORTS.flatMap(([, files]) => files), ...MONDO_SETS);
    env = await startBiomedEnv();
    // MONDO: the fixture's terms with the real mapping sets (the MONDO release itself is not in ../shared/data).
    const mondo = await env.import({ resource: 'mondo', files: [fixture('mondo-fixture.obo'), fixture('mondo-fixture.sssom.tsv'), ...MONDO_SETS.map(shared)] });
    expect(mondo.outcome).to.equal('imported');
    await importReal(env, IMPORTS, (resource, ms) => console.log(`      imported ${resource} in ${(ms / 1000).toFixed(1)} s`));
    modulesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xd-modules-'));
  });
  after(async () => {
    await env?.close();
    if (modulesDir) fs.rmSync(modulesDir, { recursive: true, force: true });
  });

  for (const diseaseId of ['ra', 'MONDO:0008383']) {
    it(`enriches rheumatoid arthritis (${diseaseId}) in a cytokine / interleukin Reactome pathway at FDR < 0.05, FDRs monotone in p`, async () => {
      const started = Date.now();
      const { status, body } = await env.get(`/api/bioinformatics/enrichment?disease_id=${encodeURIComponent(diseaseId)}&max_fdr=1&top_n=500`);
      const ms = Date.now() - started;
      expect(status).to.equal(200);
      expect(body.disease.curie).to.equal('MONDO:0008383');
      const rows = body.pathways as Json[];
      const immune = rows.filter((r) => /Cytokine|Interleukin/.test(r.name) && r.fdr < 0.05);
      expect(immune.length, JSON.stringify(rows.slice(0, 10).map((r) => [r.name, r.fdr]))).to.be.greaterThan(0);
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i]!.p).to.be.at.least(rows[i - 1]!.p);
        expect(rows[i]!.fdr).to.be.at.least(rows[i - 1]!.fdr);
      }
      for (const r of rows) expect(r.fdr).to.be.at.least(r.p);
      console.log(`      ${diseaseId}: ${body.query.tested_genes}/${body.query.disease_genes} genes in a background of ${body.background.size}, `
        + `${body.counts.pathways_tested} pathways tested, ${rows.filter((r) => r.fdr < 0.05).length} at FDR < 0.05; `
        + `${immune.slice(0, 3).map((r) => `${r.name} (k ${r.k}, FDR ${r.fdr.toExponential(2)})`).join('; ')}; ${ms} ms (graph ${diseaseId === 'ra' ? 'built in this call' : 'warm'})`);
    });
  }

  it('enriches RA\'s untargeted genes too, saying how many were dropped', async () => {
    const started = Date.now();
    const { status, body } = await env.get('/api/bioinformatics/enrichment?disease_id=ra&untargeted_only=true');
    expect(status).to.equal(200);
    expect(body.query.untargeted.dropped_count).to.be.greaterThan(0);
    console.log(`      RA untargeted_only: ${body.query.untargeted.dropped_count} genes dropped (approved compounds: ${body.query.untargeted.approved_compounds}), `
      + `${body.counts.significant} pathways at FDR ≤ 0.05; ${Date.now() - started} ms`);
  });

  it('runs every cross-disease route over the whole registry within 10 s on the full graph', async () => {
    const knex = env.runtime.db.knex;
    const discovered = discoverModules(await readMondoConditions(knex), { outDir: modulesDir });
    const registry = DiseaseRegistry.loadAll([DEFAULT_DISEASES_DIR, modulesDir]);
    const deps: AnalysisDeps = analysisDeps({ db: env.runtime.db, diseases: registry, settings: { dataDir: os.tmpdir() } });
    await deps.graph(); // built already by the enrichment calls; timed below without the build
    // Through the routes' use case, as the GET routes run them: each route's schema fills in what a call leaves out.
    const runRoute = analysisRouteRunner([crossDiseaseModule], deps);
    const timings: Record<string, number> = {};
    const results: Record<string, Json> = {};
    const run = async (name: string, input: Record<string, unknown>) => {
      const route = crossDiseaseModule.routes.find((r) => r.path.endsWith(`/${name.split(' ')[0]}`))!;
      const started = performance.now();
      const outcome: AnalysisRouteAnswer = await runRoute({ moduleId: crossDiseaseModule.id, path: route.path, input });
      timings[name] = Math.round(performance.now() - started);
      expect(outcome.kind, JSON.stringify(outcome)).to.equal('ok');
      results[name] = (outcome as { result: Json }).result;
    };
    await run('overlap', { max_diseases: 5000 });
    await run('similarity', { max_diseases: 5000 }); // min_module_genes 20 (default)
    await run('similarity (min_module_genes 2)', { max_diseases: 5000, min_module_genes: 2 });
    await run('drugs', { max_diseases: 5000, top: 500 });
    await run('modules', { max_diseases: 5000, top_synergy: 200 });
    const similarity = results.similarity!;
    console.log(`      registry: ${registry.list().length} modules (${discovered.complete} discovered of ${discovered.conditions} conditions); compared ${similarity.diseases.compared}, `
      + `left out ${JSON.stringify(similarity.diseases.left_out)}; interactome ${similarity.interactome.genes} genes / ${similarity.interactome.interactions} interactions`);
    console.log(`      timings (ms, graph already built): ${JSON.stringify(timings)}; pairs with s_AB ${similarity.counts.with_separation} `
      + `(${results['similarity (min_module_genes 2)']!.counts.with_separation} with min_module_genes 2), `
      + `overlapping (s < 0) ${results.modules!.counts.overlapping}; most overlapping: ${results.modules!.pairs.slice(0, 3).map((p: Json) => `${p.a.label}–${p.b.label} ${p.s_AB.toFixed(3)}`).join(', ')}`);
    console.log(`      overlap pairs sharing genes ${results.overlap!.counts.pairs_with_shared_genes} of ${results.overlap!.counts.pairs}; compounds on several diseases ${results.drugs!.counts.compounds_linked_to_several}`);
    expect(similarity.diseases.compared).to.be.greaterThan(20);
  });
});
