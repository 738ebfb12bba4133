// The one tokeniser of the service's lexical retrieval (pure): every BM25 index and every query that is
// scored against one goes through `tokens`, so a word is the same word on both sides. Rules, in order:
//   1. Unicode NFKD, then combining marks dropped: "Sjögren" and "Sjogren" are one word; ligatures and
//      full-width forms fold to their plain letters.
//   2. Lower case.
//   3. Split on anything that is not a letter or a digit (Unicode \p{L}, \p{N}): "TNF-α" -> "tnf", "α";
//      "IL-6" -> "il", "6".
//   4. Tokens of one character dropped (a lone "6" or "α" says nothing on its own), and the English
//      stopwords below.
// No stemming: "arthritis" and "arthritic" are different words (the semantic search's ontology expansion,
// not the tokeniser, is where related wording comes in).

const STOPWORDS = new Set(('a an and are as at be by for from has have in into is it its of on or that the their this to was were which with '
  + 'without not no other than').split(' '));

export function tokens(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1 && !STOPWORDS.has(t));
}
