// A pharmacokinetic, bioavailability or bioequivalence study (issue 28): it measures what the body does to the
// drug (exposure: AUC, Cmax, half-life), usually in healthy volunteers, not whether the drug works in the
// disease, so its results count neither for nor against the drug's efficacy. Such studies name their design in
// the title (the terms of 21 CFR 320.1 and FDA's guidance "Bioavailability Studies Submitted in NDAs or INDs",
// 2022: bioavailability, bioequivalence, pharmacokinetics; drug–drug interaction and food-effect studies are
// pharmacokinetic studies too). A title that also names efficacy or a clinical outcome is not a PK study only.
const PK_DESIGN = /\b(?:pharmacokinetics?|bioequivalen(?:ce|t)|bioavailability|drug[- ]drug interactions?|food[- ]effect)\b/i;
const CLINICAL_AIM = /\b(?:efficacy|effectiveness|efficacious|clinical (?:response|outcomes?|benefit)|remission|disease activity)\b/i;

/** The record's title declares a pharmacokinetic/bioequivalence study without an efficacy aim. */
export function isPharmacokineticStudy(title: string): boolean {
  return PK_DESIGN.test(title) && !CLINICAL_AIM.test(title);
}

export const PHARMACOKINETIC_STATEMENT = 'pharmacokinetic/bioequivalence study: measures exposure to the drug, not its efficacy in the disease';
