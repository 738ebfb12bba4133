// Issue 30, "what it rests on, first": the lines a module result's banner and exports open with, read from
// what the API returned (hand-made results here, each line's text written out by hand).
import { expect } from 'chai';
import { restsOnLines, restsOnTsvHead, withRestsOnBanner } from '../../domain/analysis/rests-on-lines';

describe('What a module result rests on (banner and export head)', function () {
  it('says the module\'s own note once, in its words, and does not count synthetic records it already names', function () {
    const lines = restsOnLines({ note: '6 of 6 articles are synthetic examples', articles: [{ pmid: '1', synthetic: true }, { pmid: '2', synthetic: true }] });
    expect(lines).to.deep.equal([{ kind: 'synthetic', text: '6 of 6 articles are synthetic examples', own: true }]);
  });

  it('counts synthetic records, in-sample predictions and says an extrapolation warning when no note does', function () {
    const lines = restsOnLines({
      warning: { kind: 'extrapolated', message: 'X has no known treatment: every score is extrapolated' },
      predictions: [{ in_sample: true }, { in_sample: false }, { in_sample: true }],
      records: [{ provenance: { synthetic: true } }, { provenance: { synthetic: false } }, { synthetic: false }, {}],
    });
    expect(lines).to.deep.equal([
      { kind: 'extrapolated', text: 'X has no known treatment: every score is extrapolated' },
      { kind: 'in-sample', text: '2 of 3 predictions are in-sample: the model was trained on these pairs, so their scores are fitted values, not predictions' },
      { kind: 'synthetic', text: '1 of 4 records are synthetic examples, not real records: they illustrate the method only' },
    ]);
  });

  it('says a dossier\'s rests_on headline only when the evidence is not real and complete', function () {
    expect(restsOnLines({ rests_on: { real_and_complete: false, headline: 'Not real, complete evidence: sources that failed: pubmed.' } }))
      .to.deep.equal([{ kind: 'partial', text: 'Not real, complete evidence: sources that failed: pubmed.' }]);
    expect(restsOnLines({ rests_on: { real_and_complete: true, headline: 'Rests on 3 real records…' } })).to.deep.equal([]);
  });

  it('gives no banner to a result that says nothing of the kind (null note, no flags)', function () {
    expect(restsOnLines({ note: null, genes: [{ symbol: 'IRF5' }], similarity_floor: { value: 0.3 } })).to.deep.equal([]);
    expect(restsOnLines(null)).to.deep.equal([]);
  });

  it('heads a TSV with one "# " line per banner line, tabs and breaks flattened', function () {
    expect(restsOnTsvHead([{ kind: 'note', text: 'a\tb\nc', own: true }, { kind: 'in-sample', text: '1 of 2 predictions' }]))
      .to.equal('# Note: a b c\n# In-sample: 1 of 2 predictions\n');
  });

  it('puts the banner first in an HTML report, escaped, and leaves a report of a result that says nothing as it was', function () {
    const html = '<!doctype html><html><head><title>T</title></head><body class="r"><h1>Literature</h1><p>Note at the bottom</p></body></html>';
    const out = withRestsOnBanner(html, { note: '2 of 2 <articles> are synthetic' });
    expect(out.indexOf('id="rests-on"')).to.be.greaterThan(out.indexOf('<body class="r">')).and.lessThan(out.indexOf('<h1>'));
    expect(out).to.contain('<li>Note: 2 of 2 &#60;articles&#62; are synthetic</li>').and.not.contain('<articles>');
    expect(withRestsOnBanner(html, { note: null })).to.equal(html);
  });
});
