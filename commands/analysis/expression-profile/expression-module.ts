// The expression module (spec §4.6 GET /api/expression/correlate; job `expression-profile`, no legacy alias
// in §4.4): the Bgee tissue profile of a disease's genes. See docs/modules.md "Expression profile".
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { COMMON_JOB_QUERY } from '../../jobs/module-registry';
import type { AnalysisModule } from '../analysis-module';
import { GENE_JSON_SCHEMA } from '../network-medicine/views';
import { renderExpressionHtml } from './render-expression-html';
import { EXPRESSION_MODULE_ID, runExpression } from './run-expression';

const integer = { type: 'integer' };
const number = { type: 'number' };

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    sources: { type: 'object', properties: { bgee: { type: 'object', properties: { snapshot_id: { type: ['string', 'null'] }, anatomy_terms: integer, genes_with_presence_calls: integer, genes_with_diffex_calls: integer } } }, required: ['bgee'] },
    background: { type: 'object', properties: { definition: { type: 'string' }, size: integer }, required: ['definition', 'size'] },
    query: { type: 'object', properties: { disease_genes: integer, with_presence_calls: integer, tested_genes: integer, outside_background: integer }, required: ['disease_genes', 'with_presence_calls', 'tested_genes', 'outside_background'] },
    counts: { type: 'object', properties: { tissues_tested: integer, significant: integer, listed: integer }, required: ['tissues_tested', 'significant', 'listed'] },
    note: { type: ['string', 'null'] },
    tissues: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' }, label: { type: 'string' }, present: integer, over: integer, under: integer,
          tissue_over_genes: { type: 'integer', description: 'Background genes over-expressed in the tissue (K)' }, expected: number,
          fold_enrichment: { type: ['number', 'null'] }, p: number, fdr: number, genes_over: { type: 'array', items: GENE_JSON_SCHEMA },
        },
        required: ['id', 'label', 'present', 'over', 'under', 'tissue_over_genes', 'expected', 'fold_enrichment', 'p', 'fdr', 'genes_over'],
      },
    },
    genes: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' }, symbol: { type: 'string' }, present_in: integer, over_in: integer, under_in: integer, over_in_significant_tissues: { type: 'array', items: { type: 'string' } },
        listed_tissue_calls: { type: 'array', items: { enum: ['over', 'under', 'present', null] }, description: 'The gene\'s Bgee call in each listed tissue, in the order of `tissues` (over- or under-expressed, present only, or none)' } },
      required: ['id', 'symbol', 'present_in', 'over_in', 'under_in', 'over_in_significant_tissues', 'listed_tissue_calls'] },
    },
    similarity: {
      type: 'object',
      properties: {
        method: { type: 'string' }, genes_compared: integer, pairs_compared: integer,
        pairs: { type: 'array', items: { type: 'object', properties: { a: GENE_JSON_SCHEMA, b: GENE_JSON_SCHEMA, jaccard: number, shared: integer, union: integer }, required: ['a', 'b', 'jaccard', 'shared', 'union'] } },
      },
      required: ['method', 'genes_compared', 'pairs_compared', 'pairs'],
    },
  },
  required: [...ENVELOPE_REQUIRED, 'sources', 'background', 'query', 'counts', 'note', 'tissues', 'genes', 'similarity'],
};

export const expressionModule: AnalysisModule = {
  id: EXPRESSION_MODULE_ID,
  aliases: [],
  title: 'Expression profile of the disease genes (Bgee)',
  description: 'The Bgee tissue profile of a disease\'s GWAS genes: presence and over-/under-expression per anatomy term, tissues enriched for '
    + 'over-expressed disease genes (hypergeometric, Benjamini–Hochberg FDR) and gene–gene similarity of presence across anatomy (Jaccard).',
  routes: [{
    path: '/api/expression/correlate', operationId: 'expressionCorrelate',
    summary: 'Tissue profile, tissue enrichment and expression similarity of a disease\'s genes (Bgee)',
    description: 'For the disease\'s GWAS genes (ASSOCIATES): per anatomy term the number present (EXPRESSED_IN), over- (UPREGULATED_IN) and under-expressed '
      + '(DOWNREGULATED_IN); the one-sided hypergeometric p of the over-expressed count against the genes with at least one Bgee differential-expression '
      + 'call, Benjamini–Hochberg FDR over every tissue with an over-expressed background gene (top_n tissues by p); per gene its call counts; and the '
      + 'top_n gene pairs by the Jaccard index of their presence across anatomy. 409 without Bgee calls in the active snapshots.',
    query: {
      type: 'object',
      properties: {
        disease_id: { ...COMMON_JOB_QUERY.disease_id },
        top_n: { type: 'integer', minimum: 1, maximum: 500, default: 20, description: 'Tissues (smallest p first) and gene pairs (largest Jaccard first) listed' },
        max_fdr: { type: 'number', minimum: 0, maximum: 1, default: 0.05, description: 'Tissues at or below this FDR are counted as significant and named per gene' },
      },
      additionalProperties: false,
    },
    resultSchema,
    run: runExpression,
  }],
  renderHtml: renderExpressionHtml,
};
