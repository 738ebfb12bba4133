// The cross-disease module (spec §4.6 /api/cross-disease/*; spec §4.4 lists no legacy alias for it): the
// registry's diseases compared by shared genes and pathways (overlap, the job's route), by network
// separation in the interactome (similarity, modules), and by the compounds they share (drugs).
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import type { AnalysisModule } from '../analysis-module';
import { maxDiseasesSchema, CROSS_DISEASE_MODULE_ID } from './cross-disease-parameters';
import { runDiseaseOverlap } from './disease-overlap';
import { runDiseaseSimilarity } from './disease-similarity';
import { runOverlappingModules } from './overlapping-modules';
import { renderCrossDiseaseHtml } from './render-cross-disease-html';
import { minModuleGenesSchema } from './panel-separation';
import { runSharedDrugs } from './shared-drugs';

const disease = { type: 'object', properties: { curie: { type: 'string' }, label: { type: 'string' }, module_id: { type: 'string' } }, required: ['curie', 'label', 'module_id'] };
const gene = { type: 'object', properties: { id: { type: 'string' }, symbol: { type: 'string' } }, required: ['id', 'symbol'] };
const reasons = { type: 'object', properties: Object.fromEntries(['invalid_module', 'not_in_graph', 'no_genes', 'same_node_as_earlier_module', 'beyond_max_diseases'].map((r) => [r, { type: 'integer' }])) };
const panel = {
  type: 'object', description: 'Which registry diseases were compared, and how many were left out and why',
  properties: { registry_modules: { type: 'integer' }, compared: { type: 'integer' }, left_out: reasons, left_out_examples: { type: 'object' }, rule: { type: 'string' } },
  required: ['registry_modules', 'compared', 'left_out', 'left_out_examples', 'rule'],
};
const interactome = { type: 'object', properties: { genes: { type: 'integer' }, interactions: { type: 'integer' } }, required: ['genes', 'interactions'] };
const nullableNumber = { type: ['number', 'null'] };

function result(properties: Record<string, unknown>) {
  return { type: 'object', properties: { ...ENVELOPE_PROPERTIES, diseases: panel, ...properties }, required: [...ENVELOPE_REQUIRED, 'diseases', ...Object.keys(properties)] };
}
const query = (extra: Record<string, unknown> = {}) => ({ type: 'object', properties: { max_diseases: maxDiseasesSchema, ...extra }, additionalProperties: false });
const panelText = 'Diseases compared: the registry\'s valid modules whose MONDO node is in the knowledge graph with at least one GWAS gene, '
  + 'one per node, the first max_diseases in registry order; `diseases` counts those left out by reason. 409 with fewer than two.';

export const crossDiseaseModule: AnalysisModule = {
  id: CROSS_DISEASE_MODULE_ID,
  aliases: [],
  title: 'Cross-disease comparison',
  description: 'Registry diseases compared by shared GWAS genes and Reactome pathways (Jaccard, hypergeometric p, BH FDR), by network separation of '
    + 'their modules in the interactome (Menche et al., Science 2015), and by the compounds indicated for or targeting several of them.',
  routes: [
    {
      path: '/api/cross-disease/overlap', operationId: 'crossDiseaseOverlap',
      summary: 'Gene and pathway overlap of every pair of registry diseases',
      description: `${panelText} For each pair sharing genes: gene Jaccard, pathway Jaccard (Reactome pathways of their genes), and the one-sided `
        + 'hypergeometric p of the gene overlap against the annotated background (interactome or Reactome genes) with Benjamini–Hochberg FDR over all pairs.',
      query: query(),
      resultSchema: result({
        compared: { type: 'array', items: { type: 'object', properties: { ...disease.properties, genes: { type: 'integer' } } } },
        background: { type: 'object', properties: { definition: { type: 'string' }, size: { type: 'integer' } }, required: ['definition', 'size'] },
        pathway_sets: { type: 'string' },
        counts: { type: 'object', properties: { pairs: { type: 'integer' }, pairs_with_shared_genes: { type: 'integer' } } },
        pairs: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              a: disease, b: disease, genes_a: { type: 'integer' }, genes_b: { type: 'integer' }, shared_genes: { type: 'integer' }, gene_jaccard: { type: 'number' },
              pathways_a: { type: 'integer' }, pathways_b: { type: 'integer' }, shared_pathways: { type: 'integer' }, pathway_jaccard: nullableNumber,
              in_background: { type: 'object' }, p: nullableNumber, fdr: nullableNumber, genes: { type: 'array', items: gene },
            },
            required: ['a', 'b', 'shared_genes', 'gene_jaccard', 'pathway_jaccard', 'p', 'fdr', 'genes'],
          },
        },
      }),
      run: runDiseaseOverlap,
    },
    {
      path: '/api/cross-disease/similarity', operationId: 'crossDiseaseSimilarity',
      summary: 'Network separation s_AB of every pair of registry diseases in the interactome',
      description: `${panelText} s_AB = d_AB − (d_AA + d_BB)/2 (Menche et al., Science 2015): the pairs sorted by s_AB (negative = overlapping `
        + 'modules) and the matrix. Diseases with fewer than min_module_genes interactome genes get none (listed with the reason). 409 without an interactome.',
      query: query({ min_module_genes: minModuleGenesSchema }),
      resultSchema: result({
        interactome,
        modules: { type: 'array', items: { type: 'object', properties: { ...disease.properties, genes: { type: 'integer' }, in_interactome: { type: 'integer' }, d_AA: nullableNumber } } },
        counts: { type: 'object' },
        pairs: { type: 'array', items: { type: 'object', properties: { a: disease, b: disease, d_AB: { type: 'number' }, s_AB: { type: 'number' } }, required: ['a', 'b', 'd_AB', 's_AB'] } },
        matrix: { type: 'object', properties: { diseases: { type: 'array', items: { type: 'string' } }, s_AB: { type: 'array', items: { type: 'array', items: nullableNumber } } }, required: ['diseases', 's_AB'] },
      }),
      run: runDiseaseSimilarity,
    },
    {
      path: '/api/cross-disease/drugs', operationId: 'crossDiseaseDrugs',
      summary: 'Compounds indicated for, or targeting the genes of, several registry diseases',
      description: `${panelText} Compounds linked to two or more of them, most diseases first: each disease with its route (indication: TREATS; `
        + 'target: TARGETS/BINDS one of its GWAS genes, named).',
      query: query({ top: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'At most this many compounds' } }),
      resultSchema: result({
        counts: { type: 'object' },
        compounds: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' }, name: { type: 'string' }, disease_count: { type: 'integer' }, by_indication: { type: 'integer' }, by_target: { type: 'integer' },
              diseases: { type: 'array', items: { type: 'object', properties: { ...disease.properties, routes: { type: 'array', items: { enum: ['indication', 'target'] } }, target_genes: { type: 'array', items: gene } } } },
            },
            required: ['id', 'name', 'disease_count', 'diseases'],
          },
        },
      }),
      run: runSharedDrugs,
    },
    {
      path: '/api/cross-disease/modules', operationId: 'crossDiseaseModules',
      summary: 'Disease pairs whose interactome modules overlap most',
      description: `${panelText} The pairs with the smallest network separation s_AB (Menche et al., Science 2015), with d_AB, d_AA, d_BB and the genes they share; diseases with fewer than min_module_genes interactome genes are left out. 409 without an interactome.`,
      query: query({ top_synergy: { type: 'integer', minimum: 1, maximum: 200, default: 20, description: 'At most this many pairs' }, min_module_genes: minModuleGenesSchema }),
      resultSchema: result({
        interactome,
        counts: { type: 'object' },
        pairs: {
          type: 'array',
          items: {
            type: 'object',
            properties: { a: disease, b: disease, s_AB: { type: 'number' }, d_AB: { type: 'number' }, d_AA: { type: 'number' }, d_BB: { type: 'number' }, overlapping: { type: 'boolean' }, shared_genes: { type: 'integer' }, genes: { type: 'array', items: gene } },
            required: ['a', 'b', 's_AB', 'd_AB', 'd_AA', 'd_BB', 'shared_genes', 'genes'],
          },
        },
      }),
      run: runOverlappingModules,
    },
  ],
  renderHtml: renderCrossDiseaseHtml,
};
