// Okapi BM25 (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009):
//   score(D, Q) = Σ_{q ∈ Q} IDF(q) · f(q, D) · (k1 + 1) / (f(q, D) + k1 · (1 − b + b · |D| / avgdl))
//   IDF(q) = ln(1 + (N − n(q) + 0.5) / (n(q) + 0.5))      (the non-negative form used by Lucene)
// with k1 = 1.2, b = 0.75. Tokens: lower-case runs of letters and digits; a query term of several words
// counts each word. Pure; small corpora (one source's records) only.

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export function tokens(text: string): string[] {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter((t) => t.length > 0);
}

/** BM25 score of each document for the query terms, in document order. */
export function bm25Scores(documents: readonly string[], queryTerms: readonly string[], k1 = BM25_K1, b = BM25_B): number[] {
  const docs = documents.map(tokens);
  const n = docs.length;
  if (n === 0) return [];
  const avgdl = docs.reduce((sum, d) => sum + d.length, 0) / n || 1;
  const query = [...new Set(queryTerms.flatMap(tokens))];
  const frequencies = docs.map((d) => {
    const f = new Map<string, number>();
    for (const t of d) f.set(t, (f.get(t) ?? 0) + 1);
    return f;
  });
  const idf = new Map(query.map((q) => {
    const containing = frequencies.filter((f) => f.has(q)).length;
    return [q, Math.log(1 + (n - containing + 0.5) / (containing + 0.5))];
  }));
  return frequencies.map((f, i) => query.reduce((score, q) => {
    const tf = f.get(q) ?? 0;
    if (tf === 0) return score;
    return score + idf.get(q)! * (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * docs[i]!.length) / avgdl));
  }, 0));
}
