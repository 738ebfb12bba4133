// Benefit or harm (pure): whether a higher value of an outcome is better or worse for the patient, from a
// lexicon of outcome words, then (outcome polarity, effect direction) → favourable / unfavourable / null /
// unknown. Sources of the lexicon's entries:
//   lower is better  — events and burdens counted as harms in CONSORT's harms extension (Ioannidis et al.,
//                      Ann Intern Med 2004: adverse events, serious adverse events, deaths, withdrawals for
//                      toxicity) and the disease-activity, symptom and relapse measures of the core outcome sets
//                      (COMET initiative): mortality, relapse, flare, progression, exacerbation, hospitalisation,
//                      pain (VAS/NRS), HbA1c, blood pressure, disease activity (SLEDAI, DAS28, EDSS, PASI,
//                      HAMD, BPRS), length of stay, complications, infection, recurrence, failure;
//   higher is better — response, remission, survival (overall, progression-free), FEV1 and other lung function,
//                      quality of life (SF-36, EQ-5D), success, healing, cure, adherence, ACR20/50/70, clearance.
// Scales where a higher score is worse (HAMD, PANSS, EDSS, SLEDAI, VAS pain) are listed as lower-is-better.
// Named instruments scored so that a higher score is worse, checked first because their names contain
// higher-is-better words ("Ankylosing Spondylitis Quality of Life"): ASQoL (Doward et al., Ann Rheum Dis 2003:
// 18 items, 0–18, higher = poorer quality of life), BASFI (Calin et al., J Rheumatol 1994: 0–10, higher = worse
// function), BASDAI (Garrett et al., J Rheumatol 1994: 0–10, higher = more active disease), SPARCC MRI score
// (Maksymowych et al., Arthritis Rheum 2005: higher = more inflammation).
// An outcome matching neither list, or both, has unknown polarity: the claim keeps the direction and says
// favourability is unknown rather than guessing.
import type { EffectLabel } from './rule-reader';

export type OutcomePolarity = 'higher_is_better' | 'lower_is_better' | 'unknown';
export type Favourability = 'favourable' | 'unfavourable' | 'null' | 'unknown';

const LOWER_IS_BETTER = /\b(?:mortality|deaths?|died|dying|fatal\w*|relapses?|flares?|progression(?!-free)|exacerbations?|hospitali[sz]\w*|readmissions?|adverse (?:events?|effects?|reactions?)|side[- ]effects?|toxicit\w*|complications?|infections?|pain|recurren\w*|failures?|hba1c|glycated ha?emoglobin|blood pressure|hypertension|disease activity|sledai|das28|edss|pasi|hamd\w*|madrs|panss|bprs|symptoms?|severity|length of (?:hospital )?stay|incidence|risk|rates? of (?:\w+ )?(?:events?|death|stroke|infarction)|stroke|myocardial infarction|thrombo\w*|embolism|bleeding|ha?emorrhage|nausea|vomiting|fatigue|disability|swelling|restenosis|viral load|discontinuation|withdrawals?|depression|anxiety|insomnia|weight gain|ldl|triglycerides?|fracture\w*|amputation\w*|rejection|sepsis)\b/i;
const HIGHER_IS_BETTER = /\b(?:response|responders?|remission|survival|progression-free|fev1|fvc|lung function|quality of life|sf-36|eq-5d|success\w*|healing|healed|cure[ds]?|clearance|adherence|acr\s?(?:20|50|70)|improvement|recovery|efficacy|seroconversion|patency|satisfaction|walking distance|bone (?:mineral )?density|hdl|abstinence|eradication|engraftment)\b/i;
const HIGHER_SCORE_IS_WORSE = /\b(?:asqol|basfi|basdai|sparcc)\b/i;

export interface PolarityReading {
  polarity: OutcomePolarity;
  /** The lexicon word that decided (null when unknown). */
  cue: string | null;
}

/** The outcome's polarity. "Progression-free survival" is survival (higher is better). */
export function outcomePolarity(outcome: string | undefined): PolarityReading {
  if (!outcome) return { polarity: 'unknown', cue: null };
  const worseInstrument = HIGHER_SCORE_IS_WORSE.exec(outcome);
  if (worseInstrument) return { polarity: 'lower_is_better', cue: worseInstrument[0] };
  const higher = HIGHER_IS_BETTER.exec(outcome);
  // "reduction in pain" / "relief of pain" / "improvement in symptoms": the outcome named is the change itself.
  const lower = LOWER_IS_BETTER.exec(outcome);
  if (higher && lower) {
    // "Survival without relapse", "time to relapse": the first-named head word decides only for these forms.
    if (/\b(?:time to|free of|without|free)\b/i.test(outcome) || /progression-free|event-free|relapse-free|disease-free/i.test(outcome)) return { polarity: 'higher_is_better', cue: higher[0] };
    if (/\b(?:improvement|reduction|relief) (?:in|of)\b/i.test(outcome)) return { polarity: 'higher_is_better', cue: higher[0] ?? lower[0] };
    return { polarity: 'unknown', cue: null };
  }
  if (higher) return { polarity: 'higher_is_better', cue: higher[0] };
  if (lower) {
    if (/\b(?:time to|free of|free)\b/i.test(outcome)) return { polarity: 'higher_is_better', cue: lower[0] };
    return { polarity: 'lower_is_better', cue: lower[0] };
  }
  return { polarity: 'unknown', cue: null };
}

/** (outcome, direction) → favourable / unfavourable / null / unknown; none stays unknown. */
export function favourability(label: EffectLabel, polarity: OutcomePolarity): Favourability {
  if (label === 'no_difference') return 'null';
  if (label === 'none' || polarity === 'unknown') return 'unknown';
  const up = label === 'increased';
  return up === (polarity === 'higher_is_better') ? 'favourable' : 'unfavourable';
}

/** Improvement is a decrease of a lower-is-better outcome (pain, severity), else an increase. */
export function improvementSignOf(outcome: string | undefined): 1 | -1 {
  return outcomePolarity(outcome).polarity === 'lower_is_better' ? -1 : 1;
}
