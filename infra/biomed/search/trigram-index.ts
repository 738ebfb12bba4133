// An in-memory substring index over short texts (labels and synonyms, already lower-cased). Every
// window of 3 UTF-16 code units of a document's texts points to that document. A needle of 3 or more
// units can only occur in a document that holds all of its trigrams, so the candidates are the
// intersection of the needle's rarest posting lists; the caller then checks each candidate with
// includes(), so the answer is exact substring matching, with no false hits and none missed.
// Needles shorter than 3 units have no trigram: every document is a candidate (they match most anyway).

const GRAM = 3;
/** How many posting lists are intersected at most: past the rarest few, checking candidates is cheaper. */
const MAX_LISTS = 3;

/** A trigram as one number: three 16-bit code units fit exactly in a double (no string per window). */
function gramKey(text: string, at: number): number {
  return text.charCodeAt(at) * 0x1_0000_0000 + text.charCodeAt(at + 1) * 0x1_0000 + text.charCodeAt(at + 2);
}

export class TrigramIndex {
  private readonly postings = new Map<number, Int32Array>();

  /** Documents are numbered 0..size-1; posting lists keep that order, so candidates come out in it. */
  constructor(readonly size: number, textsOf: (doc: number) => readonly string[]) {
    const lists = new Map<number, number[]>();
    for (let doc = 0; doc < size; doc++) {
      for (const text of textsOf(doc)) {
        for (let at = 0; at + GRAM <= text.length; at++) {
          const key = gramKey(text, at);
          const list = lists.get(key);
          if (!list) lists.set(key, [doc]);
          else if (list[list.length - 1] !== doc) list.push(doc);
        }
      }
    }
    for (const [key, list] of lists) this.postings.set(key, Int32Array.from(list));
  }

  /** Ascending document numbers that may contain `needle`; null means every document (a needle under 3 units). */
  candidates(needle: string): Int32Array | null {
    if (needle.length < GRAM) return null;
    const lists: Int32Array[] = [];
    const seen = new Set<number>();
    for (let at = 0; at + GRAM <= needle.length; at++) {
      const key = gramKey(needle, at);
      if (seen.has(key)) continue;
      seen.add(key);
      const list = this.postings.get(key);
      if (!list) return new Int32Array(0);
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    let result: Int32Array = lists[0]!;
    for (const list of lists.slice(1, MAX_LISTS)) result = intersect(result, list);
    return result;
  }
}

/** Sorted intersection; `small` is walked, `large` is searched with a galloping cursor. */
function intersect(small: Int32Array, large: Int32Array): Int32Array {
  const out = new Int32Array(small.length);
  let n = 0;
  let lo = 0;
  for (const value of small) {
    let step = 1;
    let hi = lo;
    while (hi < large.length && large[hi]! < value) { lo = hi + 1; hi += step; step *= 2; }
    if (hi > large.length) hi = large.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (large[mid]! < value) lo = mid + 1; else hi = mid;
    }
    if (lo < large.length && large[lo] === value) out[n++] = value;
  }
  return out.subarray(0, n);
}
