// The words that say which way, whether and how sure a trial result went (pure). Matched on the lowercased
// evidence; each list is the rule reader's vocabulary and a feature group of the learned reader.

export const INCREASE = /\b(?:increas\w*|higher|greater|more|larger|longer|elevat\w*|rais\w*|improv\w*|gain\w*|rise|rose|prolong\w*|enhanc\w*|superior|exceed\w*|augment\w*|boost\w*)\b/g;
export const DECREASE = /\b(?:decreas\w*|lower\w*|less|fewer|smaller|shorter|reduc\w*|declin\w*|fell|fall|drop\w*|diminish\w*|attenuat\w*|inferior|suppress\w*|lessen\w*|shorten\w*|alleviat\w*|prevent\w*|relie\w*)\b/g;
export const NO_DIFFERENCE = /\b(?:no (?:statistically )?significant|not (?:statistically )?significant\w*|non-?significant\w*|insignificant\w*|did not (?:\w+ )?(?:differ|change|affect|improve|reduce|increase|decrease|alter|influence|show|reach)|no (?:\w+ )?(?:difference|differences|change|changes|effect|effects|benefit|association)|similar|comparable|equivalen\w*|non-?inferior\w*|were not|was not|n\.?s\.?|unchanged|neither|nor|failed to|no longer)\b/g;
export const SIGNIFICANT_WORD = /\b(?:significant(?:ly)?|statistically)\b/g;
export const TREND = /\btrends?\b|\btended\b|\btendency\b|\bborderline\b|\bmarginal(?:ly)?\b/;
export const NON_INFERIORITY = /\bnon-?inferior\w*|\bnoninferior\w*|\bequivalen\w*/i;
/** An explicit statement that the groups did not differ: "no significant difference between the groups". */
export const BETWEEN_GROUPS_NULL = /\b(?:no|without|not)\b[^.;]{0,40}\bdiffer\w*[^.;]{0,40}\b(?:between|among|across)\b[^.;]{0,30}\b(?:groups|arms|treatments)\b/;
export const COMPARISON = /\b(?:than|compared (?:with|to)|versus|vs\.?|relative to|over)\b/g;
export const NEGATION = /\b(?:no|not|nor|neither|without|failed|did not|does not|was not|were not)\b/;

/** Every match of a global pattern (the patterns above are all /g; matchAll does not share lastIndex). */
export function matches(text: string, re: RegExp): string[] {
  if (!re.global) throw new Error('matches() needs a global pattern');
  return [...text.matchAll(re)].map((m) => m[0]);
}
