// An in-memory inverted index over the mirror's record texts: lower-case word -> ids of the records that
// contain it. A phrase query takes the posting list of the phrase's rarest word and checks the phrase
// itself only on those records, so a disease query reads a few thousand texts, not the whole mirror.
import type { TextMatcher } from './disease-match';

const WORD = /[a-z0-9]+/g;

export class TextIndex {
  private readonly postings = new Map<string, number[]>();
  private size = 0;

  /** Adds a document (ids must be added in increasing order); returns its id. */
  add(text: string): number {
    const id = this.size++;
    const seen = new Set<string>();
    for (const word of text.toLowerCase().match(WORD) ?? []) {
      if (seen.has(word)) continue;
      seen.add(word);
      const list = this.postings.get(word);
      if (list) list.push(id);
      else this.postings.set(word, [id]);
    }
    return id;
  }

  get documents(): number {
    return this.size;
  }

  /**
   * Ids of the documents that contain one of the phrases, in id order. `verify(id, phrase matcher)` confirms
   * a candidate against the phrase itself (word order, case rules of disease-match.ts).
   */
  search(phrases: readonly string[], verify: (id: number, matcher: TextMatcher) => boolean, matcherOf: (phrase: string) => TextMatcher): number[] {
    const hits = new Set<number>();
    for (const phrase of phrases) {
      const words = phrase.toLowerCase().match(WORD) ?? [];
      if (words.length === 0) continue;
      let rarest: number[] | undefined;
      for (const word of words) {
        const list = this.postings.get(word) ?? [];
        if (rarest === undefined || list.length < rarest.length) rarest = list;
      }
      const matcher = matcherOf(phrase);
      for (const id of rarest ?? []) if (!hits.has(id) && verify(id, matcher)) hits.add(id);
    }
    return [...hits].sort((a, b) => a - b);
  }
}
