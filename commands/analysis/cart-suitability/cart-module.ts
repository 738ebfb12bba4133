// The CAR-T suitability module (spec §4.6 GET /api/cart/suitability, parameters top_n and disease; job
// `cart-suitability`, no legacy alias in §4.4). See docs/modules.md "CAR-T suitability".
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { COMMON_JOB_QUERY } from '../../jobs/module-registry';
import type { AnalysisModule } from '../analysis-module';
import { GENE_JSON_SCHEMA } from '../network-medicine/views';
import { renderCartHtml } from './render-cart-html';
import { CART_MODULE_ID, runCart } from './run-cart';

const integer = { type: 'integer' };
const nullableNumber = { type: ['number', 'null'] };
const tissue = { type: 'object', properties: { id: { type: 'string' }, label: { type: 'string' }, name: { type: 'string' } }, required: ['id'] };

const antigenSchema = {
  type: 'object',
  properties: {
    rank: integer, id: { type: 'string' }, symbol: { type: 'string' }, rank_product: { type: 'number' },
    surface: {
      type: 'object', description: 'The gate: only genes listed by CSPA or SURFY are candidates (gate names them); not a ranking factor',
      properties: { gesp_score: { type: 'number' }, max_score: { type: 'number' }, resources: { type: 'object' }, gate: { type: 'array', items: { type: 'string' } } },
      required: ['gesp_score', 'max_score', 'resources', 'gate'],
    },
    vital_tissues: { type: 'object', properties: { measured: { type: 'boolean' }, expressed_in: { type: ['array', 'null'], items: tissue }, count: { type: ['integer', 'null'] }, of: integer, rank: { type: 'number' } }, required: ['measured', 'expressed_in', 'count', 'of', 'rank'] },
    disease_relevance: {
      type: 'object',
      properties: {
        kind: { enum: ['clinical_precedence', 'cell_population', 'gwas', 'interactor'] },
        clinical_precedence: { type: 'array', items: { type: 'object', properties: { compound: { type: 'string' }, label: { type: 'string' }, relation: { type: 'string' } }, required: ['compound', 'relation'] } },
        cell_populations: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['id', 'name'] } }, confidence: { enum: ['HC', 'LC', null] }, best_p_value: nullableNumber, best_mlog_pvalue: nullableNumber,
        lead_snp: { type: ['string', 'null'] }, lead_pubmed_id: { type: ['string', 'null'] }, interacting_disease_genes: { type: 'array', items: GENE_JSON_SCHEMA }, rank: { type: 'number' },
      },
      required: ['kind', 'clinical_precedence', 'cell_populations', 'confidence', 'best_p_value', 'interacting_disease_genes', 'rank'],
    },
  },
  required: ['rank', 'id', 'symbol', 'rank_product', 'surface', 'vital_tissues', 'disease_relevance'],
};

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    sources: { type: 'object' },
    vital_tissues: { type: 'object', properties: { used: { type: 'array', items: tissue }, not_in_bgee: { type: 'array', items: tissue } }, required: ['used', 'not_in_bgee'] },
    formula: { type: 'string' },
    surface_gate: {
      type: 'object',
      properties: { rule: { type: 'string' }, passed: integer, failed: integer, failed_listed: { type: 'array' } },
      required: ['rule', 'passed', 'failed', 'failed_listed'],
    },
    relevance_sources: { type: 'object' },
    counts: { type: 'object', properties: { disease_genes: integer, candidates: integer, gwas_candidates: integer, interactor_candidates: integer, without_presence_calls: integer, listed: integer }, required: ['disease_genes', 'candidates', 'listed'] },
    note: { type: ['string', 'null'] },
    antigens: { type: 'array', items: antigenSchema },
  },
  required: [...ENVELOPE_REQUIRED, 'sources', 'vital_tissues', 'formula', 'surface_gate', 'relevance_sources', 'counts', 'note', 'antigens'],
};

export const cartModule: AnalysisModule = {
  id: CART_MODULE_ID,
  aliases: [],
  title: 'CAR-T target suitability',
  description: 'Candidate CAR-T antigens for a disease: disease-relevant genes (targets of drugs linked to the disease, lineage antigens of its effector cell '
    + 'populations, GWAS genes, their interactors) that pass a cell-surface gate (CSPA or SURFY in The Cancer Surfaceome Atlas), ranked by the rank product '
    + 'of disease relevance and presence in vital normal tissues (Bgee).',
  routes: [{
    path: '/api/cart/suitability', operationId: 'cartSuitability',
    summary: 'CAR-T candidate antigens: surface evidence, vital-tissue presence and disease relevance',
    description: 'Candidates: genes with a GESP score > 0 in the active surfaceome snapshot that are GWAS genes of the disease (ASSOCIATES) or interactome '
      + 'partners (INTERACTS_WITH) of one. Factors, each with its value and fractional rank: GESP score (higher better), the number of the documented '
      + 'vital tissues (UBERON ids in `vital_tissues.used`) where Bgee calls the gene present (fewer better; a gene without any presence call is not '
      + 'measured and ranks last), disease relevance (GWAS genes by -log10 p before interactors by the disease genes they touch). rank_product = geometric '
      + 'mean of the three ranks (Breitling et al. 2004), smallest first; top_n listed. `disease` is a registry id or MONDO/DOID CURIE (default sle). '
      + '409 without a surfaceome snapshot or Bgee calls.',
    query: {
      type: 'object',
      properties: {
        disease: { ...COMMON_JOB_QUERY.disease_id },
        top_n: { type: 'integer', minimum: 1, maximum: 500, default: 20, description: 'Candidate antigens listed, best rank product first' },
      },
      additionalProperties: false,
    },
    resultSchema,
    run: runCart,
  }],
  renderHtml: renderCartHtml,
};
