import { expect } from 'chai';
import { bm25Scores, tokens } from '../../../../domain/workspace/question/bm25';

/** The part of wink-bm25-text-search's engine used here (the package ships no types). */
interface WinkEngine {
  defineConfig(config: { fldWeights: Record<string, number>; bm25Params: { k1: number; b: number; k: number } }): void;
  definePrepTasks(tasks: ((text: string) => string[])[]): void;
  addDoc(doc: Record<string, string>, id: number): void;
  consolidate(precision: number): void;
  search(text: string, limit: number): [string, number][];
}
const winkBm25 = require('wink-bm25-text-search') as () => WinkEngine;

describe('Okapi BM25 (question relevance)', function () {
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

  it('tokens are lower-case letter/digit runs, accents removed', function () {
    expect(tokens('TNF-α and Sjögren’s IL-6')).to.deep.equal(['tnf', 'and', 'sjogren', 's', 'il', '6']);
    expect(bm25Scores([], ['x'])).to.deep.equal([]);
  });
});
