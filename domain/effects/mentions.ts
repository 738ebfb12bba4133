// Which words of the evidence name the intervention, the comparator and the outcome (pure). The evidence is
// tokenised and each token that matches a content word of one mention (and of no other) is tagged INTV,
// COMP or OUTC, so that the learned reader sees "INTV was higher than COMP" whatever the drugs are called,
// and the rules can tell which arm a sentence is about (the arm named first, "compared with", "than").

export type MentionTag = 'INTV' | 'COMP' | 'OUTC';

export interface MarkedToken {
  text: string;
  tag: MentionTag | null;
}

export interface ArmPositions {
  /** Index of the first token tagged INTV / COMP (null: not named in the evidence). */
  intervention: number | null;
  comparator: number | null;
  /** Which arm is named first: the arm a "higher" or "lower" phrase is usually about. */
  firstNamed: 'intervention' | 'comparator' | null;
}

const STOP = new Set(('the a an of and or in on to for with without by at from as vs versus group groups arm arms patients patient '
  + 'subjects participants treatment treated therapy dose doses daily mg plus alone combined combination than after before '
  + 'during between among level levels rate rates total mean score scores use using usual standard '
  + 'was were is are given received receiving').split(' '));

export function tokenize(text: string): string[] {
  // "Group B", "group II", "arm 2": one token, so an arm named by its letter can be told from the other.
  // "R group", "Group C": a capital letter before "group" names the arm too (lowercase "a group of" does not).
  return text.replace(/\b([B-Z]|I{1,3}|IV)\s+([Gg]roup|[Aa]rm)\b/g, '$2 $1').toLowerCase().replace(/\b(group|arm)\s+([a-z]|i{1,3}|iv|\d)\b/g, '$1_$2').replace(/[−–—]/g, '-').match(/[a-z][a-z0-9_'-]*[a-z0-9]|[a-z]|\d+(?:\.\d+)?|[<>=≤≥%]/g) ?? [];
}

/** A crude stem, enough to match "relapses" to "relapse" and "controls" to "control". */
function stem(word: string): string {
  if (word.includes('_')) return word;
  const w = word.replace(/(?:'s|ies|es|s)$/, '');
  return w.length > 6 ? w.slice(0, 6) : w;
}

/** Content words of a mention: its first four, and any in parentheses (abbreviations such as "(GIK)"). */
function contentStems(mention: string | undefined): Set<string> {
  if (!mention) return new Set();
  const content = (text: string) => tokenize(text).filter((t) => !STOP.has(t) && !/^\d/.test(t) && t.length >= 2 && !/^[<>=≤≥%]$/.test(t));
  const inParentheses = [...mention.matchAll(/\(([^()]{1,60})\)/g)].flatMap((m) => content(m[1]!));
  // An acronym of the mention's words: "high-flow nasal cannula" is named "HFNC" in the results.
  const words = mention.replace(/\([^()]*\)/g, ' ').toLowerCase().split(/[\s-]+/).filter((w) => /^[a-z]/.test(w) && !STOP.has(w));
  const acronym = words.length >= 2 && words.length <= 5 ? [words.map((w) => w[0]).join('')] : [];
  return new Set([...content(mention.replace(/\([^()]*\)/g, ' ')).slice(0, 4), ...inParentheses, ...acronym].map(stem));
}

/** Words that name an arm whatever the trial: the control arm, and the arm under test. */
const GENERIC_COMPARATOR = new Set(['placebo', 'control', 'controls', 'sham', 'untreated', 'usual', 'conventional'].map(stem));
const GENERIC_INTERVENTION = new Set(['intervention', 'experimental', 'active', 'treated', 'supplemented', 'study'].map(stem));

export function markMentions(tokens: readonly string[], mentions: { intervention?: string; comparator?: string; outcome?: string }): MarkedToken[] {
  const i = contentStems(mentions.intervention);
  const c = contentStems(mentions.comparator);
  const o = contentStems(mentions.outcome);
  return tokens.map((text) => {
    const s = stem(text);
    const inI = i.has(s);
    const inC = c.has(s);
    let tag: MentionTag | null = null;
    // The outcome's own words stay the outcome ("estimation error" when the comparator "estimates").
    if (o.has(s) && !(inI !== inC && !o.has(s))) tag = 'OUTC';
    else if (inI && !inC) tag = 'INTV';
    else if (inC && !inI) tag = 'COMP';
    else if (!inI && !inC && GENERIC_COMPARATOR.has(s) && !i.has(s)) tag = 'COMP';
    else if (!inI && !inC && GENERIC_INTERVENTION.has(s) && !c.has(s)) tag = 'INTV';
    return { text, tag };
  });
}

export function armPositions(marked: readonly MarkedToken[]): ArmPositions {
  const intervention = marked.findIndex((t) => t.tag === 'INTV');
  const comparator = marked.findIndex((t) => t.tag === 'COMP');
  const iPos = intervention < 0 ? null : intervention;
  const cPos = comparator < 0 ? null : comparator;
  const firstNamed = iPos === null && cPos === null ? null : cPos === null || (iPos !== null && iPos < cPos) ? 'intervention' : 'comparator';
  return { intervention: iPos, comparator: cPos, firstNamed };
}

/** The token stream with each run of one tag collapsed to the tag: "insulin glargine reduced" → "INTV reduced". */
export function maskedTokens(marked: readonly MarkedToken[]): string[] {
  const out: string[] = [];
  for (const t of marked) {
    const word = t.tag ?? (/^\d/.test(t.text) ? 'NUM' : t.text);
    if (t.tag && out[out.length - 1] === t.tag) continue;
    out.push(word);
  }
  return out;
}
