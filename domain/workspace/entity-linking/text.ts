// Text preparation for the entity linker: Greek letters spelled out ("TNF-α" reads "TNF-alpha"), dashes
// unified, then words (maximal runs of letters and digits) with their offsets and the separator before
// each, and sentence numbers. A word never splits inside a run of letters and digits, so "TNFSF11" and
// "IL2RA" are one word each and can never be read as "TNF" or "IL2".

const GREEK: Readonly<Record<string, string>> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', ζ: 'zeta', η: 'eta', θ: 'theta', ι: 'iota',
  κ: 'kappa', λ: 'lambda', μ: 'mu', ν: 'nu', ξ: 'xi', π: 'pi', ρ: 'rho', σ: 'sigma', τ: 'tau', φ: 'phi',
  χ: 'chi', ψ: 'psi', ω: 'omega',
};

/**
 * NFC, Greek letters spelled out in Latin (either case), every dash or hyphen character made "-", and the
 * British "tumour" spelled as the lexicon's names spell it ("tumor necrosis factor").
 */
export function prepareText(text: string): string {
  return text.normalize('NFC')
    .replace(/[\u0391-\u03A9\u03B1-\u03C9]/g, (ch) => GREEK[ch.toLowerCase()] ?? ch)
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\b([Tt])umour/g, '$1umor');
}

export interface Word {
  text: string;
  start: number;
  end: number;
  /** The characters between the previous word and this one ("" for the first word). */
  gap: string;
  sentence: number;
}

/** Abbreviations whose full stop does not end a sentence. */
const NO_STOP_AFTER: ReadonlySet<string> = new Set(['vs', 'e', 'g', 'i', 'al', 'fig', 'approx', 'ca', 'no', 'dr']);

/** A gap that ends a sentence: ".", "!" or "?" then a space, or ";" or a line break. */
function endsSentence(gap: string, previous: string): boolean {
  if (/[;\n]/.test(gap)) return true;
  return /[.!?]\s/.test(gap) && !NO_STOP_AFTER.has(previous.toLowerCase());
}

export function words(text: string): Word[] {
  const out: Word[] = [];
  let sentence = 0;
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = match.index!;
    const gap = text.slice(last, start);
    const previous = out[out.length - 1];
    if (previous && endsSentence(gap, previous.text)) sentence += 1;
    out.push({ text: match[0], start, end: start + match[0].length, gap, sentence });
    last = start + match[0].length;
  }
  return out;
}

/** A gap that may sit inside one term: a single space or hyphen ("IL-6", "IL 6", "tumor necrosis factor"). */
export function joinable(gap: string): boolean {
  return gap === ' ' || gap === '-';
}

/** The letters and digits of a term, in order ("IL-6" and "IL 6" give "IL6"). */
export function compact(term: string): string {
  return (prepareText(term).match(/[\p{L}\p{N}]+/gu) ?? []).join('');
}

/** How many words a term has. */
export function wordCount(term: string): number {
  return (prepareText(term).match(/[\p{L}\p{N}]+/gu) ?? []).length;
}
