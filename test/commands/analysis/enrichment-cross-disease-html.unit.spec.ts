// The HTML reports of the enrichment and cross-disease results escape every value that comes from data.
import { expect } from 'chai';
import { renderCrossDiseaseHtml } from '../../../commands/analysis/cross-disease/render-cross-disease-html';
import { renderEnrichmentHtml } from '../../../commands/analysis/pathway-enrichment/render-enrichment-html';

const EVIL = '<script>alert("x")</script>';

describe('analysis HTML reports: enrichment and cross-disease', () => {
  it('escapes names, labels and symbols from the data', () => {
    const enrichment = renderEnrichmentHtml({
      disease: { curie: 'MONDO:1', label: EVIL }, method: 'm', disclaimer: 'Research use only.', parameters: { max_fdr: 0.05 },
      sources: { go: { reason: 'none' } }, background: { definition: 'd', size: 10 }, query: { disease_genes: 1, tested_genes: 1, untargeted: null },
      counts: { pathways_tested: 1, significant: 1, listed: 1 }, note: null,
      pathways: [{ id: 'REACTOME:R-1', name: EVIL, k: 1, pathway_size: 2, expected: 0.2, fold_enrichment: 5, p: 1e-6, fdr: 0.01, genes: [{ id: 'NCBIGene:1', symbol: EVIL }] }],
    });
    const cross = renderCrossDiseaseHtml({
      method: 'm', disclaimer: 'Research use only.', diseases: { registry_modules: 2, compared: 2, left_out: { no_genes: 0 }, rule: 'r' },
      background: { definition: 'd', size: 10 }, counts: { pairs: 1, pairs_with_shared_genes: 1 },
      pairs: [{ a: { curie: 'MONDO:1', label: EVIL }, b: { curie: 'MONDO:2', label: 'b' }, shared_genes: 1, gene_jaccard: 0.5, pathway_jaccard: null, p: 0.1, fdr: 0.1, genes: [{ symbol: EVIL }] }],
    });
    for (const html of [enrichment, cross]) {
      expect(html).to.not.include('<script>');
      expect(html).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(html).to.include('Research use only.');
    }
  });
});
