// The GWAS module (spec §4.4 legacy alias `gwas`, §4.6 GET /api/bioinformatics/gwas): a disease's loci and
// genes from the GWAS Catalog snapshot. disease_id defaults to sle, the configured disease context, as the
// enrichment and ppi routes do (spec §4.6: "GWAS, enrichment and PPI routes use their configured disease context").
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { COMMON_JOB_QUERY } from '../../jobs/module-registry';
import type { AnalysisModule } from '../analysis-module';
import { renderGwasHtml } from './render-gwas-html';
import { GWAS_MODULE_ID, runGwas } from './run-gwas';

const nullableNumber = { type: ['number', 'null'] };
const nullableString = { type: ['string', 'null'] };
const strings = { type: 'array', items: { type: 'string' } };

const locusSchema = {
  type: 'object',
  properties: {
    locus_id: { type: 'string' }, doid: nullableString, locus: { type: ['integer', 'null'] }, confidence: { enum: ['HC', 'LC', null] },
    lead_snp: nullableString, p_value: nullableNumber, mlog_pvalue: nullableNumber, cases: nullableNumber, controls: nullableNumber, samples: nullableNumber,
    lead_pubmed_id: nullableString, lead_date: nullableString, chromosome: nullableString, locus_lower_coord: nullableNumber, locus_upper_coord: nullableNumber,
    pubmed_ids: strings, snps: strings,
    genes: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, symbol: { type: 'string' }, status: nullableString, primary: { type: ['boolean', 'null'] }, confidence: { enum: ['HC', 'LC', null] }, mapped: { type: 'boolean' }, mapped_as: strings, reported: { type: 'boolean' }, evidence: { type: 'string' } },
        required: ['id', 'symbol', 'status', 'primary', 'confidence', 'mapped', 'mapped_as', 'reported', 'evidence'],
      },
    },
  },
  required: ['locus_id', 'confidence', 'lead_snp', 'p_value', 'cases', 'controls', 'lead_pubmed_id', 'pubmed_ids', 'genes'],
};

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    source: { type: 'object', properties: { resource: { const: 'gwas_catalog' }, snapshot_id: { type: 'string' }, citation: { type: 'string' }, processing: { type: 'string' } }, required: ['resource', 'snapshot_id', 'citation', 'processing'] },
    counts: { type: 'object', properties: { associations: { type: 'integer' }, loci: { type: 'integer' }, hc_loci: { type: 'integer' }, lc_loci: { type: 'integer' }, genes: { type: 'integer' }, studies: { type: 'integer' }, studies_listed: { type: 'integer' } }, required: ['associations', 'loci', 'genes', 'studies', 'studies_listed'] },
    note: nullableString,
    loci: { type: 'array', items: locusSchema },
    genes: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, symbol: { type: 'string' }, loci: { type: 'integer' }, confidence: { enum: ['HC', 'LC', null] }, primary: { type: 'boolean' }, best_p_value: nullableNumber, best_mlog_pvalue: nullableNumber, lead_snp: nullableString, lead_pubmed_id: nullableString, mapped: { type: 'boolean' }, reported: { type: 'boolean' }, evidence: { type: 'string' } },
        required: ['id', 'symbol', 'loci', 'confidence', 'best_p_value', 'lead_snp', 'mapped', 'reported', 'evidence'],
      },
    },
    studies: { type: 'array', items: { type: 'object', properties: { pubmed_id: { type: 'string' }, loci: { type: 'integer' }, lead_of: { type: 'integer' }, cases: nullableNumber, controls: nullableNumber, date: nullableString }, required: ['pubmed_id', 'loci', 'lead_of'] } },
  },
  required: [...ENVELOPE_REQUIRED, 'source', 'counts', 'note', 'loci', 'genes', 'studies'],
};

export const gwasModule: AnalysisModule = {
  id: GWAS_MODULE_ID,
  aliases: ['gwas'],
  title: 'GWAS loci and genes (GWAS Catalog)',
  description: 'A disease\'s GWAS Catalog loci and genes from the active gwas_catalog snapshot: lead SNP, p-value, cases/controls, PubMed ids, '
    + 'confidence (HC/LC) and the genes the Catalog mapped or the authors reported.',
  routes: [{
    path: '/api/bioinformatics/gwas', operationId: 'bioinformaticsGwas',
    summary: 'GWAS Catalog loci and genes of the configured disease',
    description: 'The disease\'s loci (one per disease-locus of the GWAS Catalog processing; strongest first): lead SNP, p, -log10 p, cases, controls, '
      + 'samples, lead PubMed id and date, all PubMed ids and SNPs, LD window, confidence HC (p ≤ 5e-8 and ≥ 1,000 samples) or LC, and each gene with '
      + 'its primary/secondary status and whether the Catalog mapped it (containing, upstream or downstream of a SNP) or the authors reported it. '
      + 'Genes: each gene\'s strongest locus. Studies: the PubMed ids behind the loci, most loci first, at most max_studies. disease_id defaults to '
      + 'sle (the configured disease context). 409 without an active gwas_catalog snapshot.',
    query: {
      type: 'object',
      properties: {
        disease_id: { ...COMMON_JOB_QUERY.disease_id },
        max_studies: { type: 'integer', minimum: 1, maximum: 1000, default: 50, description: 'At most this many studies (PubMed ids) in `studies`, most loci first; loci and genes are always complete' },
        no_cache: { type: 'boolean', default: false, description: 'Accepted for compatibility; the result is read from the active snapshot on every call, never cached' },
      },
      additionalProperties: false,
    },
    resultSchema,
    run: runGwas,
  }],
  renderHtml: renderGwasHtml,
};
