// What one lexicon term is and the rules that decide how it may match (docs/entity-linking.md):
// case sensitivity, whether it needs a gene word nearby, and which term wins when several name different
// entities. Pure data rules, no text scanning here.
import { compact, prepareText, wordCount } from './text';

export type LinkedKind = 'drug' | 'target';

/** Lower is stronger when two entities share a term: official symbols and graph labels first. */
export type TermTier = 0 | 1 | 2 | 3;
export const TIER = { symbol: 0, name: 1, fullName: 2, synonym: 3 } as const;

export interface Term {
  kind: LinkedKind;
  /** The entity's preferred name: HGNC symbol, DrugBank or graph label. */
  name: string;
  /** The graph node the term comes from, when it comes from the graph. */
  nodeId: string | null;
  /** Letters and digits of the term as written. */
  exact: string;
  caseSensitive: boolean;
  /** A case-sensitive symbol also matches in mouse style ("Tnf" for TNF). */
  mouseCase: boolean;
  needsContext: boolean;
  tier: TermTier;
  words: number;
  /** Offsets (in `exact`) where the term has a space: only there may a space join a number to a word. */
  spaces: number[];
}

/**
 * Gene symbols that are English words or common abbreviations in clinical text: they link only with
 * context (a gene word nearby, or the gene named unambiguously elsewhere in the same text).
 */
export const AMBIGUOUS_SYMBOLS: ReadonlySet<string> = new Set([
  'ACE', 'AGE', 'AIM', 'ALL', 'APP', 'ARM', 'BAD', 'BID', 'CAMP', 'CAPS', 'CAR', 'CAT', 'CI', 'COPE', 'CRP', 'END',
  'FAT', 'GAP', 'HIP', 'HR', 'IMPACT', 'KIT', 'LARGE', 'MAX', 'MET', 'MICE', 'NET', 'OR', 'PAN', 'PIGS', 'POLE',
  'RAN', 'REST', 'SD', 'SET', 'SHE', 'SON', 'STAR', 'TANK', 'TOP', 'WAS', 'WARS', 'CD', 'PC', 'MS', 'RA', 'SLE',
  'AS', 'AD', 'PD', 'ALS', 'COPD', 'T2D', 'IBD', 'GOUT', 'PSA', 'SS', 'HIT', 'LIMP', 'SIGN', 'SPARC', 'CLOCK', 'BLOC',
]);

/** Short abbreviations without lower-case letters (HCQ, MTX, TNF, RANKL) are matched with their case. */
function shortUpperCase(term: string): boolean {
  const letters = compact(term);
  return !/\p{Ll}/u.test(letters) && /^\p{L}+$/u.test(letters) && letters.length <= 5;
}

export interface TermSpec {
  kind: LinkedKind;
  name: string;
  nodeId?: string | null;
  term: string;
  tier: TermTier;
  /** The term is a gene symbol or a symbol-like synonym (not a descriptive name). */
  symbolLike: boolean;
}

/** Terms shorter than this (letters and digits) are never matched: "C5", "AR" are too often something else. */
export const MIN_TERM_LENGTH = 3;

/** The term with its matching rules, or null when it must never be matched. */
export function makeTerm(spec: TermSpec): Term | null {
  const exact = compact(spec.term);
  if (exact.length < MIN_TERM_LENGTH) return null;
  const ambiguous = spec.symbolLike && AMBIGUOUS_SYMBOLS.has(exact.toUpperCase());
  const caseSensitive = ambiguous || (spec.symbolLike && shortUpperCase(spec.term)) || (spec.kind === 'drug' && shortUpperCase(spec.term));
  return {
    kind: spec.kind,
    name: spec.name,
    nodeId: spec.nodeId ?? null,
    exact,
    caseSensitive,
    mouseCase: caseSensitive && spec.kind === 'target' && !ambiguous,
    needsContext: ambiguous,
    tier: spec.tier,
    words: wordCount(spec.term),
    spaces: spaceOffsets(spec.term),
  };
}

function spaceOffsets(term: string): number[] {
  const out: number[] = [];
  let offset = 0;
  let last = 0;
  for (const m of prepareText(term).matchAll(/[\p{L}\p{N}]+/gu)) {
    if (offset > 0 && /\s/.test(prepareText(term).slice(last, m.index))) out.push(offset);
    offset += m[0].length;
    last = m.index! + m[0].length;
  }
  return out;
}

/** Whether a written form (letters and digits only) matches the term under its case rule. */
export function caseMatches(term: Term, written: string): boolean {
  if (!term.caseSensitive) return written.toLowerCase() === term.exact.toLowerCase();
  if (written === term.exact) return true;
  return term.mouseCase && written === term.exact[0] + term.exact.slice(1).toLowerCase();
}

/** A synonym distinctive enough to link from text: 4+ letters/digits with a digit, or hyphenated. */
export function distinctiveSynonym(name: string): boolean {
  return (name.replace(/[^A-Za-z0-9]/g, '').length >= 4 && /[0-9]/.test(name)) || /[A-Za-z0-9]-[A-Za-z0-9]/.test(name);
}
