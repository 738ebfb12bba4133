// The name a researcher reads for a compound only ChEMBL knows (no exact DrugBank join: its node stays
// CHEMBL:<id>). ChEMBL writes pref_name in upper case ("ETANERCEPT", "INTERFERON ALFA-2B"); the WHO INN
// convention that DrugBank and the literature follow writes names in lower case, capitalised at the start of
// a label ("Etanercept", "Interferon alfa-2b"). Sponsor code names ("ABT-199", "INCB018424"), Roman
// numerals ("FACTOR VIII") and lone letters ("AMPHOTERICIN B") keep their capitals. The CURIE is untouched; ChEMBL's spelling stays a synonym.
// Checked on the real files against DrugBank's own spelling of the names both list (test/biomed).

/** A sponsor code: a letter prefix then three or more digits ("ABT-199", "GSK2586184", "AZD1480", "MK-0873"). */
const CODE_NAME = /^[A-Z]{1,6}-?\d{3,}[\dA-Z-]*$/;
/** A lone letter names a kind or a vitamin ("AMPHOTERICIN B", "VITAMIN E", "BOTULINUM TOXIN TYPE A"). */
const LETTER = /^[A-Z]$/;
const ROMAN = /^(?:I{1,3}|IV|VI{0,3}|IX|XI{0,3})$/;

/** True when ChEMBL's convention (all capitals) is what the name is in: only such names are converted. */
export function isChemblUpperCase(name: string): boolean {
  return /[A-Z]/.test(name) && name === name.toUpperCase();
}

/** ChEMBL's upper-case pref_name in the INN case convention; any other name is returned as it is. */
export function chemblDisplayName(name: string): string {
  if (!isChemblUpperCase(name)) return name;
  const words = name.trim().split(/(\s+)/).map((token) => (/^\s+$/.test(token) || CODE_NAME.test(token) || ROMAN.test(token) || LETTER.test(token) ? token : token.toLowerCase()));
  const joined = words.join('');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}
