// The disease-module analysis (spec §4.6: GET /api/bioinformatics/ppi; job `disease-module`, legacy alias
// `ppi`): the largest connected component of a disease's genes in the interactome and its significance
// (Menche et al., Science 2015). See docs/modules.md "Disease module in the interactome".
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { COMMON_JOB_QUERY } from '../../jobs/module-registry';
import type { AnalysisModule } from '../analysis-module';
import { BINS_JSON_SCHEMA, GENE_JSON_SCHEMA } from '../network-medicine/views';
import { computeDiseaseModule, DiseaseModuleInput } from './compute-disease-module';
import { renderDiseaseModuleHtml } from './render-html';

export const DEFAULT_SEED = 20161010;
const stringArray = { type: 'array', items: { type: 'string' } };

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    interactome: {
      type: 'object',
      properties: {
        confidence: { type: 'integer' }, evidence_rule: { type: 'string' }, genes: { type: 'integer' }, interactions: { type: 'integer' },
        interactions_below_confidence: { type: 'integer' },
      },
      required: ['confidence', 'evidence_rule', 'genes', 'interactions', 'interactions_below_confidence'],
    },
    disease_genes: {
      type: 'object',
      properties: {
        total: { type: 'integer' },
        in_interactome: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'string' }, symbol: { type: 'string' }, degree: { type: 'integer' }, in_lcc: { type: 'boolean' } }, required: ['id', 'symbol', 'degree', 'in_lcc'] },
        },
        not_in_interactome: { type: 'array', items: GENE_JSON_SCHEMA },
      },
      required: ['total', 'in_interactome', 'not_in_interactome'],
    },
    lcc: {
      type: 'object',
      properties: {
        size: { type: 'integer' }, fraction_of_genes_in_interactome: { type: 'number' }, genes: { type: 'array', items: GENE_JSON_SCHEMA },
        edges: {
          type: 'array',
          items: {
            type: 'object',
            properties: { source: GENE_JSON_SCHEMA, target: GENE_JSON_SCHEMA, evidence_count: { type: 'integer' }, pubmed_ids: stringArray, methods: stringArray },
            required: ['source', 'target', 'evidence_count', 'pubmed_ids', 'methods'],
          },
        },
      },
      required: ['size', 'fraction_of_genes_in_interactome', 'genes', 'edges'],
    },
    component_sizes: { type: 'array', items: { type: 'integer' } },
    random_mean: { type: 'number' }, random_sd: { type: 'number' }, z: { type: ['number', 'null'] }, p_empirical: { type: 'number' },
    degree_bins: BINS_JSON_SCHEMA,
  },
  required: [...ENVELOPE_REQUIRED, 'interactome', 'disease_genes', 'lcc', 'component_sizes', 'random_mean', 'random_sd', 'z', 'p_empirical', 'degree_bins'],
};

export const diseaseModuleModule: AnalysisModule = {
  id: 'disease-module',
  aliases: ['ppi'],
  title: 'Disease module in the interactome',
  description: 'The largest connected component (LCC) of a disease\'s GWAS genes in the protein interactome and its z-score against '
    + 'degree-preserving random gene sets of the same size (Menche et al., Science 2015, doi:10.1126/science.1257601).',
  routes: [
    {
      path: '/api/bioinformatics/ppi',
      operationId: 'diseaseModulePpi',
      summary: 'Disease module: the LCC of a disease\'s genes in the interactome and its significance',
      description: 'The disease\'s genes (ASSOCIATES) in the interactome (INTERACTS_WITH), the largest connected component they induce, '
        + 'its edges with their evidence (distinct PubMed ids + detection methods of the interaction\'s claims), and the LCC size\'s '
        + 'z-score against `permutations` degree-preserving random gene sets of the same size (seeded), with the empirical p '
        + '((1 + #random LCC ≥ LCC) / (1 + permutations)). confidence keeps only interactions with at least that many evidence items. '
        + 'disease_id defaults to sle (spec §4.6: the configured disease context). 409 when the active snapshots have no interactome or '
        + 'the disease has no gene in it.',
      query: {
        type: 'object',
        properties: {
          disease_id: { ...COMMON_JOB_QUERY.disease_id },
          confidence: { type: 'integer', minimum: 1, maximum: 5, default: 1, description: 'Minimum evidence items (distinct PubMed ids + detection methods) of an interaction' },
          permutations: { type: 'integer', minimum: 100, maximum: 5000, default: 1000, description: 'Random gene sets in the reference distribution' },
          seed: { type: 'integer', minimum: 0, maximum: 4294967295, default: DEFAULT_SEED, description: 'Seed of the random sets: the same seed gives a byte-identical result' },
        },
        additionalProperties: false,
      },
      resultSchema,
      run: (deps, input, context) => computeDiseaseModule(deps, input as unknown as DiseaseModuleInput, context),
    },
  ],
  renderHtml: renderDiseaseModuleHtml,
};
