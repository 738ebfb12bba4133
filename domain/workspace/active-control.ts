// A null result between active treatments (pure): the article names two or more drugs, has no placebo-type
// control anywhere in its text, and its null sentence compares groups ("no significant difference between the
// treatment groups", "both ... produced a similar effect", "equally improve"). It says the drug did no better
// than another active treatment, not that it does nothing in the disease: an active-control trial without a
// placebo arm cannot show absence of effect (ICH E10, "Choice of Control Group and Related Issues in Clinical
// Trials", 2000, §1.5 and §2.5: assay sensitivity). Such a null reads "studied, no better than the comparator"
// (associated_with), as a null against a comparator the sentence names already does (effect-outcome.ts).
// A within-group statement ("rituximab did not improve renal outcomes") is not a comparison and still
// contradicts. "Double-dummy" is an active-control design, so "dummy" is not a placebo-type control here.
const PLACEBO_TYPE_CONTROL = /\b(?:placebos?|sham|vehicle|usual care|standard care|no treatment|untreated|no[- ]intervention|wait(?:ing)?[- ]?list)\b/i;
const BETWEEN_GROUPS = /\b(?:between|similar(?:ly)?|comparable|equally|equivalen(?:t|ce)|non-?inferior(?:ity)?|both|versus|vs\.?|groups|arms|either)\b/i;

export function nullBetweenActiveTreatments(recordText: string, drugsNamed: number, nullSentence: string): boolean {
  return drugsNamed >= 2 && !PLACEBO_TYPE_CONTROL.test(recordText) && BETWEEN_GROUPS.test(nullSentence);
}
