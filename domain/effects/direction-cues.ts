// The words that say which way, whether and how sure a trial result went (pure). Matched on the lowercased
// evidence; each list is the rule reader's vocabulary and a feature group of the learned reader.

export const INCREASE = /\b(?:increas\w*|higher|greater|more|larger|longer|elevat\w*|rais\w*|improv\w*|gain\w*|rise|rose|prolong\w*|enhanc\w*|superior|exceed\w*|augment\w*|boost\w*)\b/g;
export const DECREASE = /\b(?:decreas\w*|lower\w*|less|fewer|smaller|shorter|reduc\w*|declin\w*|fell|fall|drop\w*|diminish\w*|attenuat\w*|inferior|suppress\w*|lessen\w*|shorten\w*|alleviat\w*|prevent\w*|relie\w*)\b/g;
export const NO_DIFFERENCE = /\b(?:no (?:statistically )?significant|not (?:statistically )?significant\w*|non-?significant\w*|insignificant\w*|did not (?:\w+ )?(?:differ|change|affect|improve|reduce|increase|decrease|alter|influence|show|reach)|no (?:\w+ )?(?:difference|differences|change|changes|effect|effects|benefit|association)|similar|similarly(?!\s*,)|equally|comparable|equivalen\w*|non-?inferior\w*|were not|was not|n\.?s\.?|unchanged|neither|nor|failed to|no longer|unlikely to|(?:did|does|do) not appear to)\b/g;
export const SIGNIFICANT_WORD = /\b(?:significant(?:ly)?|statistically)\b/g;
export const TREND = /\btrends?\b|\btended\b|\btendency\b|\bborderline\b|\bmarginal(?:ly)?\b/;
export const NON_INFERIORITY = /\bnon-?inferior\w*|\bnoninferior\w*|\bequivalen\w*/i;
/**
 * An explicit statement that the groups did not differ: "no significant difference between the groups", "no
 * between-group differences", "no significant intergroup difference", "comparison with the control group failed
 * to show any significant group-wise difference", "the intergroup differences were not statistically
 * significant". The last three forms (issue 27, seventh round) were found among the train CV errors; on train
 * the 26 items they add were all labelled no_difference.
 */
export const BETWEEN_GROUPS_NULL = /\b(?:no|without|not)\b[^.;]{0,40}\bdiffer\w*[^.;]{0,40}\b(?:between|among|across)\b[^.;]{0,30}\b(?:groups|arms|treatments)\b|\b(?:no|not|without)\b[^.;]{0,30}\b(?:group[- ]wise|between[- ]groups?|inter-?group)\b|\b(?:comparison|compared)\s+(?:with|to|between)\s+(?:the\s+)?(?:control|placebo|groups?)\b[^.;]{0,40}\b(?:not|failed|no)\b[^.;]{0,30}\bsignifican|\b(?:between|inter)[- ]?groups?\s+(?:differences?|comparisons?)\b[^.;]{0,25}\b(?:not|no|non-?significant|ns)\b/;
export const COMPARISON = /\b(?:than|compared (?:with|to)|versus|vs\.?|relative to|over)\b/g;
export const NEGATION = /\b(?:no|not|nor|neither|without|failed|did not|does not|was not|were not)\b/;

/** Every match of a global pattern (the patterns above are all /g; matchAll does not share lastIndex). */
export function matches(text: string, re: RegExp): string[] {
  if (!re.global) throw new Error('matches() needs a global pattern');
  return [...text.matchAll(re)].map((m) => m[0]);
}

// A negation, then at most four words of a verb phrase, right before a significance word: "did not result in
// statistically significant improvements", "did not have significantly more", "none statistically differed",
// "didn't show any significant difference". Only these connecting words may stand between, so "patients not
// receiving X had significantly higher …" is not a denial (the negation is about the patients).
const DENIAL_BEFORE = /(?:\b(?:not|no|none|never|neither|nor|failed to|fail to|fails to|unable to|unlikely to)|n[’']t)\s+(?:(?:show|shows|showed|shown|find|found|result|results|resulted|in|have|has|had|reach|reached|detect|detected|observe|observed|demonstrate|demonstrated|produce|produced|lead|led|to|cause|caused|yield|yielded|any|a|an|the|be|been|statistically|clinically|appear|appeared|seem|seemed|indicate|indicated|suggest|suggested|there|was|were|is|are|differ|differed)\s+){0,4}$/;
const CLAUSE_BREAK = /[.;:!?]|\bbut\b|\bwhereas\b|\bwhile\b|\bhowever\b/g;

/**
 * The words denying significance when every significance word of the text is denied by a negation before it
 * (DENIAL_BEFORE, within its clause); null when there is no significance word or one stands undenied
 * ("… not significant for X, but significantly lower for Y" is not a denial of the whole sentence).
 * On train (2,879 items), text with every significance word denied and no significant p-value or interval
 * was labelled no_difference 648 times and a change 6 times.
 */
export function deniedSignificance(text: string): string | null {
  const lower = text.toLowerCase();
  const found = [...lower.matchAll(SIGNIFICANT_WORD)];
  if (found.length === 0) return null;
  let first: string | null = null;
  for (const m of found) {
    const at = m.index ?? 0;
    let before = lower.slice(Math.max(0, at - 60), at);
    const breaks = [...before.matchAll(CLAUSE_BREAK)];
    if (breaks.length > 0) { const last = breaks[breaks.length - 1]!; before = before.slice((last.index ?? 0) + last[0].length); }
    const denial = DENIAL_BEFORE.exec(before);
    if (!denial) return null;
    first ??= `${denial[0]}${m[0]}`.trim();
  }
  return first;
}
