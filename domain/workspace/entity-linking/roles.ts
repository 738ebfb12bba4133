// The role of a drug mention in a trial-style text (docs/entity-linking.md). A cue phrase puts the drugs
// after it in its scope, as in ConText (Harkema et al., J Biomed Inform 2009): the scope runs forward
// through list words (drug names, "and", "or", doses, "placebo", "standard of care including"...) and
// ends at any other word, at the end of the sentence, or at a comma unless the drug is an item of a
// serial list ("A, B and C"). Cues:
//  - background: "background", "stable", "in addition to", "add-on to", "on top of", "concomitant",
//    "standard of care/therapy", "inadequate response to", "refractory to", "despite", "prior",
//    "inadequately controlled on/with/by" ("type 2 diabetes inadequately controlled on metformin")...;
//    "receiving", "taking" or "on" after a population word ("patients receiving methotrexate"), except
//    after "of" ("39% of patients receiving tofacitinib" reports an arm); a suffix "-naive", "-IR",
//    "-inadequate", "-refractory", "-experienced"; "the addition of <drug> to"; "adjunct(ive treatment) to", "maintained on", "already/currently
//    treated with"; "on <drug> treatment/therapy" ("PD patients with motor complications on levodopa treatment");
//  - comparator: "versus", "vs", "compared with/to", "relative to", "superior/inferior/non-inferior to",
//    "against", "active comparator", "rather than", "instead of", "comparing <A> with/to"; a suffix "as (active)
//    comparator", "-controlled", "reference/originator (product)" (a biosimilar's reference).
import type { Word } from './text';

/** mentioned: named, but never as something given or tested (intervention-frames.ts): measured, eaten, a test agent. */
export type InterventionRole = 'studied' | 'background' | 'comparator' | 'mentioned';

type Cue = { words: string[]; role: 'background' | 'comparator' };
const cue = (role: Cue['role']) => (...phrases: string[]): Cue[] => phrases.map((p) => ({ words: p.split(' '), role }));

export const ROLE_CUES: readonly Cue[] = [
  ...cue('background')('background', 'stable', 'in addition to', 'add on to', 'added to', 'on top of', 'concomitant',
    'concurrent', 'despite', 'inadequate response to', 'inadequate responders to', 'inadequately controlled with',
    'inadequately controlled by', 'inadequately controlled on', 'inadequately controlled despite', 'poorly controlled on',
    'poorly controlled with', 'suboptimally controlled on', 'uncontrolled on', 'insufficiently controlled on',
    'inadequate glycemic control on', 'inadequate glycaemic control on', 'insufficient response to', 'incomplete response to', 'refractory to', 'intolerant to',
    'intolerance to', 'failure of', 'failed', 'prior', 'previous', 'previously treated with', 'switched from',
    'standard of care', 'standard care', 'standard therapy', 'standard treatment', 'conventional therapy', 'usual care',
    // issue 28: an adjunct is given on top of the drug it is adjunct to ("adjunctive treatment to levodopa")
    'adjunct to', 'adjunctive to', 'adjunctive treatment to', 'adjunctive therapy to', 'adjunct therapy to',
    'add on therapy to', 'add on treatment to', 'maintained on', 'already treated with', 'currently treated with',
    'stably treated with'),
  ...cue('comparator')('versus', 'vs', 'compared with', 'compared to', 'comparison with', 'comparison to', 'relative to',
    'superior to', 'inferior to', 'noninferior to', 'non inferior to', 'against', 'active comparator', 'comparator',
    'head to head with', 'rather than', 'instead of'),
];

/** Words a cue's scope runs through (besides other drug names and numbers). */
export const SCOPE_WORDS: ReadonlySet<string> = new Set([
  'and', 'or', 'plus', 'with', 'of', 'including', 'include', 'includes', 'such', 'as', 'either', 'both', 'the', 'a',
  'an', 'stable', 'dose', 'doses', 'dosing', 'low', 'high', 'oral', 'subcutaneous', 'intravenous', 'weekly', 'daily',
  'mg', 'kg', 'per', 'week', 'weeks', 'day', 'every', 'other', 'background', 'concomitant', 'conventional', 'therapy',
  'therapies', 'treatment', 'treatments', 'regimen', 'dmard', 'dmards', 'csdmard', 'csdmards', 'synthetic',
  'disease', 'modifying', 'antirheumatic', 'drug', 'drugs', 'glucocorticoids', 'corticosteroids', 'steroids',
  'antimalarials', 'immunosuppressants', 'immunosuppressive', 'agents', 'nsaids', 'placebo', 'matching', 'active',
  'combination', 'monotherapy', 'n', 'standard', 'care',
]);

const POPULATION = new Set(['patients', 'participants', 'subjects', 'adults', 'children', 'individuals', 'people', 'those', 'who', 'already', 'currently', 'still', 'women', 'men']);
const POPULATION_VERBS = new Set(['receiving', 'taking', 'on']);
const MAX_SCOPE = 14;

/**
 * "the addition of methotrexate to etanercept": the drug the studied one is added to is given in every arm
 * (issue 28: the etanercept of a methotrexate add-on trial read against etanercept).
 */
function additionOfTo(words: readonly Word[], p: number, drugWords: ReadonlySet<number>): boolean {
  const lower = (i: number) => words[i]?.text.toLowerCase();
  if (lower(p) !== 'to') return false;
  let q = p - 1;
  while (q >= 0 && (drugWords.has(q) || ['and', 'or', 'plus'].includes(lower(q) ?? '')) && words[q]!.sentence === words[p]!.sentence) q--;
  return q < p - 1 && drugWords.has(q + 1) && lower(q) === 'of' && lower(q - 1) === 'addition';
}

/**
 * "comparing SB4 with etanercept reference product", "comparing the efficacy of A to B": what A is compared with is
 * the comparator (issue 28: a biosimilar's equivalence to etanercept read as a null of etanercept).
 */
function comparingWith(words: readonly Word[], p: number): boolean {
  const lower = (i: number) => words[i]?.text.toLowerCase();
  if (lower(p) !== 'with' && lower(p) !== 'to') return false;
  for (let q = p - 1; q >= 0 && p - q <= 5 && words[q]!.sentence === words[p]!.sentence; q--) if (lower(q) === 'comparing') return true;
  return false;
}

/** The cue ending at word p, if any. */
function cueEndingAt(words: readonly Word[], p: number, drugWords: ReadonlySet<number>): Cue['role'] | null {
  const lower = (i: number) => words[i]?.text.toLowerCase();
  if (additionOfTo(words, p, drugWords)) return 'background';
  if (comparingWith(words, p)) return 'comparator';
  for (const c of ROLE_CUES) {
    const start = p - c.words.length + 1;
    if (start >= 0 && c.words.every((w, k) => lower(start + k) === w)) return c.role;
  }
  const verb = lower(p);
  if (verb && POPULATION_VERBS.has(verb) && POPULATION.has(lower(p - 1) ?? '') && lower(p - 2) !== 'of') return 'background';
  return null;
}

function inScope(word: Word, isDrugWord: boolean): boolean {
  return isDrugWord || SCOPE_WORDS.has(word.text.toLowerCase()) || /^\d+$/.test(word.text);
}

/** The drug at first..last is an item of a serial list: "and"/"or" before it, or after it past other items. */
function listItem(words: readonly Word[], first: number, last: number, drugWords: ReadonlySet<number>): boolean {
  const joiner = (i: number) => ['and', 'or'].includes(words[i]?.text.toLowerCase() ?? '');
  if (joiner(first - 1)) return true;
  for (let q = last + 1; q < words.length && words[q]!.sentence === words[last]!.sentence; q++) {
    if (joiner(q)) return true;
    if (!drugWords.has(q)) return false;
  }
  return false;
}

/** The role a cue before the mention gives it, walking back through the cue's scope. */
function roleByCue(words: readonly Word[], first: number, last: number, drugWords: ReadonlySet<number>): Cue['role'] | null {
  let comma = false;
  for (let p = first - 1; p >= 0 && first - p <= MAX_SCOPE; p--) {
    const gap = words[p + 1]!.gap;
    if (words[p]!.sentence !== words[first]!.sentence || /[;:]/.test(gap)) return null;
    if (gap.includes(',')) comma = true;
    const role = cueEndingAt(words, p, drugWords);
    if (role) return comma && !listItem(words, first, last, drugWords) ? null : role;
    if (!inScope(words[p]!, drugWords.has(p))) return null;
  }
  return null;
}

/** "on levodopa treatment", "on metformin therapy": the drug a population is on, not the one given (issue 28). */
const ON_TREATMENT_SUFFIX = /^\s+(?:(?:treatment|therapy|monotherapy|maintenance)\b)/i;

const BACKGROUND_SUFFIX = /^-(?:naive|naïve|ir|inadequate|experienced|refractory|resistant|intolerant)\b/i;
// "etanercept reference product", "the etanercept originator product": the reference of a biosimilar trial.
const COMPARATOR_SUFFIX = /^(?:-controlled\b|\s+(?:reference|originator)\b|\s*[(,]?\s*(?:as\s+(?:an?\s+|the\s+)?)?(?:active\s+)?comparator\b)/i;

/** The role of the drug mention spanning words first..last of text. */
export function mentionRole(text: string, words: readonly Word[], first: number, last: number, drugWords: ReadonlySet<number>): Exclude<InterventionRole, 'mentioned'> {
  const after = text.slice(words[last]!.end, words[last]!.end + 40);
  if (BACKGROUND_SUFFIX.test(after)) return 'background';
  if (words[first - 1]?.text.toLowerCase() === 'on' && ON_TREATMENT_SUFFIX.test(after)) return 'background';
  if (COMPARATOR_SUFFIX.test(after)) return 'comparator';
  return roleByCue(words, first, last, drugWords) ?? 'studied';
}
