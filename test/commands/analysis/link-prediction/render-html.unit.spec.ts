// The HTML report escapes every value that comes from data.
import { expect } from 'chai';
import { renderLinkPredictionHtml } from '../../../../commands/analysis/link-prediction/render-html';

describe('link prediction: HTML report', () => {
  it('escapes labels, ids and paths from the data', () => {
    const evil = '<script>alert(1)</script>';
    const html = renderLinkPredictionHtml({
      method: 'm', disclaimer: 'd', compounds_scored: 1,
      disease: { curie: 'MONDO:1', label: evil, module_id: null },
      model: { version: 'v', lambda: 1, training: { positives: 1, curated_negatives: 0, sampled_negatives: 1 }, features: [{ id: 'f', description: evil, transform: 't', coefficient: 1 }] },
      known_treatments: [{ compound: { curie: 'DRUGBANK:DB1', label: evil }, rank: 1 }],
      predictions: [{ rank: 1, compound: { curie: 'DRUGBANK:DB1', label: evil }, probability: 0.5, known: null, top_features: [{ feature: 'f', contribution: 0.1, path: { nodes: [{ id: 'X', label: evil }] } }] }],
    });
    expect(html).to.not.contain('<script>');
    expect(html).to.contain('&lt;script&gt;');
  });
});
