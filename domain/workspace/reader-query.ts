// What a dossier tells the effect reader about one result sentence, and which sentences it never gives it (pure;
// docs/outcome-classification.md, "How a dossier calls the reader"). The reader answers Evidence Inference's
// question — what happened to the OUTCOME with the INTERVENTION against the COMPARATOR (Lehman et al., NAACL 2019) —
// and was trained with all three named; a sentence read without them is read outside the conditions it learned in.
//   intervention  the dossier's drug, with the abbreviation the record defines for it: "tocilizumab (TCZ)" when the
//                 abstract writes "tocilizumab (TCZ)" and then "receiving TCZ than placebo";
//   outcome       the sentence's subject when it names what was measured ("Clinical remission rate at week 44
//                 during maintenance was greater in ..."), never an arm or a pronoun;
// and a sentence that is not this study's result is not read: what earlier studies reported ("Similar effects have
// hitherto been reported only for TNF-i"), the arms' comparability at baseline (CONSORT 2010 item 15: baseline
// data describe the groups, they are no outcome), and a baseline characteristic that does not change the effect (a
// subgroup interaction: "baseline renal status does not affect efficacy outcomes").

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The abbreviation the text defines for a drug ("tocilizumab (TCZ)" → "TCZ"), if any. */
export function definedAbbreviation(text: string, drug: string): string | null {
  const name = drug.trim();
  if (name.length < 3) return null;
  const m = new RegExp(`(?:^|[^A-Za-z0-9])${escape(name)}\\s*\\(([A-Z][A-Za-z0-9-]{1,9})\\s*[,;)]`, 'i').exec(text);
  if (!m) return null;
  const abbreviation = m[1]!;
  // Letters in capitals: "(TCZ)", "(CZP)", "(ASP015K)"; a dose or a word in parentheses ("(Avonex") is none.
  return /[A-Z].*[A-Z]/.test(abbreviation) && abbreviation.toLowerCase() !== name.toLowerCase() ? abbreviation : null;
}

/** The intervention as the reader is told it: the drug, and its abbreviation in parentheses when the text defines one. */
export function interventionMention(text: string, drug: string | undefined): string | undefined {
  if (!drug) return undefined;
  const abbreviation = definedAbbreviation(text, drug);
  return abbreviation ? `${drug} (${abbreviation})` : drug;
}

const SUBJECT_END = /\s(?:was|were|did|had|remained|tended)\s/i;
/** A subject holding a verb or a list is a clause, not an outcome's name ("Istradefylline reduced daily OFF time and"). */
const CLAUSE_WORD = /\b(?:reduced|increased|decreased|improved|lowered|raised|elevated|worsened|prevented|inhibited|retarded|showed|shown|demonstrated|resulted|led|caused|produced|has|have|and|but|which|who|that)\b/i;
const NOT_AN_OUTCOME = /^(?:there|it|this|these|that|those|they|we|both|all|no|none|each|either|neither|patients?|participants?|subjects?|the (?:groups?|arms?|patients?|participants?|subjects?|study|trial|difference|results?))\b/i;

/**
 * What the sentence measured, when its subject says it: the words before its first "was"/"were" (after a leading
 * clause set off by a comma), at most fourteen words, naming neither arm and holding no verb or list. Undefined
 * when the subject is an arm, a pronoun, a group, a clause, or the sentence has none.
 */
export function outcomeOfSentence(sentence: string, armNames: readonly string[]): string | undefined {
  const end = SUBJECT_END.exec(sentence);
  if (!end) return undefined;
  let subject = sentence.slice(0, end.index);
  // "In patients receiving placebo, the correlation with ...": the subject follows the leading clause.
  const comma = subject.lastIndexOf(',');
  if (comma >= 0) subject = subject.slice(comma + 1);
  subject = subject.replace(/^\s*(?:the|a|an)\s+/i, '').trim();
  const words = subject.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 14 || NOT_AN_OUTCOME.test(subject) || CLAUSE_WORD.test(subject) || /^[\d<>≤≥~]/.test(subject) || /[()]/.test(subject)) return undefined;
  const lower = subject.toLowerCase();
  const namesArm = [...armNames, 'placebo', 'control', 'sham', 'vehicle'].some((n) => n.trim().length > 1 && new RegExp(`(?:^|[^a-z0-9])${escape(n.trim().toLowerCase())}(?:$|[^a-z0-9])`).test(lower));
  return namesArm ? undefined : subject;
}

const EARLIER_STUDIES = /\b(?:ha(?:ve|s|d) (?:hitherto |previously |already |so far |only |also )*been (?:reported|described|observed|shown|demonstrated)|hitherto|previous(?:ly reported| stud(?:y|ies)| trials?| reports?)|prior (?:stud(?:y|ies)|trials?|reports?)|earlier (?:stud(?:y|ies)|trials?|reports?)|in the literature)\b/i;
const BASELINE = /^(?:the )?(?:baseline|demographic|pre-?treatment)\b[^.;]{0,80}\b(?:were|was)\b[^.;]{0,40}\b(?:similar|comparable|balanced|well[- ]matched|not (?:significantly )?different)\b|\b(?:similar|comparable|balanced|well[- ]matched) at baseline\b|\b(?:similar|comparable|balanced|well[- ]matched) (?:baseline|demographic) (?:characteristics|demographics|variables|features|data)\b/i;

// "baseline renal status does not affect efficacy outcomes in lixisenatide- vs placebo-treated patients": whether a
// patient characteristic changes the effect (a subgroup interaction), not the drug against its comparator.
const EFFECT_MODIFIER = /\b(?:baseline|pre-?treatment)\s+(?:[\w-]+\s+){0,3}(?:does|did|do) not (?:affect|influence|modify|alter|change|predict)\b/i;

/** Why a sentence is not this study's result (never given to the reader), or null. */
export function notThisStudysResult(sentence: string): string | null {
  if (EARLIER_STUDIES.test(sentence)) return 'reports earlier studies, not this one';
  if (BASELINE.test(sentence)) return 'describes the groups at baseline, no outcome';
  if (EFFECT_MODIFIER.test(sentence)) return 'says a baseline characteristic does not change the effect (a subgroup interaction), not the drug against its comparator';
  return null;
}

const CONTROL = String.raw`(?:the\s+)?(?:placebo|control|sham|vehicle)`;
const BETTER = String.raw`(?:more effective|better|superior|greater|higher|lower|fewer)`;
const EQUAL = String.raw`(?:similar|comparable|equivalent|non-?inferior)`;
const BETTER_THEN_EQUAL = new RegExp(String.raw`^(.*?\b${BETTER}\b[^,;]*?\b(?:than|to|over|versus|vs\.?|compared (?:with|to))\s+${CONTROL}\b[^,;]*?)\s+and\s+(?:was\s+|were\s+)?${EQUAL}\b`, 'i');
const EQUAL_THEN_BETTER = new RegExp(String.raw`\b${EQUAL}\s+and\s+(?=${BETTER}\b[^,;]*?\b(?:than|to|over|versus|vs\.?)\s+${CONTROL}\b)`, 'i');

/**
 * A sentence stating two comparisons, one against the control and one of equality ("etoricoxib 90 mg once daily
 * was more effective than placebo and similar in efficacy to naproxen 500 mg twice daily"; "CZP 200 mg every 2 weeks
 * and 400 mg every 4 weeks were comparable and better than placebo"): the comparison against the control is the
 * drug's efficacy result, the equality is with another active arm or dose (no better than it, which says nothing
 * against the drug). The reader is given the comparison against the control; other sentences are returned as they are.
 */
export function comparisonWithControl(sentence: string): string {
  const first = BETTER_THEN_EQUAL.exec(sentence);
  if (first) return `${first[1]!.trim()}.`;
  return EQUAL_THEN_BETTER.test(sentence) ? sentence.replace(EQUAL_THEN_BETTER, '') : sentence;
}
