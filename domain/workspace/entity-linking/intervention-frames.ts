// Whether a drug mention names something given — the record's intervention — rather than something measured,
// eaten, used as a test, or only named (issue 28). Following the PICO intervention definition of the EBM-NLP
// corpus (Nye et al., "A Corpus with Multi-Level Annotations of Patients, Interventions and Outcomes to Support
// Language Processing for Medical Literature", ACL 2018, annotation guidelines: an intervention is a treatment
// or procedure the participants receive, the control included), and the cue-phrase approach of rule-based
// intervention extractors (Demner-Fushman and Lin, "Answering Clinical Questions with Knowledge-Based and
// Statistical Techniques", Comput Linguist 2007;33:63-103), a drug is an intervention of a record only where the
// text frames one of its mentions as administered or tested:
//  - a dose or schedule next to it ("metformin 1000 mg", "10 mg/kg tocilizumab", "liraglutide once daily";
//    a concentration, "1.2 mg/dL", is a lab value, not a dose);
//  - an administration or evaluation cue before it, through a list ("treated with", "received", "randomised to",
//    "effects of acarbose and metformin", "efficacy and safety of", "addition of", "supplementation with");
//  - an intervention noun or verb after it ("X therapy", "X group", "X tablets", "X was given", "X versus",
//    "X or placebo", "X-treated", "X was evaluated");
//  - the agent of an effect verb ("metformin lowered urea levels", "Raloxifene Prevents Skeletal Fragility");
//  - a description as a drug ("Denosumab, a human monoclonal antibody", "the DPP-4 inhibitor sitagliptin");
//  - a title naming it as its topic ("Tofacitinib in adults with ...", "Empagliflozin: Role in ...").
// A drug with no such mention is only named (measured, a diet or challenge agent, an endogenous compound the
// abstract discusses): it is no entity of the record.
import type { Word } from './text';

/** Dose units (amounts given); a unit per volume ("mg/dL", "mmol/L") is a concentration, read as a lab value. */
const DOSE = /^\s*(?:\(\s*)?(?:\d+(?:[.,]\d+)?\s*(?:-|to|or|\/)\s*)*\d+(?:[.,]\d+)?\s*-?\s*(?:(?:mg|mcg|microg|mug|[µu]g|iu)\b(?!\s*\/\s*(?:d?l|ml|dl|mmol|g|mol)\b)|(?:u|units?)\b)/i;
const DOSE_BEFORE = /\b\d+(?:[.,]\d+)?\s*-?\s*(?:mg|mcg|microg|mug|[µu]g|iu|units?)(?:\s*\/\s*(?:kg|day|d|week|m2))?\s+(?:of\s+)?(?:oral\s+|intravenous\s+|subcutaneous\s+|inhaled\s+)?$/i;
/** A topical strength: "Betamethasone Valerate 0.1% Cream". */
const STRENGTH_AFTER = /^\s*\d+(?:\.\d+)?\s*%\s*(?:w\/w\s+)?(?:cream|ointment|gel|foam|lotion|solution|spray|eye\s+drops)\b/i;
/** A harm or arm named after the drug: "belimumab-related infections", "GSK457-treated group". */
const HYPHEN_AFTER = /^-(?:related|associated|treated|based|containing)\b/i;
const SCHEDULE_AFTER = /^\s*(?:\([^()]{0,30}\)\s*)?(?:,\s*)?(?:once|twice|three times|every|q\.?d|b\.?i\.?d|t\.?i\.?d|daily|weekly|monthly|orally|subcutaneously|intravenously|by mouth)\b/i;

/** Cues before the mention: what the participants were given, or what the study tested. */
const CUE_BEFORE: readonly string[] = [
  'treated with', 'treatment with', 'therapy with', 'treating with', 'received', 'receive', 'receiving', 'given',
  'administered', 'administration of', 'randomized to', 'randomised to', 'randomly assigned to', 'allocated to',
  'assigned to', 'switched to', 'switching to', 'switch to', 'addition of', 'adding', 'add', 'initiation of',
  'initiating', 'starting', 'started', 'infusion of', 'infusions of', 'injection of', 'injections of', 'dose of',
  'doses of', 'supplementation with', 'supplemented with', 'supplementation of', 'supplement of', 'use of', 'effect of',
  'effects of', 'efficacy of', 'safety of', 'tolerability of', 'benefit of', 'benefits of', 'impact of', 'trial of',
  'study of', 'combination of', 'combined with', 'plus', 'with or without', 'intensification with',
  'monotherapy with', 'prescribed', 'prescription of', 'users of', 'evaluated', 'compared', 'comparing',
  'combination with', 'in combination with', 'strength of', 'formulation of', 'regimen of', 'regimens of', 'took',
  'target of', 'after', 'inhaled', 'nebulised', 'nebulized', 'injected', 'infused', 'oral', 'intravenous',
  'subcutaneous', 'topical', 'intranasal',
];

/** Words a cue's scope runs back through: other drugs, list words, doses, routes. */
const THROUGH: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'and', 'or', 'plus', 'low', 'high', 'dose', 'dry', 'powder', 'extrafine', 'once', 'twice', 'daily', 'weekly', 'either', 'both', 'single', 'multiple', 'mg', 'with', 'of', 'fixed',
  'such', 'as', 'including', 'like', 'e', 'g',
]);

/** What follows a mention that is given: an intervention noun, a comparison, an administration verb. */
const AFTER = /^(?:\s+\w+(?:ide|ate|ium)\b)?(?:\s*\([^()]{0,40}\))?(?:\s*,\s*)?(?:\s+\w+(?:ide|ate|ium)\b)?(?:\s+(?:aerosol|extended-release|modified-release|sustained-release|fixed-dose|low-dose|high-dose|stable-dose|once-daily|twice-daily|once-weekly|oral|topical|inhaled))?\s*-?\s*(?:(?:add-on|intervention|safety|efficacy|trials?|pharmacokinetics|pharmacodynamics|bioavailability|bioequivalence|foam|solution|suspension|pmdi|mdi|dpi|inhalers?|nebuli[sz]ed|nebuli[sz]er|spray|patch|cream|ointment|gel|eye\s+drops|or\s+(?:standard|usual|conventional)\s+(?:care|therapy|treatment)|treatment|treatments|therapy|therapies|monotherapy|group|groups|arm|arms|tablets?|capsules?|pills?|infusions?|injections?|injectable|supplementation|supplements?|administration|doses?|dosing|regimens?|use|users|intake\s+group|treated|based\s+(?:therapy|regimen|treatment)|plus|combination|versus|vs|compared|or\s+placebo|and\s+placebo|or\s+matching\s+placebo|in\s+combination|added|alone|initiation|intensification|exposure\s+group|injection|pen|formulation)\b|(?:was|were|is|are|being|has\s+been|have\s+been)\s+(?:\w+\s+)?(?:given|administered|added|started|initiated|evaluated|tested|investigated|studied|used|prescribed|continued|compared|inhaled|injected|infused|ingested|applied|taken|delivered|effective|efficacious|superior|non-?inferior|safe|well\s+tolerated|associated\s+with\s+(?:a\s+|an\s+)?(?:improve|reduc|lower|better|greater|fewer|less|more|decreas|increas)))/i;

/**
 * Effect verbs whose agent is the intervention ("metformin lowered urea levels", "salbutamol reversed the fall"),
 * used transitively: "glucose increased by 2 mmol/L" reports a measured change, not an agent.
 */
const AGENT_VERB = /^(?:\s*\([^()]{0,40}\))?(?:\s*,[^,;.]{0,80},)?\s+(?:also\s+|significantly\s+|further\s+|markedly\s+|did\s+not\s+|does\s+not\s+|may\s+|can\s+|could\s+)?(?:reduc|lower|improv|increas|decreas|rais|revers|prevent|inhibit|block|suppress|attenuat|amelior|enhanc|restor|protect|delay|slow|normaliz|normalis|target|bind|stimulat|activat|deplet|neutraliz|neutralis|antagoniz|mitigat|abolish|prolong|halt|outperform)\w*\s+(?!(?:by|from|to|in|at|with|after|during|over|under|significantly|slightly|markedly|modestly|similarly|more|less|than|between|among|across|when|while|and|or|but|as|for|on)\b)\w/i;
/** A purpose: "linagliptin to lower albuminuria". */
const PURPOSE_AFTER = /^\s+to\s+(?:lower|reduce|improve|prevent|treat|control|decrease|increase|slow|delay)\b/i;
/** An arm: "metformin (n = 112)", "MTX + adalimumab (arm 2)". */
const ARM_COUNT = /^\s*\(\s*(?:n\s*=\s*\d+|arm\b|group\b)/i;

/** A description as a drug: "Denosumab, a human monoclonal antibody", "Sarilumab is a ... antibody". */
const DESCRIBED_AFTER = /^(?:\s*\([^()]{0,40}\))?\s*(?:,\s*|\s+(?:is|was)\s+(?:also\s+)?)(?:a|an|the)\s+[^,;.]{0,80}?\b(?:antibody|antibodies|inhibitor|antagonist|agonist|analogue|analog|drug|agent|blocker|modulator|sensitizer|sensitiser|activator|medication|medicine|fusion\s+protein|immunomodulator|biologic|biosimilar|prodrug|formulation|insulin|statin|steroid|corticosteroid|glucocorticoid|bronchodilator|vaccine|sulphonylurea|sulfonylurea)s?\b/i;
/**
 * A drug class before the mention, or a list it heads: "the DPP-4 inhibitor sitagliptin", "immunomodulators, such
 * as laquinimod, ozanimod ...", "combination products, salmeterol/fluticasone propionate".
 */
const CLASS_WORD = /^(?:inhibitors?|antagonists?|agonists?|analogues?|analogs?|antibody|antibodies|agents?|blockers?|modulators?|immunomodulators?|sensiti[sz]ers?|sulpho?nylureas?|sulfonylureas?|statins?|biologics?|biosimilars?|insulins?|bronchodilators?|corticosteroids?|drugs?|medications?|products?|therapies|treatments)$/i;

/** A title opening on the drug: "Belimumab in SLE", "Droxidopa for neurogenic orthostatic hypotension". */
const TITLE_OPENING_AFTER = /^(?:\s*\([^()]{0,40}\))?\s+(?:in|for)\s+\w/i;
/** A title (or a sentence opening on the drug) naming it as its topic: "Tofacitinib in adults with ...", "Empagliflozin: Role in ...". */
const TITLE_TOPIC_AFTER = /^(?:\s*\([^()]{0,40}\))?\s*(?::|\s+(?:in|for)\s+(?:the\s+)?(?:treatment|patients|adults|children|subjects|people|women|men|individuals|early|active|moderate|severe|established|japanese|chinese|type|rheumatoid|systemic|multiple|parkinson|psoria|asthma|chronic|ulcerative|crohn|lupus|inflammatory|obese|overweight|elderly|older|youth))/i;

function cueEndsAt(ws: readonly Word[], p: number): boolean {
  const lower = (i: number) => ws[i]?.text.toLowerCase() ?? '';
  for (const cue of CUE_BEFORE) {
    const parts = cue.split(' ');
    const start = p - parts.length + 1;
    if (start >= 0 && parts.every((w, k) => lower(start + k) === w) && ws[start]!.sentence === ws[p]!.sentence) return true;
  }
  return false;
}

/**
 * An administration or evaluation cue before the mention, through list words and other drug names: "effects of
 * acarbose and metformin", "randomised to 5 mg tofacitinib". "and"/"or" count only after another given drug
 * ("sitagliptin or placebo" reads both; "glucose and cholesterol" neither): the list's first item must be framed.
 */
function cueBefore(ws: readonly Word[], first: number, drugWords: ReadonlySet<number>, inTitle: boolean): boolean {
  for (let p = first - 1; p >= 0 && first - p <= 10 && ws[p]!.sentence === ws[first]!.sentence; p--) {
    const gap = ws[p + 1]!.gap;
    if (/[;:()]/.test(gap) && !(CLASS_WORD.test(ws[p]!.text) && /^\s*:\s*$/.test(gap))) return false;
    const word = ws[p]!.text.toLowerCase();
    if (word !== 'and' && word !== 'or' && (cueEndsAt(ws, p) || CLASS_WORD.test(word))) return true;
    // A title's "with X" names its intervention: "Heart failure outcomes with empagliflozin in patients ...".
    if (inTitle && word === 'with') return true;
    if (drugWords.has(p) || THROUGH.has(word) || /^\d+$/.test(word)) continue;
    return false;
  }
  return false;
}

/**
 * A joint between items of one combination: "beclometasone/formoterol", "MTX + adalimumab", "A, B and C". A
 * combination joined by "plus" or "+" names a regimen ("simvastatin plus fenofibrate"): given.
 */
const COMBINATION_GAP = /^\s*\)?\s*(?:\/|\+|-|,)\s*$/;

/**
 * The mention with the drugs combined with it ("salmeterol/fluticasone propionate (SFC)", "MTX + adalimumab"): the
 * combination's frame is each item's ("beclometasone/formoterol (200/6 microg)" gives both).
 */
function combinationSpan(ws: readonly Word[], first: number, last: number, drugWords: ReadonlySet<number>): [number, number, boolean] {
  const joins = (i: number) => COMBINATION_GAP.test(ws[i]!.gap);
  const plus = (i: number) => /^\s*\+\s*$/.test(ws[i]!.gap);
  let a = first;
  let b = last;
  let regimen = false;
  for (;;) {
    if (drugWords.has(b + 1) && joins(b + 1) && ws[b + 1]!.sentence === ws[b]!.sentence) regimen ||= plus(b + 1), b++;
    else if (['and', 'plus'].includes(ws[b + 1]?.text.toLowerCase() ?? '') && drugWords.has(b + 2)) regimen ||= ws[b + 1]!.text.toLowerCase() === 'plus', b += 2;
    else break;
    while (drugWords.has(b + 1) && ws[b + 1]!.gap === ' ') b++;
  }
  for (;;) {
    if (drugWords.has(a - 1) && joins(a) && ws[a - 1]!.sentence === ws[a]!.sentence) regimen ||= plus(a), a--;
    else if (['and', 'plus'].includes(ws[a - 1]?.text.toLowerCase() ?? '') && drugWords.has(a - 2)) regimen ||= ws[a - 1]!.text.toLowerCase() === 'plus', a -= 2;
    else break;
    while (drugWords.has(a - 1) && ws[a]!.gap === ' ') a--;
  }
  return [a, b, regimen];
}

/** Whether the drug mention spanning words first..last of text is framed as given or tested. */
export function framedAsGiven(text: string, ws: readonly Word[], mentionFirst: number, mentionLast: number, drugWords: ReadonlySet<number>, titleWords: number): boolean {
  const [first, last, regimen] = combinationSpan(ws, mentionFirst, mentionLast, drugWords);
  if (regimen) return true;
  return framed(text, ws, mentionFirst, mentionLast, drugWords, titleWords) || framed(text, ws, first, last, drugWords, titleWords);
}

function framed(text: string, ws: readonly Word[], first: number, last: number, drugWords: ReadonlySet<number>, titleWords: number): boolean {
  const end = ws[last]!.end;
  const rawAfter = text.slice(end, end + 120).split(/\n|[.;](?:\s|$)/)[0] ?? '';
  if (HYPHEN_AFTER.test(rawAfter)) return true;
  // A salt or ester word belongs to the name: "triamcinolone acetonide injection", "betamethasone valerate 0.1% cream".
  const after = rawAfter.replace(/^\s+\w+(?:ide|ate|ium)\b/i, '');
  const sentenceStart = ws.findIndex((w) => w.sentence === ws[first]!.sentence);
  const before = text.slice(Math.max(ws[sentenceStart]!.start, ws[first]!.start - 60), ws[first]!.start);
  if (first === 0 && TITLE_OPENING_AFTER.test(after) && titleWords > 0) return true;
  if (STRENGTH_AFTER.test(after) || DOSE.test(after) || SCHEDULE_AFTER.test(after) || DOSE_BEFORE.test(before)) return true;
  if (AFTER.test(after) || PURPOSE_AFTER.test(after) || ARM_COUNT.test(after) || AGENT_VERB.test(after) || DESCRIBED_AFTER.test(after)) return true;
  // A title, or a sentence opening on the drug, naming it as its topic: "Tofacitinib in adults with ...".
  if ((first < titleWords || first === sentenceStart) && TITLE_TOPIC_AFTER.test(after)) return true;
  return cueBefore(ws, first, drugWords, first < titleWords);
}

// ---- Frames of a non-intervention (issue 28, second round) ----
// The absence of a given frame is no evidence that a drug was not given (abstracts often name the studied drug
// bare: "the success of fingolimod", "(gliclazide, acarbose, and repaglinide, n = 98)"). A drug is dropped only
// where the record frames it as something other than an intervention, in the sense of the EBM-NLP annotation
// guidelines (Nye et al. 2018): an outcome measured in the participants, a placebo vehicle, or a test or challenge
// agent. measured-substance.ts drops the plainest of these mentions outright ("serum creatinine", "X levels");
// the frames below only mark the drug as not given, and a given frame elsewhere in the record wins.

/** A concentration after the mention: "glucose ≤ 54 mg/dL", "fasting glucose of ≤ 5.3 mmol/L", "creatinine (mg/dL)". */
const CONCENTRATION_AFTER = /^\s*(?:\(\s*)?(?:of\s+)?(?:[<>≤≥=~]|<=|>=)?\s*(?:\d+(?:[.,]\d+)?\s*)?(?:mg|g|ng|pg|[µu]g|mcg|mmol|[µu]mol|nmol|pmol|mol|meq|iu|miu|u)\s*\/\s*(?:dl|l|ml|mol|mmol|g|kg\s*\/\s*min)\b/i;
/** Measured, or a test or challenge made with it: "lactate threshold", "glucose clamp", "X was measured". */
const MEASURED_AFTER = /^\s*(?:\([^()]{0,40}\)\s*)?(?:-\s*)?(?:thresholds?|clamps?|tolerance|tests?|excursions?|variability|(?:(?:levels?|concentrations?)\s+)?(?:was|were|is|are)\s+(?:also\s+)?(?:measured|assessed|determined|analy[sz]ed|quantified|monitored|sampled|estimated)\b)/i;
/** A placebo vehicle: "olive oil placebo", "olive oil as placebo", "an olive oil-based placebo". */
const PLACEBO_AFTER = /^\s*(?:-\s*based\s+|\s+as\s+(?:an?\s+|the\s+)?)?(?:-\s*)?placebo\b/i;
/**
 * A measured change or a lung-function measure before the mention: "significant reduction in urea", "No significant
 * changes in baseline were shown in creatinine" (PMC5457616), "diffusing capacity for carbon monoxide" (PMC5370803).
 */
const MEASURED_BEFORE = /\b(?:(?:changes?|reductions?|increases?|decreases?|differences?|rises?|falls?|elevations?)\s+(?:[\w-]+\s+){0,4}?(?:(?:shown|seen|observed|found|noted)\s+)?in\s+(?:the\s+)?(?:mean\s+)?(?:serum\s+|plasma\s+|blood\s+|urinary\s+|fasting\s+)?|(?:diffusing|transfer)\s+capacity\s+(?:of\s+the\s+lungs?\s+)?(?:for|of)\s+)$/i;
/** The subject of a sentence that says it was measured: "Blood glucose, triglycerides, cholesterol, ... levels were also measured". */
const MEASURED_SUBJECT_AFTER = /^[^.;:]{0,160}?\b(?:levels?|concentrations?|values?)\s+(?:was|were)\s+(?:also\s+)?(?:measured|assessed|determined|analy[sz]ed|quantified)\b/i;
const VERB_BETWEEN = /\b(?:was|were|is|are|had|has|have|received|receiving|treated|given|took|taking)\b/i;

/** Whether the drug mention spanning words first..last is framed as measured, a placebo vehicle or a test agent. */
export function framedAsNotGiven(text: string, ws: readonly Word[], first: number, last: number): boolean {
  const end = ws[last]!.end;
  const after = (text.slice(end, end + 200).split(/\n|[.;](?:\s|$)/)[0] ?? '').replace(/^\s+\w+(?:ide|ate|ium)\b/i, '');
  if (CONCENTRATION_AFTER.test(after) || MEASURED_AFTER.test(after) || PLACEBO_AFTER.test(after)) return true;
  const subject = MEASURED_SUBJECT_AFTER.exec(after);
  if (subject && !VERB_BETWEEN.test(subject[0].replace(/\s+(?:levels?|concentrations?|values?)\s+(?:was|were)\b[\s\S]*$/i, ''))) return true;
  const sentenceStart = ws.findIndex((w) => w.sentence === ws[first]!.sentence);
  const before = text.slice(Math.max(ws[sentenceStart]!.start, ws[first]!.start - 80), ws[first]!.start);
  return MEASURED_BEFORE.test(before);
}
