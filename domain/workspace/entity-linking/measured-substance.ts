// A substance named as something measured or as a test, not as something given (issue 28): "serum creatinine",
// "total cholesterol", "blood urea nitrogen", "oxygen saturation", "reactive oxygen species", "volume of oxygen",
// "albumin-to-creatinine ratio", "high-density lipoprotein cholesterol", "glucose-lowering", "cortisol excess",
// "insulin secretion/resistance", "calcium channel blocker", "methacholine provocation/challenge",
// "gadobenate-enhanced MRI", "mg/g creatinine", "cholesterol acyltransferase". Such a mention links nothing, in the manner of the composite-score rule
// (context.ts); a record that also names the substance as given still links it there.
// The cue words are the analyte and test vocabulary of clinical chemistry reports, not a list of substances.
import type { Word } from './text';

/** A specimen or lipid fraction right before the mention: "serum creatinine", "LDL-cholesterol". */
const SPECIMEN_BEFORE: ReadonlySet<string> = new Set([
  'serum', 'plasma', 'blood', 'urinary', 'urine', 'fasting', 'total', 'ldl', 'hdl', 'vldl', 'lipoprotein', 'salivary',
  // "blood urea nitrogen": the analyte's name holds a second substance word
  'urea',
]);

/** A measurement or test word right after the mention: "creatinine clearance", "methacholine challenge". */
const MEASURE_AFTER = /^(?:\s+|\s*-\s*)(?:levels?|concentrations?|clearance|ratio|saturation|excretion|intake|consumption|uptake|species|provocations?|challenges?|enhanced|enhancement|channels?|nitrogen|tension|desaturation|excess|deficiency|samples?|assays?|measurements?|values|secretion|production|sensitivity|resistance|homeostasis|metabolism|lowering)\b/i;

/** An enzyme named after its substrate: "lecithin cholesterol acyltransferase", "creatine kinase", "glucose oxidase". */
const ENZYME_AFTER = /^(?:\s+|\s*-\s*)\w*(?:transferase|kinase|oxidase|reductase|synthase|synthetase|dehydrogenase|hydrolase|esterase|lyase|isomerase|ligase|peroxidase|phosphatase|carboxylase|hydroxylase)s?\b/i;

/** A unit "per substance": "mg/g creatinine", "mmol/mol creatinine". */
const PER_UNIT_BEFORE = /^(?:[µu]?g|mg|ng|mmol|[µu]mol|mol|l|dl|ml)$/i;

/** "X of <substance>": "volume of oxygen", "levels of cholesterol". */
const MEASURE_OF: ReadonlySet<string> = new Set([
  'volume', 'uptake', 'consumption', 'level', 'levels', 'concentration', 'concentrations', 'intake', 'excretion',
  'clearance', 'saturation',
]);

/** The mention spanning words first..last names a measured analyte or a test agent. */
export function namesMeasuredSubstance(text: string, words: readonly Word[], first: number, last: number): boolean {
  const before = words[first - 1];
  const gap = words[first]!.gap;
  const sameSentence = before !== undefined && before.sentence === words[first]!.sentence;
  // "HDL-cholesterol", "high-density lipoprotein (HDL)-cholesterol"
  if (sameSentence && /^\)?[\s-]*$/.test(gap) && SPECIMEN_BEFORE.has(before.text.toLowerCase())) return true;
  if (sameSentence && /^\s+$/.test(gap) && PER_UNIT_BEFORE.test(before.text) && /\//.test(words[first - 1]!.gap)) return true;
  const after = text.slice(words[last]!.end, words[last]!.end + 30);
  if (ENZYME_AFTER.test(after)) return true;
  const beforeOf = words[first - 2];
  if (sameSentence && /^\s+$/.test(gap) && before.text.toLowerCase() === 'of' && beforeOf && MEASURE_OF.has(beforeOf.text.toLowerCase())) return true;
  return MEASURE_AFTER.test(after);
}
