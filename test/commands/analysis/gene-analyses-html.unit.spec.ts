// The GWAS, expression, CAR-T and biomarker HTML reports escape every value taken from data: a hostile
// label, symbol, identifier or note appears only as text, never as markup.
import { expect } from 'chai';
import { renderBiomarkerHtml } from '../../../commands/analysis/biomarkers/render-biomarker-html';
import { renderCartHtml } from '../../../commands/analysis/cart-suitability/render-cart-html';
import { renderExpressionHtml } from '../../../commands/analysis/expression-profile/render-expression-html';
import { renderGwasHtml } from '../../../commands/analysis/gwas-loci/render-gwas-html';

const BAD = '<script>alert("x")</script>&\'';
const gene = { id: `NCBIGene:${BAD}`, symbol: BAD };
const envelope = { disease: { curie: BAD, label: BAD }, method: BAD, parameters: { disease_id: BAD }, snapshots: [{ snapshot_id: BAD, resource: BAD }], disclaimer: 'Research use only.', note: BAD };

const results: [string, (r: unknown) => string, object][] = [
  ['gwas', renderGwasHtml, {
    ...envelope, counts: { loci: 1, hc_loci: 1, lc_loci: 0, genes: 1, studies: 1, studies_listed: 1 },
    loci: [{ locus_id: BAD, confidence: BAD, lead_snp: BAD, p_value: 1e-9, cases: 1, controls: 2, lead_pubmed_id: BAD, chromosome: BAD, genes: [{ ...gene, evidence: BAD, status: BAD }] }],
    genes: [{ ...gene, loci: 1, confidence: BAD, best_p_value: 1e-9, evidence: BAD }], studies: [{ pubmed_id: BAD, loci: 1, lead_of: 1, cases: 1, controls: 2 }],
  }],
  ['expression', renderExpressionHtml, {
    ...envelope, background: { definition: BAD, size: 1 }, query: { disease_genes: 1, tested_genes: 1 }, counts: { tissues_tested: 1, significant: 1 },
    tissues: [{ id: BAD, label: BAD, present: 1, over: 1, under: 0, tissue_over_genes: 1, expected: 0.5, p: 0.01, fdr: 0.02, genes_over: [gene] }],
    similarity: { method: BAD, pairs: [{ a: gene, b: gene, jaccard: 0.5, shared: 1, union: 2 }] },
  }],
  ['cart', renderCartHtml, {
    ...envelope, formula: BAD, vital_tissues: { used: [{ id: BAD, name: BAD }] },
    antigens: [{
      rank: 1, ...gene, rank_product: 1, surface: { gesp_score: 1, max_score: 15, gate: ['CSPA'] },
      vital_tissues: { measured: true, expressed_in: [{ id: BAD, label: BAD }], count: 1, of: 13, rank: 1 },
      disease_relevance: { kind: 'interactor', best_p_value: null, interacting_disease_genes: [gene], rank: 1 },
    }],
  }],
  ['biomarkers', renderBiomarkerHtml, {
    ...envelope, formula: BAD, sources: { secreted: { reason: BAD } }, relevant_tissues: { rule: BAD, tissues: [{ id: BAD, label: BAD, fdr: 0.01 }] },
    biomarkers: [{
      rank: 1, ...gene, rank_product: 1, genetic: { best_p_value: 1e-9, confidence: BAD, rank: 1 },
      over_expression: { relevant_tissues_over: [{ label: BAD }], count: 1, of: 1, rank: 1 }, accessibility: { surface_gesp_score: 3, max_score: 15, rank: 1 },
    }],
  }],
];

describe('gene analyses: HTML reports escape data', () => {
  for (const [name, render, result] of results) {
    it(`${name}: no raw markup from data, the escaped text present, the disclaimer first`, () => {
      const html = render(result);
      expect(html).to.not.include('<script>');
      expect(html).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
      expect(html.indexOf('Research use only')).to.be.lessThan(html.indexOf('<h1>'));
    });
  }
});
