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

// A null between two doses of the drug ("CZP 200 mg every 2 weeks and 400 mg every 4 weeks were comparable") says one
// dose did no better than the other, not that the drug does nothing: a dose-comparison is no control for efficacy
// (ICH E4, "Dose-Response Information to Support Drug Registration", 1994, §3: without a placebo arm, similar
// responses at two doses do not show that either works). Read as "studied" (associated_with), as an active control.
const DOSE = /\b(\d+(?:\.\d+)?)\s*(?:mg(?:\/kg)?|µg|mcg|g|IU|units?)\b/gi;
const DOSES_COMPARED = /\b(?:similar(?:ly)?|comparable|equally|equivalen(?:t|ce)|did not differ|no (?:significant )?difference)\b/i;

// Two doses side by side: "200 mg every 2 weeks and 400 mg every 4 weeks", "10 mg or 20 mg" (schedule words between).
const TWO_DOSES = /\b(\d+(?:\.\d+)?)\s*(?:mg(?:\/kg)?|µg|mcg|g|IU|units?)\b(?:\s+(?:every|once|twice|daily|weekly|monthly|bid|tid|q\w{1,4}|a|per|day|week|weeks|days|months?|\d+))*\s*(?:,|and|or|vs\.?|versus)\s+(\d+(?:\.\d+)?)\s*(?:mg(?:\/kg)?|µg|mcg|g|IU|units?)\b/i;

export function nullBetweenDoses(nullSentence: string): boolean {
  const m = TWO_DOSES.exec(nullSentence);
  return m !== null && m[1] !== m[2] && DOSES_COMPARED.test(nullSentence);
}

/**
 * A null sentence that itself compares two of the record's active drugs ("Both SFC and FBC produced a similar
 * sustained bronchodilator effect") and names no placebo-type control: a comparison between actives, even in a trial
 * that also had a placebo arm (ICH E10 §2.5, as above). `drugNames`: each drug's names (and the abbreviation the
 * record defines for it).
 */
export function nullNamingTwoActives(nullSentence: string, drugNames: readonly (readonly string[])[]): boolean {
  if (PLACEBO_TYPE_CONTROL.test(nullSentence) || !BETWEEN_GROUPS.test(nullSentence)) return false;
  const named = drugNames.filter((names) => names.some((n) => n.trim().length >= 3 && new RegExp(`(?:^|[^A-Za-z0-9])${n.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^A-Za-z0-9])`, 'i').test(nullSentence)));
  return named.length >= 2;
}
