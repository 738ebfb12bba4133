// BM25 ranking of the semantic-search index against a hand computation on a four-document corpus, and the
// ontology expansion on a small hierarchy.
import { expect } from 'chai';
import { SearchIndex } from '../../../commands/analysis/semantic-search/search-index';
import { expandQuery, nameIndex, type OntologyName } from '../../../domain/semantic-search/expansion';

const DOCS = [
  { id: 'd1', names: 'lupus nephritis', text: 'kidney inflammation lupus' },
  { id: 'd2', names: 'systemic lupus erythematosus', text: 'autoimmune disease' },
  { id: 'd3', names: 'rheumatoid arthritis', text: 'autoimmune joint inflammation' },
  { id: 'd4', names: 'psoriasis', text: 'skin disease' },
];

describe('semantic search: BM25 ranking', () => {
  it('ranks as a hand computation of Okapi BM25 (k1 1.2, b 0.75, names weighted 2)', () => {
    // Query "lupus inflammation". N = 4; lupus is in d1, d2 and inflammation in d1, d3: idf = ln(1 + 2.5/2.5) = ln 2 = 0.693147.
    // Weighted lengths: d1 = 2·2 + 3 = 7, d2 = 3·2 + 2 = 8, d3 = 7, d4 = 1·2 + 2 = 4; avgdl = 26/4 = 6.5.
    // d1: lupus tf = 2 (names) + 1 (text) = 3, norm = 0.25 + 0.75·7/6.5 = 1.057692:
    //     3·2.2/(1.2·1.057692 + 3) · ln 2 = 1.545946 · 0.693147 = 1.0716; inflammation tf 1: 2.2/2.269231 · ln 2 = 0.6720; sum 1.7436.
    // d2: lupus tf = 2, norm = 0.25 + 0.75·8/6.5 = 1.173077: 4.4/(1.407692 + 2) · ln 2 = 0.8950.
    // d3: inflammation tf 1, norm 1.057692: 0.6720. d4: no query term.
    const hits = new SearchIndex(DOCS).search(['lupus', 'inflammation'], 10);
    expect(hits.map((h) => h.id)).to.deep.equal(['d1', 'd2', 'd3']);
    expect(hits[0]!.score).to.be.closeTo(1.7436, 1e-4);
    expect(hits[1]!.score).to.be.closeTo(0.8950, 1e-4);
    expect(hits[2]!.score).to.be.closeTo(0.6720, 1e-4);
  });

  it('filters, limits and breaks ties by id', () => {
    const index = new SearchIndex(DOCS);
    // "autoimmune" is in d2 and d3 (text, tf 1) with different lengths (8 vs 7): the shorter d3 scores higher.
    expect(index.search(['autoimmune'], 10).map((h) => h.id)).to.deep.equal(['d3', 'd2']);
    expect(index.search(['autoimmune'], 1).map((h) => h.id)).to.deep.equal(['d3']);
    expect(index.search(['autoimmune'], 10, (id) => id !== 'd3').map((h) => h.id)).to.deep.equal(['d2']);
    expect(index.search(['unknownword'], 10)).to.deep.equal([]);
    expect(new SearchIndex(DOCS.slice(0, 2)).search(['lupus'], 10)).to.deep.equal([]);
  });
});

describe('semantic search: ontology expansion', () => {
  const terms: OntologyName[] = [
    { curie: 'DOID:8857', label: 'lupus erythematosus', exactSynonyms: ['LE'] },
    { curie: 'DOID:9074', label: 'systemic lupus erythematosus', exactSynonyms: ['SLE'] },
    { curie: 'DOID:0080162', label: 'cutaneous lupus', exactSynonyms: [] },
    { curie: 'DOID:7148', label: 'rheumatoid arthritis', exactSynonyms: [] },
  ];
  const sources = {
    byName: nameIndex(terms), terms: new Map(terms.map((t) => [t.curie, t])),
    children: new Map([['DOID:8857', ['DOID:9074', 'DOID:0080162']]]),
  };

  it('adds the matched term\'s synonyms and its IS_A descendants\' labels', () => {
    const e = expandQuery('Lupus erythematosus kidney', sources, 10);
    expect(e.matched.map((t) => t.curie)).to.deep.equal(['DOID:8857']);
    expect(e.descendants.map((t) => t.curie)).to.deep.equal(['DOID:0080162', 'DOID:9074']);
    expect(e.added_tokens).to.deep.equal(['le', 'cutaneous', 'systemic']);
  });

  it('matches exact names only, and caps the descendants', () => {
    expect(expandQuery('arthritis', sources, 10).matched).to.deep.equal([]);
    expect(expandQuery('SLE flares', sources, 10).matched.map((t) => t.curie)).to.deep.equal(['DOID:9074']);
    expect(expandQuery('lupus erythematosus', sources, 1).descendants).to.have.length(1);
  });
});
