// A substance named as something measured or as a test, not as something given (issue 28): "serum creatinine",
// "total cholesterol", "blood urea nitrogen", "oxygen saturation", "reactive oxygen species", "volume of oxygen",
// "albumin-to-creatinine ratio", "high-density lipoprotein cholesterol", "glucose-lowering", "cortisol excess",
// "insulin secretion/resistance", "calcium channel blocker", "methacholine provocation/challenge",
// "gadobenate-enhanced MRI", "mg/g creatinine", "cholesterol acyltransferase", "methacholine reactivity". Such a mention links nothing, in the manner of the composite-score rule
// (context.ts); a record that also names the substance as given still links it there.
// The cue words are the analyte and test vocabulary of clinical chemistry reports, not a list of substances.
import type { Word } from './text';

/** A specimen or lipid fraction right before the mention: "serum creatinine", "LDL-cholesterol". */
/**
 * The agent of a bronchial challenge: "measuring airway hyperresponsiveness using methacholine" (PMC1326200),
 * "airway hyperresponsiveness to methacholine", "bronchial reactivity to histamine".
 */
const CHALLENGE_BEFORE = /\b(?:hyper)?(?:responsiveness|reactivity|provocation|challenge)\s+(?:\w+\s+)?(?:using|with|to)\s+$/i;

const SPECIMEN_BEFORE: ReadonlySet<string> = new Set([
  'serum', 'plasma', 'blood', 'urinary', 'urine', 'fasting', 'total', 'ldl', 'hdl', 'vldl', 'lipoprotein', 'salivary',
  // "blood urea nitrogen": the analyte's name holds a second substance word
  'urea',
]);

/** A measurement or test word right after the mention: "creatinine clearance", "methacholine challenge". */
const MEASURE_AFTER = /^(?:\s+|\s*-\s*)(?:levels?|concentrations?|clearance|ratio|saturation|excretion|intake|consumption|uptake|species|provocations?|challenges?|reactivity|responsiveness|hyperresponsiveness|enhanced|enhancement|channels?|nitrogen|tension|desaturation|excess|deficiency|samples?|assays?|measurements?|values|secretion|production|sensitivity|resistance|homeostasis|metabolism|lowering)\b/i;

/** An enzyme named after its substrate: "lecithin cholesterol acyltransferase", "creatine kinase", "glucose oxidase". */
const ENZYME_AFTER = /^(?:\s+|\s*-\s*)\w*(?:transferase|kinase|oxidase|reductase|synthase|synthetase|dehydrogenase|hydrolase|esterase|lyase|isomerase|ligase|peroxidase|phosphatase|carboxylase|hydroxylase)s?\b/i;

/** A unit "per substance": "mg/g creatinine", "mmol/mol creatinine". */
const PER_UNIT_BEFORE = /^(?:[µu]?g|mg|ng|mmol|[µu]mol|mol|l|dl|ml)$/i;

/** "X of <substance>": "volume of oxygen", "levels of cholesterol". */
const MEASURE_OF: ReadonlySet<string> = new Set([
  'volume', 'uptake', 'consumption', 'level', 'levels', 'concentration', 'concentrations', 'intake', 'excretion',
  'clearance', 'saturation',
]);

/**
 * An item after the first of a list of measured analytes: "Serum levels of 25-hydroxy-D (25-OH-D), calcium, PTH and
 * IL-17 were measured" (issue 28: calcium and parathyroid hormone were multiple sclerosis candidates). The list runs
 * from "levels/concentrations of" through comma-separated items of at most 40 characters; a list of "laboratory
 * values, including ..." from its first item (glucose read as Dextrose in an asthma trial's safety results).
 */
const MEASURED_LIST_BEFORE = /\b(?:levels?|concentrations?)\s+of\s+(?:[^,;.()]{1,40}(?:\([^()]{1,20}\))?\s*,\s*)+(?:and\s+)?$/i;
/** Any item of a list of laboratory values: "no clinically relevant effects on laboratory values, including glucose and potassium". */
const LAB_LIST_BEFORE = /\b(?:laboratory|lab|biochemical|safety)\s+(?:values|parameters|tests|variables)\s*,?\s*(?:including|such\s+as)\s+(?:[^,;.()]{1,40}\s*,\s*)*(?:[^,;.()]{1,40}\s+(?:and|or)\s+)?$/i;

/**
 * An infusion fluid or a solvent, not a treatment: "100 CC of 5% dextrose water" (the placebo infusion of a
 * mitoxantrone trial), "dextrose in water", "water for injection"; what something is "dissolved/diluted/suspended
 * in" ("cocoa powder dissolved in 250 ml of boiling water"). Issue 28: Dextrose and Water were candidates.
 */
const INFUSION_FLUID = /(?:\d+(?:\.\d+)?\s*%\s*)?\b(?:dextrose|glucose)\s+(?:in\s+)?(?:water|saline)\b|\b(?:sterile\s+)?water\s+for\s+injection\b/gi;
const SOLVENT_BEFORE = /\b(?:dissolved|diluted|suspended|reconstituted)\s+(?:in|with)\s+(?:\d+(?:\.\d+)?\s*(?:ml|l|cc)\s+(?:of\s+)?)?(?:boiling\s+|warm\s+|hot\s+|cold\s+|sterile\s+|distilled\s+)?$/i;

/**
 * Water as a setting, an exposure or a drink, not a treatment (issue 28: Water was an asthma, rheumatoid arthritis and
 * type 2 diabetes candidate): "exercises in heated water" (PMC1821024), "reduction of water infiltration, removal of
 * water-damaged building materials" (PMC1626393), "the same de-alcoholized beverages or water" (PMC2681019).
 */
const WATER_SETTING_BEFORE = /\b(?:heated|warm|hot|cold|tap|drinking|mineral|sea|bottled|plain|pool)\s+$|\b(?:beverages?|drinks?|juices?|milk|coffee|tea)\s+(?:or|and|vs\.?|versus)\s+$/i;
const WATER_SETTING_AFTER = /^(?:\s+|\s*-\s*)(?:damaged|damage|infiltration|leaks?|leakage|intrusion|immersion|exercises?|based|pools?)\b/i;

function namesWaterSetting(text: string, start: number, end: number): boolean {
  if (text.slice(start, end).toLowerCase() !== 'water') return false;
  return WATER_SETTING_BEFORE.test(text.slice(Math.max(0, start - 40), start)) || WATER_SETTING_AFTER.test(text.slice(end, end + 30));
}

/**
 * "X-induced ...": X is what brought the condition on, not a treatment of it ("methacholine-induced severe
 * bronchoconstriction in adults with asthma", PMC1713239: methacholine, a challenge agent, was an asthma candidate).
 */
const INDUCED_AFTER = /^\s*-\s*induced\b/i;

/**
 * Another molecule or a drug class named after the substance (issue 28, type 2 diabetes candidates): "the glucagon
 * like peptide-1 analogue liraglutide" (PMC5759220) and "glucagon-like peptide-1" name GLP-1, not glucagon; "insulin-like
 * growth factor" is IGF; "alpha-glucosidase inhibitor" (PMC4149239) names the acarbose class, not the enzyme
 * alglucosidase alfa; "renin-angiotensin-aldosterone system (RAAS) inhibition" (PMC3816860) and "angiotensin II receptor
 * blockers" name no angiotensin II given; "a dopamine agonist" is not dopamine; "Lactic acid-producing bacteria (LAB)
 * probiotics" (PMC2826289, rheumatoid arthritis) give bacteria, not lactic acid.
 */
const OTHER_MOLECULE_AFTER = /^(?:\s+|\s*-\s*)(?:like\s+(?:peptides?|growth\s+factors?|proteins?|receptors?)|(?:(?:type\s+\d\s+)?receptors?\s+|[\w-]+\s+system\s+(?:\([^()]{1,10}\)\s+)?)(?:inhibitors?|inhibition|blockers?|blockade|antagonists?|agonists?)|(?:inhibitors?|blockers?|antagonists?|agonists?|analogues?|analogs?)|producing)\b/i;

/**
 * A sentence about a test's diagnostic accuracy names tests, not treatments: "The specificities of late-night salivary
 * cortisol (cutoff 10 nmol/L), 24hr UFC (400 nmol) and 1mg DST (50 nmol/L) were 70% ..." (PMID 22522271, type 2
 * diabetes: "DST", a dexamethasone suppression test, linked DrugBank's dihydrostreptomycin).
 */
const DIAGNOSTIC_ACCURACY_BEFORE = /\b(?:sensitivit(?:y|ies)|specificit(?:y|ies)|diagnostic\s+accuracy|(?:positive|negative)\s+predictive\s+values?)\s+of\b/i;

/** The mention from `start` to `end` is (part of) an infusion fluid or the solvent of something given. */
function namesVehicle(text: string, start: number, end: number): boolean {
  for (const fluid of text.matchAll(INFUSION_FLUID)) if (fluid.index! <= start && end <= fluid.index! + fluid[0].length) return true;
  return SOLVENT_BEFORE.test(text.slice(Math.max(0, start - 60), start));
}

/** The text of the mention's sentence before it. */
function sentenceBefore(text: string, words: readonly Word[], first: number): string {
  let s = first;
  while (s > 0 && words[s - 1]!.sentence === words[first]!.sentence) s--;
  return text.slice(words[s]!.start, words[first]!.start);
}

/** The mention spanning words first..last names a measured analyte, a test agent, a vehicle, a cause ("X-induced") or water as a setting. */
export function namesMeasuredSubstance(text: string, words: readonly Word[], first: number, last: number): boolean {
  if (namesVehicle(text, words[first]!.start, words[last]!.end)) return true;
  if (namesWaterSetting(text, words[first]!.start, words[last]!.end)) return true;
  if (INDUCED_AFTER.test(text.slice(words[last]!.end, words[last]!.end + 12))) return true;
  if (OTHER_MOLECULE_AFTER.test(text.slice(words[last]!.end, words[last]!.end + 60))) return true;
  const sentence = sentenceBefore(text, words, first);
  if (MEASURED_LIST_BEFORE.test(sentence) || LAB_LIST_BEFORE.test(sentence) || DIAGNOSTIC_ACCURACY_BEFORE.test(sentence)) return true;
  if (CHALLENGE_BEFORE.test(sentence.slice(-80))) return true;
  const before = words[first - 1];
  // "anti-histamine treatment" (PMC4877819: histamine was a multiple sclerosis and rheumatoid arthritis candidate):
  // a drug acting against the substance, not the substance.
  if (before !== undefined && before.sentence === words[first]!.sentence && /^\s*-\s*$/.test(words[first]!.gap) && before.text.toLowerCase() === 'anti') return true;
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

/**
 * A drug the text calls a test: "inhaled dry powder mannitol as a bronchial provocation test", "Inhaled mannitol is a
 * new bronchial provocation test (BPT)" (PMC1326200: mannitol was an asthma candidate); "a full dose of gadobenate
 * dimeglumine for assessing synovial enhancement" (PMID 23449952, rheumatoid arthritis). Such a record studies a
 * diagnostic agent, not a treatment: none of the drug's mentions in it link (link-entities.ts).
 */
const CALLED_A_TEST_AFTER = /^\s+(?:(?:is\s+an?|as\s+an?)\s+(?:[\w-]+\s+){0,3}(?:provocation|challenge|diagnostic|screening|stimulation|suppression|contrast)\s+(?:tests?|agents?|media|medium)\b|for\s+(?:assessing|imaging|measuring|detecting|visuali[sz]ing)\b)/i;

export function calledATest(text: string, words: readonly Word[], last: number): boolean {
  return CALLED_A_TEST_AFTER.test(text.slice(words[last]!.end, words[last]!.end + 80));
}
