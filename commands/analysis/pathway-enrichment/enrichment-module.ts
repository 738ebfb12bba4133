// The enrichment module (spec §4.4 legacy alias `enrichment`, §4.6 GET /api/bioinformatics/enrichment):
// Reactome over-representation of a disease's GWAS genes, FDR-controlled.
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import type { AnalysisModule } from '../analysis-module';
import { renderEnrichmentHtml } from './render-enrichment-html';
import { ENRICHMENT_MODULE_ID, runEnrichment } from './run-enrichment';
import { DISEASE_ID_PATTERN } from '../../../domain/diseases/disease-id-patterns';

const geneSchema = { type: 'object', properties: { id: { type: 'string' }, symbol: { type: 'string' } }, required: ['id', 'symbol'] };

const querySchema = {
  type: 'object',
  properties: {
    disease_id: { type: 'string', maxLength: 100, pattern: DISEASE_ID_PATTERN, default: 'sle', description: 'Disease module id (sle) or disease CURIE (MONDO:…, DOID:…)' },
    untargeted_only: { type: 'boolean', default: false, description: 'Leave out the disease genes an approved drug (DrugBank group "approved") already targets or binds; they leave the background too' },
    max_fdr: { type: 'number', minimum: 0, maximum: 1, default: 0.05, description: 'Pathways with a Benjamini–Hochberg FDR at or below this are listed as significant' },
    top_n: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'At most this many significant pathways, smallest p first' },
    no_cache: { type: 'boolean', default: false, description: 'Accepted for compatibility; results are always computed from the in-memory knowledge graph of the active snapshots, never cached' },
  },
  additionalProperties: false,
};

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    sources: {
      type: 'object', description: 'Gene-set libraries: used, or not available with the reason',
      properties: {
        reactome: { type: 'object', properties: { status: { const: 'used' }, snapshot_id: { type: ['string', 'null'] }, pathways: { type: 'integer' }, annotated_genes: { type: 'integer' } } },
        go: { type: 'object', properties: { status: { const: 'not_available' }, reason: { type: 'string' } }, required: ['status', 'reason'] },
      },
      required: ['reactome', 'go'],
    },
    background: { type: 'object', properties: { definition: { type: 'string' }, size: { type: 'integer' } }, required: ['definition', 'size'] },
    query: {
      type: 'object',
      properties: {
        disease_genes: { type: 'integer' }, tested_genes: { type: 'integer' }, tested_loci: { type: 'integer', description: 'n: locus units of the tested genes' },
        locus_rule: { type: 'string' }, outside_background: { type: 'integer' },
        untargeted: {
          type: ['object', 'null'],
          properties: {
            approved_compounds: { type: 'integer' }, dropped_count: { type: 'integer' },
            dropped: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, symbol: { type: 'string' }, approved_compounds: { type: 'array' } } } },
          },
        },
      },
      required: ['disease_genes', 'tested_genes', 'outside_background', 'untargeted'],
    },
    counts: { type: 'object', properties: { pathways_tested: { type: 'integer' }, significant: { type: 'integer' }, listed: { type: 'integer' } }, required: ['pathways_tested', 'significant', 'listed'] },
    note: { type: ['string', 'null'] },
    pathways: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' }, name: { type: 'string' }, k: { type: 'integer', description: 'Disease GWAS loci with a gene in the pathway (a locus counts once; the tested count)' },
          k_genes: { type: 'integer', description: 'Disease genes in the pathway (listed in genes)' },
          pathway_size: { type: 'integer', description: 'The pathway\'s genes in the background' }, expected: { type: 'number' },
          fold_enrichment: { type: ['number', 'null'] }, p: { type: 'number' }, fdr: { type: 'number' }, genes: { type: 'array', items: geneSchema },
        },
        required: ['id', 'name', 'k', 'pathway_size', 'expected', 'fold_enrichment', 'p', 'fdr', 'genes'],
      },
    },
  },
  required: [...ENVELOPE_REQUIRED, 'sources', 'background', 'query', 'counts', 'note', 'pathways'],
};

export const enrichmentModule: AnalysisModule = {
  id: ENRICHMENT_MODULE_ID,
  aliases: ['enrichment'],
  title: 'Pathway enrichment (Reactome over-representation)',
  description: 'Reactome pathways over-represented among a disease\'s GWAS genes: one-sided hypergeometric test against the pathway-annotated '
    + 'genes, Benjamini–Hochberg FDR. GO processes are not tested (no gene–GO annotations are imported; the result says so).',
  routes: [{
    path: '/api/bioinformatics/enrichment', operationId: 'bioinformaticsEnrichment',
    summary: 'Reactome pathways over-represented among a disease\'s genes',
    description: 'Over-representation analysis of the disease\'s GWAS genes (ASSOCIATES) in Reactome pathways (PARTICIPATES_IN): for each pathway '
      + 'the one-sided hypergeometric p = P(X ≥ k) with the background = the genes with at least one pathway annotation, then '
      + 'Benjamini–Hochberg FDR over every pathway with a background gene. Lists the pathways at FDR ≤ max_fdr (at most top_n, smallest p '
      + 'first) with k, pathway size, expected overlap, fold enrichment, p, FDR and the overlapping genes. `sources` says which gene-set '
      + 'libraries were used (Reactome) and which were not available (GO: no annotations imported). untargeted_only leaves out the genes '
      + 'an approved drug targets (query and background; 409 without a drugbank snapshot). 409 without Reactome annotations.',
    query: querySchema,
    resultSchema,
    run: runEnrichment,
  }],
  renderHtml: renderEnrichmentHtml,
};
