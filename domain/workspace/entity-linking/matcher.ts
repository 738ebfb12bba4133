// Finds term mentions in prepared text: at each word, the longest run of words (joined by single spaces or
// hyphens) whose letters and digits equal a term under the term's case rule; that mention consumes its
// words (leftmost-longest, no overlaps). A term never matches part of a word, so "TNF" is not in
// "TNFSF11" and "IL2" not in "IL2RA"; "anti-CD20" and "TNF-alpha" split at the hyphen.
import type { TermIndex } from './lexicon';
import { caseMatches, type Term } from './terms';
import { joinable, type Word } from './text';

export interface Mention {
  /** Index of the first and last word. */
  first: number;
  last: number;
  /** The terms that matched this span (one entity or several; see pickEntity). */
  terms: Term[];
}

interface Span {
  last: number;
  written: string;
  /** Offsets in `written` where a space joins a number to a word ("CI 18"): the term must have a space there. */
  numberSpaces: number[];
}

/** Words first..j joined as written (letters and digits only), for j = first.. while gaps join. */
function* spans(words: readonly Word[], first: number, maxWords: number): Generator<Span> {
  let written = '';
  const numberSpaces: number[] = [];
  for (let j = first; j < words.length && j - first < maxWords; j++) {
    const word = words[j]!;
    if (j > first && !joinable(word.gap)) return;
    if (j > first && word.gap === ' ' && (/^\d+$/.test(word.text) || /^\d+$/.test(words[j - 1]!.text))) numberSpaces.push(written.length);
    written += word.text;
    yield { last: j, written, numberSpaces: [...numberSpaces] };
  }
}

function fits(term: Term, span: Span): boolean {
  return caseMatches(term, span.written) && span.numberSpaces.every((o) => term.spaces.includes(o));
}

function matchAt(words: readonly Word[], first: number, indexes: readonly TermIndex[]): Mention | null {
  let best: Mention | null = null;
  const maxWords = Math.max(...indexes.map((i) => i.maxWords));
  for (const span of spans(words, first, maxWords)) {
    const terms = indexes.flatMap((index) => index.get(span.written).filter((t) => fits(t, span)));
    if (terms.length > 0) best = { first, last: span.last, terms };
  }
  return best;
}

export function findMentions(words: readonly Word[], indexes: readonly TermIndex[]): Mention[] {
  const out: Mention[] = [];
  for (let i = 0; i < words.length; i++) {
    const mention = matchAt(words, i, indexes);
    if (!mention) continue;
    out.push(mention);
    i = mention.last;
  }
  return out;
}

/** The entity a term names: its graph node when known, else kind and name. */
export function entityKey(term: Pick<Term, 'kind' | 'name' | 'nodeId'>): string {
  return term.nodeId ?? `${term.kind}:${term.name.toLowerCase()}`;
}

/**
 * The terms of the one entity a mention names: those of the strongest tier when they all name one
 * entity, else none (an ambiguous mention links nothing). `canonical` maps a key to the entity it
 * resolves to (a gene symbol to its graph node), so the same gene from two sources is one entity.
 */
export function pickEntity(mention: Mention, canonical: (t: Term) => string): Term[] {
  const tier = Math.min(...mention.terms.map((t) => t.tier)) as Term['tier'];
  const strongest = mention.terms.filter((t) => t.tier === tier);
  const keys = new Set(strongest.map(canonical));
  return keys.size === 1 ? strongest : [];
}
