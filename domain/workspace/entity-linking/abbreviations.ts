// Abbreviations a text defines for the drugs it names (issue 28): "etanercept (ETN)", "etanercept and
// methotrexate (ETN + MTX)". In that text the short form is that drug, whatever else a vocabulary calls it:
// DrugBank lists "ETN" as a synonym of erythrityl tetranitrate, so every etanercept abstract that abbreviated it
// made erythrityl tetranitrate a candidate for psoriasis and rheumatoid arthritis. A definition is accepted as
// Schwartz and Hearst accept one ("A simple algorithm for identifying abbreviation definitions in biomedical
// text", Pac Symp Biocomput 2003;8:451-462): the short form's letters and digits occur, in order, in the long
// form, the first one at the start of a word of it. Here the long form is a drug mention right before the
// parentheses (at most two lower-case words between: "etanercept originator product (ETN, Enbrel)"), or, for
// several short forms joined by "+", "/" or "and", as many drug mentions joined by list words, paired in order.
// A short form the text defines for words that name no drug ("an adjustable maintenance dosing (AMD) regimen")
// names no drug in that text either, whatever a vocabulary says (DrugBank: AMD, methyldopa): its long form is
// found as Schwartz and Hearst find it, among the at most min(|A| + 5, 2|A|) words before the parentheses.

/** A found mention as the linker holds it: its word span and the entity key it resolved to. */
export interface SpanMention {
  first: number;
  last: number;
  kind: 'drug' | 'target';
  key: string;
}

interface TextWord {
  text: string;
  start: number;
  end: number;
  sentence: number;
}

/** Schwartz and Hearst's test: the short form's characters, right to left, found right to left in the long form. */
export function definesAbbreviation(shortForm: string, longForm: string): boolean {
  const short = shortForm.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const long = longForm.toLowerCase();
  if (short.length < 2 || !/^\p{L}/u.test(short)) return false;
  let l = long.length - 1;
  for (let s = short.length - 1; s >= 0; s--) {
    const ch = short[s]!;
    for (;;) {
      if (l < 0) return false;
      const atWordStart = l === 0 || !/[\p{L}\p{N}]/u.test(long[l - 1]!);
      if (long[l] === ch && (s > 0 || atWordStart)) break;
      l--;
    }
    l--;
  }
  return true;
}

/** A short form as written: 2-10 letters/digits/hyphens with an upper-case letter ("ETN", "MTX", "CZP", "IFN-b"). */
const SHORT_FORM = /^[\p{L}\p{N}][\p{L}\p{N}-]{1,9}$/u;
const LIST_JOIN = /^\s*(?:,|\+|\/|and|or|plus|with)?\s*$/i;
const PARENTHESES_AFTER = /^((?:\s+[a-z][a-z-]*){0,2})\s*\(([^()]{1,60})\)/;

/**
 * Short form (as written) → the drug mention that defines it, for the definitions in `text`.
 * `mentions` are the text's mentions in order.
 */
export function definedAbbreviations<M extends SpanMention>(text: string, ws: readonly TextWord[], mentions: readonly M[]): Map<string, M> {
  const defined = new Map<string, M>();
  mentions.forEach((m, i) => {
    if (m.kind !== 'drug') return;
    const after = PARENTHESES_AFTER.exec(text.slice(ws[m.last]!.end));
    if (!after) return;
    const items = after[2]!.split(/\s*(?:\+|\/|,|;|\band\b|\bplus\b)\s*/).map((s) => s.trim()).filter((s) => s.length > 0);
    const written = (k: SpanMention) => text.slice(ws[k.first]!.start, ws[k.last]!.end);
    // Several short forms for as many drugs joined by list words right before: pair them in order.
    if (items.length > 1 && after[1] === '') {
      const run: M[] = [m];
      for (let j = i - 1; j >= 0 && run.length < items.length; j--) {
        const previous = mentions[j]!;
        if (previous.kind !== 'drug' || ws[previous.last]!.sentence !== ws[m.first]!.sentence) break;
        if (!LIST_JOIN.test(text.slice(ws[previous.last]!.end, ws[run[0]!.first]!.start))) break;
        run.unshift(previous);
      }
      if (run.length === items.length && items.every((s, k) => SHORT_FORM.test(s) && /\p{Lu}/u.test(s) && definesAbbreviation(s, written(run[k]!)))) {
        run.forEach((drug, k) => defined.set(items[k]!, drug));
        return;
      }
    }
    const first = items[0];
    if (first && SHORT_FORM.test(first) && /\p{Lu}/u.test(first) && definesAbbreviation(first, written(m))) defined.set(first, m);
  });
  return defined;
}

/** The words before a parenthesis Schwartz and Hearst search for the long form of a short form of n characters. */
const maxLongFormWords = (n: number) => Math.min(n + 5, n * 2);

/**
 * Short forms (as written) the text defines for words that are no drug mention: "adjustable maintenance dosing
 * (AMD)". `drugWords` are the word indexes of the text's drug mentions.
 */
export function nonDrugAbbreviations(text: string, ws: readonly TextWord[], drugWords: ReadonlySet<number>): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < ws.length; i++) {
    const gap = text.slice(ws[i - 1]!.end, ws[i]!.start);
    if (!/\(\s*$/.test(gap)) continue;
    const close = /^\s*[),;]/.exec(text.slice(ws[i]!.end));
    const shortForm = ws[i]!.text;
    if (!close || !SHORT_FORM.test(shortForm) || !/\p{Lu}/u.test(shortForm)) continue;
    let first = i;
    for (let k = 1; k <= maxLongFormWords(shortForm.length) && i - k >= 0 && ws[i - k]!.sentence === ws[i]!.sentence; k++) {
      if (definesAbbreviation(shortForm, text.slice(ws[i - k]!.start, ws[i - 1]!.end))) { first = i - k; break; }
    }
    if (first === i) continue;
    let namesDrug = false;
    for (let w = first; w < i; w++) if (drugWords.has(w)) namesDrug = true;
    if (!namesDrug) out.add(shortForm);
  }
  return out;
}
