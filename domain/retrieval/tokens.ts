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

/** Any character outside ASCII: only then can rules 1 and 3 differ from their ASCII forms. */
const NON_ASCII = /[^\x00-\x7f]/;

export function tokens(text: string): string[] {
  // ASCII text (a generated or English abstract, most PMC bodies) takes the same rules in their ASCII form:
  // NFKD leaves it as it is, it has no combining marks, and its letters and digits are a-z, 0-9 once lower-cased.
  // The Unicode form costs several times more per character, and the offline ranking tokenises whole bodies.
  const words = NON_ASCII.test(text)
    ? text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u)
    : text.toLowerCase().split(/[^a-z0-9]+/);
  return words.filter((t) => t.length > 1 && !STOPWORDS.has(t));
}
