// Sentences that compare patients by something other than the drug (pure). A record naming one drug is read
// sentence by sentence for that drug even where a sentence does not name it (claims.ts: "HbA1c fell by 0.8%" in a
// one-drug trial is the drug's result). Not so for an association of an outcome with a patient characteristic or
// with another outcome: "severe hypoglycaemia was associated with a greater risk for the primary outcome (HR 1.58)"
// in the ORIGIN insulin glargine trial (PMID 23999452) is hypoglycaemia's prognostic value, not glargine's effect.
// A prognostic factor (a characteristic associated with a later outcome) is not a treatment effect (Riley et al.,
// "Prognosis Research Strategy (PROGRESS) 2: prognostic factor research", PLoS Med 2013;10:e1001380), and an
// intervention-outcome finding compares what participants received (PICO, Nye et al., ACL 2018). So a sentence that
// does not name the drug is not read for it when it
//   - states an association ("associated with", "association between", "predictor of", "unrelated to") and names
//     no treatment arm ("the treatment group", "allocation to", "placebo");
//   - compares patients with a characteristic to those without it or to healthy controls, or says an outcome
//     "did not differ by sex, age, ..." (a comparison by characteristics, whatever arm words it holds);
//   - has another, non-drug intervention as its subject ("exercise performed above LT reduced glycemia",
//     "Intensive lifestyle intervention ... is effective"); such a sentence also shows the record's intervention is
//     not the drug, so none of its sentences that do not name the drug is read for it (`anotherInterventionStudied`);
//   - refers back to a sentence so left out ("Similar findings were noted for severe nocturnal hypoglycaemia").
import { sentences } from './outcome-classifier';

const ASSOCIATION = /\b(?:associated|correlated|linked)\s+(?:with|to)\b|\b(?:associations?|correlations?|relationships?|links?)\s+(?:between|of)\b|\bpredictors?\s+(?:of|for)\b|\b(?:un)?related\s+to\b/i;
const VERSUS_CHARACTERISTIC = /\b(?:than|compared (?:with|to)|versus|vs\.?)\s+(?:(?:those|patients|participants|subjects|people|individuals)\s+without|healthy\s+(?:controls?|subjects|volunteers|individuals))\b/i;
const DIFFER_BY_CHARACTERISTIC = /\b(?:differ(?:ed)?|var(?:y|ied))\s+(?:significantly\s+)?(?:by|according to|across)\s+(?:[\w-]+,?\s+){0,3}?(?:sex|gender|age|race|ethnicity|income|education|socioeconomic)\b/i;
/** Words that put a sentence in a treatment arm ("the treatment group", "allocation to", "placebo"). */
const TREATMENT_ARM = /\b(?:treatments?|treated|therap(?:y|ies)|allocat(?:ion|ed)|randomi[sz](?:ed|ation)|arms?|groups?|placebo|regimens?)\b/i;
/** A non-drug intervention heading the sentence as its subject (after a section heading the record's text may keep). */
const OTHER_INTERVENTION_SUBJECT = /^(?:[A-Z][A-Z ]{2,}:\s*)?(?:(?:in conclusion|in summary|conversely|overall|thus|therefore|however),?\s+)?(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:exercise|diet|dietary|lifestyle|physical activity|training|education|self-management|counsell?ing|surgery|acupuncture)\b/i;
/** A sentence that repeats the previous one's finding for another case. */
const REFERS_BACK = /^(?:(?:conversely|likewise|similarly),?\s+)?(?:similar|the same|comparable)\s+(?:findings?|results?|associations?|patterns?)\s+(?:were|was)\s+(?:noted|observed|found|seen)\b/i;

/** Whether one sentence, which does not name the drug, compares patients by another exposure. */
export function comparesAnotherExposure(sentence: string): boolean {
  if (DIFFER_BY_CHARACTERISTIC.test(sentence) || VERSUS_CHARACTERISTIC.test(sentence) || OTHER_INTERVENTION_SUBJECT.test(sentence)) return true;
  return ASSOCIATION.test(sentence) && !TREATMENT_ARM.test(sentence);
}

/** The sentences of a record's text that are about another exposure, in reading order (a sentence naming the drug never is). */
export function sentencesAboutAnotherExposure(text: string, namesTheDrug: (sentence: string) => boolean): Set<string> {
  const out = new Set<string>();
  let previous = false;
  for (const sentence of sentences(text)) {
    const other: boolean = !namesTheDrug(sentence) && (comparesAnotherExposure(sentence) || (previous && REFERS_BACK.test(sentence)));
    if (other) out.add(sentence);
    previous = other;
  }
  return out;
}

/** Whether a sentence not naming the drug has another, non-drug intervention as its subject: the record studies that one. */
export function anotherInterventionStudied(text: string, namesTheDrug: (sentence: string) => boolean): boolean {
  return sentences(text).some((s) => !namesTheDrug(s) && OTHER_INTERVENTION_SUBJECT.test(s));
}
