import { expect } from 'chai';
import { Bm25Index, bm25Scores, bm25ScoresOfBags, termBag } from '../../../domain/retrieval/bm25';
import { tokens } from '../../../domain/retrieval/tokens';

/** The part of wink-bm25-text-search's engine used here (the package ships no types). */
interface WinkEngine {
  defineConfig(config: { fldWeights: Record<string, number>; bm25Params: { k1: number; b: number; k: number } }): void;
  definePrepTasks(tasks: ((text: string) => string[])[]): void;
  addDoc(doc: Record<string, string>, id: number): void;
  consolidate(precision: number): void;
  search(text: string, limit: number): [string, number][];
}
const winkBm25 = require('wink-bm25-text-search') as () => WinkEngine;

describe('Okapi BM25 (the one implementation: Workspace ranking, semantic search)', function () {
  it('matches a hand computation (k1 1.2, b 0.75, IDF ln(1 + (N - n + 0.5) / (n + 0.5)))', function () {
    // N = 3, |D| = 3, 3, 2, avgdl = 8/3; "jak" is in 2 documents: IDF = ln(1 + 1.5/2.5) = ln 1.6 = 0.470004.
    // D1 tf 1: 1·2.2 / (1 + 1.2·(0.25 + 0.75·3/(8/3))) = 2.2 / 2.3125 = 0.951351 → 0.447139
    // D2 tf 2: 2·2.2 / (2 + 1.3125) = 1.328302 → 0.624307
    const scores = bm25Scores(['JAK inhibitor trial', 'JAK; jak expression', 'TNF safety'], ['jak']);
    expect(scores[0]).to.be.closeTo(0.447139, 1e-5);
    expect(scores[1]).to.be.closeTo(0.624307, 1e-5);
    expect(scores[2]).to.equal(0);
  });

  it('agrees with an independent implementation (wink-bm25-text-search, one field, k = 1)', function () {
    const docs = [
      'Tofacitinib, an oral Janus kinase inhibitor with preference for JAK1 and JAK3, was evaluated in rheumatoid arthritis.',
      'Adalimumab, a monoclonal antibody against tumour necrosis factor: serious infections and safety in rheumatoid arthritis.',
      'JAK3 expression in synovial tissue was modestly higher in patients with rheumatoid arthritis.',
      'Denosumab, a human monoclonal antibody against RANK ligand, and radiographic progression.',
      'Variants in PTPN22 are associated with susceptibility to rheumatoid arthritis.',
      'Tocilizumab, a humanised antibody against the interleukin-6 receptor, improved ACR20 response.',
    ];
    const query = ['JAK1', 'JAK3', 'Janus kinase', 'safety', 'antibody'];
    const engine = winkBm25();
    engine.defineConfig({ fldWeights: { text: 1 }, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
    engine.definePrepTasks([tokens]);
    docs.forEach((text, i) => engine.addDoc({ text }, i));
    engine.consolidate(6);
    const theirs = new Map<number, number>(engine.search(query.join(' '), docs.length).map(([id, s]) => [Number(id), s]));
    const ours = bm25Scores(docs, query);
    ours.forEach((score, i) => expect(score).to.be.closeTo(theirs.get(i) ?? 0, 1e-4));
    expect(ours.filter((s) => s > 0)).to.have.length(5);
  });

  it('weights a field by multiplying its term frequencies and its length (BM25F simple form), as a hand computation', function () {
    // d0: names "jak inhibitor" (weight 2), text "jak" -> tf(jak) = 2 + 1 = 3, |D| = 2·2 + 1 = 5.
    // d1: names "tnf" (weight 2), text "jak trial" -> tf(jak) = 1, |D| = 2 + 2 = 4. avgdl = 4.5, N = 2, n = 2.
    // IDF = ln(1 + 0.5/2.5) = ln 1.2 = 0.182322.
    // d0: 3·2.2 / (3 + 1.2·(0.25 + 0.75·5/4.5)) = 6.6 / 4.3 = 1.534884 -> 0.279843
    // d1: 1·2.2 / (1 + 1.2·(0.25 + 0.75·4/4.5)) = 2.2 / 2.1 = 1.047619 -> 0.191004
    const index = new Bm25Index([
      [{ text: 'JAK inhibitor', weight: 2 }, { text: 'jak', weight: 1 }],
      [{ text: 'TNF', weight: 2 }, { text: 'jak trial', weight: 1 }],
    ]);
    const scores = index.scores(['JAK', 'jak']);
    expect(scores.get(0)).to.be.closeTo(0.279843, 1e-6);
    expect(scores.get(1)).to.be.closeTo(0.191004, 1e-6);
    expect(index.scores(['placebo']).size).to.equal(0);
  });

  it('tokens: accents folded, lower case, split on non-letters/digits, one-character tokens and stopwords dropped', function () {
    expect(tokens('TNF-α and Sjögren’s IL-6')).to.deep.equal(['tnf', 'sjogren', 'il']);
    expect(tokens('Janus kinase (JAK1) inhibitors of the ﬁrst generation')).to.deep.equal(['janus', 'kinase', 'jak1', 'inhibitors', 'first', 'generation']);
    expect(bm25Scores([], ['x'])).to.deep.equal([]);
  });

  it('tokens of ASCII text (its fast path) are those of the Unicode rules written out', function () {
    // the second implementation: rules 1-4 as the header states them, with no ASCII shortcut
    const stopwords = new Set(('a an and are as at be by for from has have in into is it its of on or that the their this to was were which with '
      + 'without not no other than').split(' '));
    const unicodeRules = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length > 1 && !stopwords.has(t));
    const every = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    for (const text of [every, `${every} x7 AB_cd e-f g/h 12.5% IL-6, HbA1c; TNF|JAK\tQ\nR`, 'The trial of metformin WITH placebo, not insulin.', '']) {
      expect(tokens(text), JSON.stringify(text)).to.deep.equal(unicodeRules(text));
    }
    expect(tokens('HbA1c fell 0.5% (IL-6, TNF_alpha)')).to.deep.equal(['hba1c', 'fell', 'il', 'tnf', 'alpha']); // by hand
  });

  it('scores term bags as bm25Scores scores the texts (same numbers), and as a hand computation', function () {
    const docs = ['JAK inhibitor trial', 'JAK; jak expression', 'TNF safety', 'Tofacitinib, an oral Janus kinase inhibitor with preference for JAK1 and JAK3.', ''];
    const query = ['JAK', 'jak', 'Janus kinase', 'safety', 'placebo'];
    const bags = docs.map((text) => termBag([{ text, weight: 1 }]));
    expect(bm25ScoresOfBags(bags, query)).to.deep.equal(bm25Scores(docs, query));
    // the hand computation of the first test, through bags: 0.447139, 0.624307, 0
    const hand = bm25ScoresOfBags(['JAK inhibitor trial', 'JAK; jak expression', 'TNF safety'].map((text) => termBag([{ text, weight: 1 }])), ['jak']);
    expect(hand[0]).to.be.closeTo(0.447139, 1e-5);
    expect(hand[1]).to.be.closeTo(0.624307, 1e-5);
    expect(hand[2]).to.equal(0);
    expect(bm25ScoresOfBags([], ['jak'])).to.deep.equal([]);
    expect(termBag([{ text: 'JAK jak trial', weight: 2 }])).to.deep.equal({ tf: new Map([['jak', 4], ['trial', 2]]), length: 6 });
  });
});
