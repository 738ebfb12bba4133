// The biomarker module (spec §4.6 GET /api/biomarker/discover, top_n and disease_id; job
// `biomarker-discovery`, no legacy alias in §4.4). See docs/modules.md "Biomarker discovery".
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { COMMON_JOB_QUERY } from '../../jobs/module-registry';
import type { AnalysisModule } from '../analysis-module';
import { renderBiomarkerHtml } from './render-biomarker-html';
import { BIOMARKER_MODULE_ID, runBiomarkers } from './run-biomarkers';

const integer = { type: 'integer' };
const nullableNumber = { type: ['number', 'null'] };
const tissue = { type: 'object', properties: { id: { type: 'string' }, label: { type: 'string' } }, required: ['id', 'label'] };

const rowSchema = {
  type: 'object',
  properties: {
    rank: integer, id: { type: 'string' }, symbol: { type: 'string' }, rank_product: { type: 'number' },
    genetic: { type: 'object', properties: { best_p_value: nullableNumber, best_mlog_pvalue: nullableNumber, confidence: { enum: ['HC', 'LC', null] }, lead_snp: { type: ['string', 'null'] }, lead_pubmed_id: { type: ['string', 'null'] }, rank: { type: 'number' } }, required: ['best_p_value', 'best_mlog_pvalue', 'confidence', 'rank'] },
    over_expression: { type: 'object', properties: { relevant_tissues_over: { type: 'array', items: tissue }, count: integer, of: integer, rank: { type: 'number' } }, required: ['relevant_tissues_over', 'count', 'of', 'rank'] },
    accessibility: { type: 'object', properties: { surface_gesp_score: nullableNumber, max_score: nullableNumber, secreted: { type: 'null' }, rank: { type: 'number' } }, required: ['surface_gesp_score', 'secreted', 'rank'] },
    criteria: { type: 'object', properties: { high_confidence_association: { type: 'boolean' }, over_expressed_in_relevant_tissue: { type: 'boolean' }, surface_evidence: { type: 'boolean' } }, required: ['high_confidence_association', 'over_expressed_in_relevant_tissue', 'surface_evidence'] },
  },
  required: ['rank', 'id', 'symbol', 'rank_product', 'genetic', 'over_expression', 'accessibility', 'criteria'],
};

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    sources: { type: 'object' },
    relevant_tissues: { type: 'object', properties: { rule: { type: 'string' }, tissues: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, label: { type: 'string' }, p: { type: 'number' }, fdr: { type: 'number' }, over: integer } } } }, required: ['rule', 'tissues'] },
    formula: { type: 'string' },
    counts: { type: 'object', properties: { candidates: integer, all_criteria_met: integer, listed: integer }, required: ['candidates', 'all_criteria_met', 'listed'] },
    note: { type: ['string', 'null'] },
    biomarkers: { type: 'array', items: rowSchema },
  },
  required: [...ENVELOPE_REQUIRED, 'sources', 'relevant_tissues', 'formula', 'counts', 'note', 'biomarkers'],
};

export const biomarkerModule: AnalysisModule = {
  id: BIOMARKER_MODULE_ID,
  aliases: [],
  title: 'Biomarker candidates',
  description: 'A disease\'s GWAS genes ranked as biomarker candidates by the rank product of genetic association, over-expression in the disease-relevant '
    + 'tissues (Bgee) and cell-surface evidence (The Cancer Surfaceome Atlas); secreted proteins are not assessed (no secretome imported).',
  routes: [{
    path: '/api/biomarker/discover', operationId: 'biomarkerDiscover',
    summary: 'Biomarker candidates: genetic association, tissue over-expression and surface evidence',
    description: 'Candidates: the disease\'s GWAS genes. Factors, each with value and fractional rank: strongest locus -log10 p; the number of disease-relevant '
      + 'tissues (anatomy terms enriched for the disease\'s over-expressed genes at FDR ≤ max_fdr, listed in `relevant_tissues`) where Bgee calls the gene '
      + 'over-expressed; GESP score (0 when the atlas does not list the gene). rank_product = geometric mean of the three ranks (Breitling et al. 2004), '
      + 'smallest first; `criteria` flags HC association, over-expression in a relevant tissue and surface evidence. 409 without the GWAS Catalog, Bgee '
      + 'calls or a surfaceome snapshot.',
    query: {
      type: 'object',
      properties: {
        disease_id: { ...COMMON_JOB_QUERY.disease_id },
        top_n: { type: 'integer', minimum: 1, maximum: 500, default: 20, description: 'Candidates listed, best rank product first' },
        max_fdr: { type: 'number', minimum: 0, maximum: 1, default: 0.05, description: 'FDR at or below which a tissue counts as disease-relevant' },
      },
      additionalProperties: false,
    },
    resultSchema,
    run: runBiomarkers,
  }],
  renderHtml: renderBiomarkerHtml,
};
