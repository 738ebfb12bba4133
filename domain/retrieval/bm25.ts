// Okapi BM25 (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", Found Trends
// Inf Retr 3(4), 2009), the one BM25 of the service (offline Workspace ranking, semantic search, benches):
//   score(D, Q) = Σ_{q ∈ Q} IDF(q) · f(q, D) · (k1 + 1) / (f(q, D) + k1 · (1 − b + b · |D| / avgdl))
//   IDF(q)     = ln(1 + (N − n(q) + 0.5) / (n(q) + 0.5))     (the non-negative form Lucene uses)
// N documents, n(q) of them holding q, |D| the document's length in tokens, avgdl the mean length.
// k1 = 1.2 (how fast a repeated term saturates) and b = 0.75 (how much a long document is discounted) are
// the usual defaults (R&Z §3.3). Q is the set of distinct query tokens: a word asked twice counts once.
// Documents of several fields use BM25F's simple form (R&Z §3.5): a field's weight multiplies its term
// frequencies and its length, then the fields are one bag of words. Tokens come from tokens.ts.
// Assumption: the terms are independent and a document is a bag of words (no order, no phrase).
import { tokens } from './tokens';

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** One field of a document and the weight of its words (1 = plain text). */
export interface WeightedText { text: string; weight: number }

/**
 * A document as BM25 reads it: each token's (weighted) frequency and the (weighted) length. Tokenising is
 * most of the cost of scoring a long text, so a caller that scores the same document again (the offline
 * ranking of a mirror's records) keeps its bag and scores with `bm25ScoresOfBags`.
 */
export interface TermBag { readonly tf: ReadonlyMap<string, number>; readonly length: number }

export function termBag(fields: readonly WeightedText[]): TermBag {
  const tf = new Map<string, number>();
  let length = 0;
  for (const { text, weight } of fields) {
    const words = tokens(text);
    for (const t of words) tf.set(t, (tf.get(t) ?? 0) + weight);
    length += weight * words.length;
  }
  return { tf, length };
}

/** An inverted index of documents numbered from 0 in the order given. */
export class Bm25Index {
  readonly size: number;
  private readonly postings = new Map<string, { docs: number[]; tf: number[] }>();
  private readonly lengths: number[] = [];
  private readonly avgdl: number;

  constructor(documents: Iterable<readonly WeightedText[]>, private readonly k1 = BM25_K1, private readonly b = BM25_B) {
    for (const fields of documents) {
      const doc = this.lengths.length;
      const { tf, length } = termBag(fields);
      this.lengths.push(length);
      for (const [t, f] of tf) {
        const list = this.postings.get(t);
        if (list) { list.docs.push(doc); list.tf.push(f); } else this.postings.set(t, { docs: [doc], tf: [f] });
      }
    }
    this.size = this.lengths.length;
    this.avgdl = this.lengths.reduce((sum, l) => sum + l, 0) / this.size || 1;
  }

  /** Document number -> score, for every document holding at least one of the query terms (each tokenised). */
  scores(queryTerms: readonly string[]): Map<number, number> {
    const out = new Map<number, number>();
    for (const q of new Set(queryTerms.flatMap(tokens))) {
      const list = this.postings.get(q);
      if (!list) continue;
      const idf = Math.log(1 + (this.size - list.docs.length + 0.5) / (list.docs.length + 0.5));
      list.docs.forEach((doc, i) => {
        const f = list.tf[i]!;
        const norm = 1 - this.b + (this.b * this.lengths[doc]!) / this.avgdl;
        out.set(doc, (out.get(doc) ?? 0) + (idf * f * (this.k1 + 1)) / (f + this.k1 * norm));
      });
    }
    return out;
  }
}

/** BM25 score of each plain-text document for the query terms, in document order (0 where none occurs). */
export function bm25Scores(documents: readonly string[], queryTerms: readonly string[], k1 = BM25_K1, b = BM25_B): number[] {
  const matches = new Bm25Index(documents.map((text) => [{ text, weight: 1 }]), k1, b).scores(queryTerms);
  return documents.map((_, i) => matches.get(i) ?? 0);
}

/**
 * `bm25Scores` over documents already tokenised (the same formula, the same order of additions, so the same
 * scores): arithmetic over the query's tokens, no index built. N, n(q) and avgdl are those of these documents.
 */
export function bm25ScoresOfBags(documents: readonly TermBag[], queryTerms: readonly string[], k1 = BM25_K1, b = BM25_B): number[] {
  const scores = documents.map(() => 0);
  if (documents.length === 0) return scores;
  const avgdl = documents.reduce((sum, d) => sum + d.length, 0) / documents.length || 1;
  for (const q of new Set(queryTerms.flatMap(tokens))) {
    const holding = documents.reduce((n, d) => (d.tf.has(q) ? n + 1 : n), 0);
    if (holding === 0) continue;
    const idf = Math.log(1 + (documents.length - holding + 0.5) / (holding + 0.5));
    documents.forEach((d, i) => {
      const f = d.tf.get(q);
      if (f === undefined) return;
      const norm = 1 - b + (b * d.length) / avgdl;
      scores[i] = scores[i]! + (idf * f * (k1 + 1)) / (f + k1 * norm);
    });
  }
  return scores;
}
