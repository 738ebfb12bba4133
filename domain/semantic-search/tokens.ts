// The lexical analysis of the semantic-search index and its queries (pure): Unicode NFKC, lower case, split
// on anything that is not a letter or digit, tokens of one character and English stopwords dropped. No
// stemming: "arthritis" and "arthritic" are different words (the ontology expansion, not the tokenizer, is
// where related wording comes in).

const STOPWORDS = new Set(('a an and are as at be by for from has have in into is it its of on or that the their this to was were which with '
  + 'without not no other than').split(' '));

export function tokens(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 1 && !STOPWORDS.has(t));
}

/** The name as matched against ontology labels and synonyms: its tokens joined by one space. */
export function normalizedName(text: string): string {
  return tokens(text).join(' ');
}

/** Contiguous token runs of the query, longest first (at most maxLength tokens each), as normalized names. */
export function nGrams(queryTokens: readonly string[], maxLength = 6): string[] {
  const out: string[] = [];
  for (let n = Math.min(maxLength, queryTokens.length); n >= 1; n--) {
    for (let i = 0; i + n <= queryTokens.length; i++) out.push(queryTokens.slice(i, i + n).join(' '));
  }
  return out;
}
